package io.mediaflow.transcoding.internal.check;

/**
 * A file read in parts, where it lies (at a URL, in memory): reading only the parts needed keeps a
 * check of a large file to a few small requests.
 */
public interface ByteRanges {

  /**
   * Up to {@code length} bytes from {@code offset}; fewer at the end of the file, none past it.
   * Offsets are asked in increasing order by the readers here, so a source that can only read
   * forward serves them.
   */
  byte[] read(long offset, int length);

  /** A file held in memory. */
  static ByteRanges of(byte[] content) {
    return (offset, length) -> {
      if (offset >= content.length) {
        return new byte[0];
      }
      int from = (int) offset;
      return java.util.Arrays.copyOfRange(
          content, from, (int) Math.min(content.length, from + (long) length));
    };
  }
}
