package io.mediaflow.transcoding.query;

/** A logo burnt into the video: a public JPEG or PNG URL at pixel position x, y. */
public record Logo(String source, Integer x, Integer y) {}
