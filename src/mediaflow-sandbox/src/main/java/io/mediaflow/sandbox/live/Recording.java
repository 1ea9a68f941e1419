package io.mediaflow.sandbox.live;

/**
 * One DVR file written to a destination's folder (see {@link DvrFolder}).
 *
 * @param location where the product finds it: the destination URL, the stream ID and the file name
 * @param bucket the destination's bucket
 * @param path the object's path in the bucket
 * @param format {@code mp4}, {@code ts} or {@code hls}
 * @param duration seconds the file covers: of real media when an encoder pushed over RTMP, of
 *     nominal live time when the ingest was simulated
 * @param url where the file is downloaded from the sandbox
 */
record Recording(
    String location, String bucket, String path, String format, double duration, String url) {

  Recording withUrl(String link) {
    return new Recording(location, bucket, path, format, duration, link);
  }
}
