package io.mediaflow.sandbox.live;

/**
 * One DVR file written to media storage.
 *
 * @param location where the product finds it: the destination URL, the stream ID and the file name
 * @param bucket the media storage bucket
 * @param path the object's path in the bucket
 * @param format {@code mp4}, {@code ts} or {@code hls}
 * @param duration nominal seconds of live time the file covers
 */
record Recording(String location, String bucket, String path, String format, double duration) {}
