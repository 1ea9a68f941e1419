package io.mediaflow.live.internal;

import java.util.Locale;

/**
 * How long a DVR recording plays, read from as few of its bytes as the format allows, in pure Java
 * (the plugin runs no ffprobe). Document 2 records {@code mp4}, {@code ts} and {@code hls}; each
 * says its own length differently:
 *
 * <ul>
 *   <li>{@code .mp4} (ISO BMFF): the movie header {@code moov/mvhd} holds the duration in its time
 *       scale, or, for a fragmented file, {@code moov/mvex/mehd}. A muxer that writes as it records
 *       (ffmpeg's, the segment muxer's) puts {@code moov} last, so the file's last MiB is read
 *       first and {@code moov} is the box there that ends exactly at the end of the file; only when
 *       it is not (a {@code moov} written first, or larger than that) are the top-level box headers
 *       walked from the start, a few bytes each. See {@link Mp4Duration}.
 *   <li>{@code .ts} (MPEG-TS): no header says it; the span from the first presentation time stamp
 *       (PTS) of a stream in the first 256 KiB to its last one in the last 256 KiB, plus one frame,
 *       for the stream that spans longest. See {@link MpegTsDuration}.
 *   <li>{@code .m3u8} (the {@code hls} format's VOD playlist): the sum of its segments' {@code
 *       #EXTINF} durations. See {@link HlsDuration}.
 * </ul>
 *
 * <p>So a file the size of the part read costs one request, as does every playlist; a larger TS
 * file two. Nothing is written and nothing is asked of the service: only the customer's storage is
 * read, with the destination's own credentials.
 */
public final class RecordingDurations {

  /**
   * Bytes read from the end of an MP4 (where {@code moov} usually is), or of a small file, whole.
   */
  static final int MP4_TAIL = 1 << 20;

  /** Bytes read at each end of a TS file for its first and last time stamps. */
  static final int TS_END = 256 << 10;

  /** The largest playlist read. */
  static final int PLAYLIST_MAX = 4 << 20;

  private RecordingDurations() {}

  /** Part of a file, as the storage answered it: from {@code offset}, {@code bytes}. */
  public record Chunk(long offset, byte[] bytes) {
    long end() {
      return offset + bytes.length;
    }

    boolean covers(long from, long length) {
      return from >= offset && from + length <= end();
    }

    /** {@code length} bytes from the file's {@code from}, which this chunk must cover. */
    byte[] slice(long from, int length) {
      byte[] part = new byte[length];
      System.arraycopy(bytes, (int) (from - offset), part, 0, length);
      return part;
    }
  }

  /** Reads part of one stored file. */
  @FunctionalInterface
  public interface Ranges {
    /**
     * At least {@code length} bytes from {@code from}, or up to the end of the file; a storage that
     * answers more (the whole file) is taken as it answered.
     */
    Chunk read(long from, long length);
  }

  /** A recording whose length cannot be read: why, in words for an incident. */
  public static final class Unreadable extends RuntimeException {
    public Unreadable(String reason) {
      super(reason);
    }
  }

  /**
   * The seconds the recording {@code key} of {@code size} bytes plays.
   *
   * @throws Unreadable when its format says no length, or is none of the three
   */
  public static double seconds(String key, long size, Ranges file) {
    String name = key.toLowerCase(Locale.ROOT);
    if (size <= 0) {
      throw new Unreadable("the file is empty");
    }
    if (name.endsWith(".mp4")) {
      return Mp4Duration.seconds(size, file);
    }
    if (name.endsWith(".ts")) {
      return MpegTsDuration.seconds(size, file);
    }
    if (name.endsWith(".m3u8")) {
      return HlsDuration.seconds(size, file);
    }
    throw new Unreadable("not a recording format of document 2 (mp4, ts, hls)");
  }

  static long u32(byte[] b, int at) {
    return ((b[at] & 0xFFL) << 24)
        | ((b[at + 1] & 0xFFL) << 16)
        | ((b[at + 2] & 0xFFL) << 8)
        | (b[at + 3] & 0xFFL);
  }

  static long u64(byte[] b, int at) {
    return (u32(b, at) << 32) | u32(b, at + 4);
  }
}
