package io.mediaflow.live.internal;

import java.nio.charset.StandardCharsets;

/**
 * The duration of an MP4 (ISO/IEC 14496-12) from its movie header: {@code mvhd}'s duration over its
 * time scale, or {@code mvex/mehd}'s fragment duration when {@code mvhd} leaves it at 0 (a
 * fragmented file). See {@link RecordingDurations} for where the header is looked for.
 */
final class Mp4Duration {

  /** A box header: 32-bit size and type, then a 64-bit size when the first says 1. */
  private static final int HEADER = 8;

  /** Enough of {@code moov} for {@code mvhd} and, usually, {@code mvex}. */
  private static final int MOOV_HEAD = 64 << 10;

  private Mp4Duration() {}

  static double seconds(long size, RecordingDurations.Ranges file) {
    int tail = (int) Math.min(size, RecordingDurations.MP4_TAIL);
    RecordingDurations.Chunk end = file.read(size - tail, tail);
    if (end.offset() == 0 && end.end() >= size) {
      return fromTop(size, end, file);
    }
    Double found = fromMoovAtTheEnd(size, end);
    return found != null ? found : fromTop(size, end, file);
  }

  /**
   * {@code moov} as the last box: a place in the tail where a box of type {@code moov} starts whose
   * size reaches exactly to the end of the file. A match inside media data would have to have both
   * the type and that exact size; the first one whose {@code mvhd} reads is taken.
   */
  private static Double fromMoovAtTheEnd(long size, RecordingDurations.Chunk end) {
    byte[] b = end.bytes();
    int usable = (int) Math.min(b.length, size - end.offset());
    for (int i = 0; i + HEADER <= usable; i++) {
      if (b[i + 4] != 'm' || b[i + 5] != 'o' || b[i + 6] != 'o' || b[i + 7] != 'v') {
        continue;
      }
      long boxSize = RecordingDurations.u32(b, i);
      int header = HEADER;
      if (boxSize == 1 && i + 16 <= usable) {
        boxSize = RecordingDurations.u64(b, i + 8);
        header = 16;
      }
      if (boxSize == usable - i) {
        Double seconds = fromMoov(b, i + header, usable);
        if (seconds != null) {
          return seconds;
        }
      }
    }
    return null;
  }

  /**
   * Walks the top-level boxes from the start, reading each header (or taking it from a chunk
   * already read), until {@code moov}.
   */
  private static double fromTop(
      long size, RecordingDurations.Chunk known, RecordingDurations.Ranges file) {
    long at = 0;
    RecordingDurations.Chunk chunk = known;
    while (at + HEADER <= size) {
      if (!chunk.covers(at, Math.min(16, size - at))) {
        chunk = file.read(at, Math.min(MOOV_HEAD, size - at));
      }
      byte[] header = chunk.slice(at, (int) Math.min(16, size - at));
      long boxSize = RecordingDurations.u32(header, 0);
      String type = new String(header, 4, 4, StandardCharsets.ISO_8859_1);
      int headerLength = HEADER;
      if (boxSize == 1) {
        boxSize = RecordingDurations.u64(header, 8);
        headerLength = 16;
      } else if (boxSize == 0) {
        boxSize = size - at; // to the end of the file
      }
      if (boxSize < headerLength) {
        throw new RecordingDurations.Unreadable(
            "not an MP4: a box of " + boxSize + " bytes at byte " + at);
      }
      if (type.equals("moov")) {
        long length = Math.min(boxSize, MOOV_HEAD);
        if (!chunk.covers(at, length)) {
          chunk = file.read(at, length);
        }
        byte[] moov = chunk.slice(at, (int) length);
        Double seconds = fromMoov(moov, headerLength, moov.length);
        if (seconds == null) {
          throw new RecordingDurations.Unreadable(
              "its movie header (moov/mvhd) gives no duration (a fragmented MP4 without mehd)");
        }
        return seconds;
      }
      at += boxSize;
    }
    throw new RecordingDurations.Unreadable(
        "no movie header (moov): the file is not a finished MP4");
  }

  /**
   * The duration in {@code moov}'s children from {@code from} to {@code to}: {@code mvhd}'s, or
   * {@code mvex/mehd}'s when {@code mvhd} gives 0; null when neither is there and readable.
   */
  private static Double fromMoov(byte[] b, int from, int to) {
    Long timescale = null;
    Long duration = null;
    Long fragments = null;
    int at = from;
    while (at + HEADER <= to) {
      long boxSize = RecordingDurations.u32(b, at);
      String type = new String(b, at + 4, 4, StandardCharsets.ISO_8859_1);
      if (boxSize < HEADER || at + boxSize > to) {
        break;
      }
      int payload = at + HEADER;
      int version = b[payload] & 0xFF;
      if (type.equals("mvhd")) {
        // version 1: 64-bit creation and modification times and duration
        int field = payload + 4 + (version == 1 ? 16 : 8);
        timescale = RecordingDurations.u32(b, field);
        duration =
            version == 1
                ? RecordingDurations.u64(b, field + 4)
                : RecordingDurations.u32(b, field + 4);
        if (version == 0 && duration == 0xFFFFFFFFL) {
          duration = 0L; // "unknown"
        }
      } else if (type.equals("mvex")) {
        fragments = mehd(b, payload, at + (int) boxSize);
      }
      at += (int) boxSize;
    }
    if (timescale == null || timescale == 0) {
      return null;
    }
    if (duration != null && duration > 0) {
      return duration / (double) timescale;
    }
    return fragments != null && fragments > 0 ? fragments / (double) timescale : null;
  }

  private static Long mehd(byte[] b, int from, int to) {
    int at = from;
    while (at + HEADER <= to) {
      long boxSize = RecordingDurations.u32(b, at);
      if (boxSize < HEADER || at + boxSize > to) {
        return null;
      }
      if (b[at + 4] == 'm' && b[at + 5] == 'e' && b[at + 6] == 'h' && b[at + 7] == 'd') {
        int payload = at + HEADER;
        return (b[payload] & 0xFF) == 1
            ? RecordingDurations.u64(b, payload + 4)
            : RecordingDurations.u32(b, payload + 4);
      }
      at += (int) boxSize;
    }
    return null;
  }
}
