package io.mediaflow.sandbox.transcoding;

/**
 * A file of an output.
 *
 * @param name the path inside the output's folder ({@code video_1/chunklist.m3u8}); empty for the single file of
 *     a file output, whose name the destination or the default naming gives
 */
record OutputFile(String name, byte[] content, String contentType) {}
