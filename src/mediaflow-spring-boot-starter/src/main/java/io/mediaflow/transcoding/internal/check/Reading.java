package io.mediaflow.transcoding.internal.check;

/**
 * What was read of one rendition from its files.
 *
 * @param read the file its size and duration were read from, without its query
 * @param width null when not read ({@code notRead} says why)
 * @param duration seconds
 * @param segments an HLS rendition's segment count; null for other files
 * @param ended an HLS media playlist's {@code #EXT-X-ENDLIST}; null for other files
 * @param notRead what could not be read from this kind of file, null when all was
 */
record Reading(
    String read,
    Integer width,
    Integer height,
    Double duration,
    Integer segments,
    Boolean ended,
    String notRead) {}
