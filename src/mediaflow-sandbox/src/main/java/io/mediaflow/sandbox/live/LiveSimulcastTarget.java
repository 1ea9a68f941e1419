package io.mediaflow.sandbox.live;

/** An external RTMP ingest the stream is re-streamed to. */
record LiveSimulcastTarget(String id, String url, String streamKey) {}
