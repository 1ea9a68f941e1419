package io.mediaflow.sandbox.live;

/** An external RTMP ingest the stream is re-streamed to. */
record SimulcastTarget(String id, String url, String streamKey) {}
