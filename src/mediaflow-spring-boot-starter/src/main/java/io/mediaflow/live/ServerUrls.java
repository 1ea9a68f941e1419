package io.mediaflow.live;

/**
 * Where an encoder pushes the stream. {@code rtmp} is always there, {@code rtmps} in some answers,
 * {@code webrtc} and {@code srt} only once the stream is started.
 */
public record ServerUrls(String rtmp, String rtmps, String webrtc, String srt) {}
