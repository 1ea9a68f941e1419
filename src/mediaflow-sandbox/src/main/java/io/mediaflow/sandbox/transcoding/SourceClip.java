package io.mediaflow.sandbox.transcoding;

/**
 * One input of a job: the {@code source}, or one item of {@code stitch}.
 *
 * @param url an http(s) URL or {@code tus:<file_uuid>}
 * @param startTime where the clip starts in the input, seconds (stitch only)
 * @param duration how long the clip is, seconds (stitch only)
 */
record SourceClip(String url, Double startTime, Double duration) {

  static final String TUS_PREFIX = "tus:";

  boolean uploaded() {
    return url.startsWith(TUS_PREFIX);
  }

  String uploadId() {
    return url.substring(TUS_PREFIX.length());
  }
}
