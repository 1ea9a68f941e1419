package io.mediaflow.live.internal;

import java.util.HashMap;
import java.util.Map;

/**
 * The duration of an MPEG transport stream (ISO/IEC 13818-1), which no header states: per
 * elementary stream (PID), from its first presentation time stamp to its last, plus the step
 * between its last two (one frame); the longest of them, as ffprobe reports a file's duration. The
 * first and the last {@value RecordingDurations#TS_END} bytes are read (the whole file when it is
 * no larger than both).
 */
final class MpegTsDuration {

  private static final int PACKET = 188;
  private static final int SYNC = 0x47;
  private static final double CLOCK = 90_000.0;
  private static final long WRAP = 1L << 33;

  private MpegTsDuration() {}

  static double seconds(long size, RecordingDurations.Ranges file) {
    int end = RecordingDurations.TS_END;
    RecordingDurations.Chunk head = file.read(0, Math.min(size, end));
    RecordingDurations.Chunk tail =
        head.end() >= size ? head : file.read(Math.max(0, size - end), Math.min(size, end));
    Map<Integer, long[]> first = stamps(head.bytes());
    Map<Integer, long[]> last = stamps(tail.bytes());
    double longest = -1;
    for (var pid : first.entrySet()) {
      long[] lastStamps = last.get(pid.getKey());
      if (lastStamps == null) {
        continue;
      }
      long start = pid.getValue()[0];
      long stop = lastStamps[1];
      long frame = lastStamps[2] >= 0 ? Math.floorMod(stop - lastStamps[2], WRAP) : 0;
      double span = (Math.floorMod(stop - start, WRAP) + frame) / CLOCK;
      longest = Math.max(longest, span);
    }
    if (longest < 0) {
      throw new RecordingDurations.Unreadable(
          "no presentation time stamps found at both its start and its end: not an MPEG-TS");
    }
    return longest;
  }

  /**
   * Per PID: {first PTS, last PTS, the PTS before the last (-1 when none)} of the PES packets that
   * start in {@code b}.
   */
  private static Map<Integer, long[]> stamps(byte[] b) {
    var found = new HashMap<Integer, long[]>();
    int at = sync(b);
    if (at < 0) {
      return found;
    }
    for (; at + PACKET <= b.length; at += PACKET) {
      if ((b[at] & 0xFF) != SYNC) {
        at = sync(b, at) - PACKET;
        if (at < 0) {
          break;
        }
        continue;
      }
      boolean unitStart = (b[at + 1] & 0x40) != 0;
      int pid = ((b[at + 1] & 0x1F) << 8) | (b[at + 2] & 0xFF);
      int adaptation = (b[at + 3] >> 4) & 0x3;
      if (!unitStart || (adaptation & 0x1) == 0) {
        continue;
      }
      int payload = at + 4;
      if (adaptation == 3) {
        payload += 1 + (b[at + 4] & 0xFF);
      }
      Long pts = pts(b, payload, at + PACKET);
      if (pts == null) {
        continue;
      }
      long[] stamps = found.get(pid);
      if (stamps == null) {
        found.put(pid, new long[] {pts, pts, -1});
      } else {
        stamps[2] = stamps[1];
        stamps[1] = pts;
      }
    }
    return found;
  }

  /** The PTS of a PES header at {@code at}, null when there is none. */
  private static Long pts(byte[] b, int at, int end) {
    if (at + 14 > end || b[at] != 0 || b[at + 1] != 0 || b[at + 2] != 1) {
      return null;
    }
    int streamId = b[at + 3] & 0xFF;
    boolean media = (streamId >= 0xC0 && streamId <= 0xEF) || streamId == 0xBD;
    if (!media || (b[at + 7] & 0x80) == 0) {
      return null;
    }
    int p = at + 9;
    return ((long) (b[p] & 0x0E) << 29)
        | ((long) (b[p + 1] & 0xFF) << 22)
        | ((long) (b[p + 2] & 0xFE) << 14)
        | ((long) (b[p + 3] & 0xFF) << 7)
        | ((b[p + 4] & 0xFE) >> 1);
  }

  /** The first offset with three sync bytes a packet apart; -1 when none. */
  private static int sync(byte[] b) {
    return sync(b, 0);
  }

  private static int sync(byte[] b, int from) {
    for (int i = from; i + 2 * PACKET < b.length; i++) {
      if ((b[i] & 0xFF) == SYNC
          && (b[i + PACKET] & 0xFF) == SYNC
          && (b[i + 2 * PACKET] & 0xFF) == SYNC) {
        return i;
      }
    }
    return -1;
  }
}
