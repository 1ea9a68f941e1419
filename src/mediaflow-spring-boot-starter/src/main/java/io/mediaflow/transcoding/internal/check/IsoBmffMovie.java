package io.mediaflow.transcoding.internal.check;

import java.nio.charset.StandardCharsets;
import java.util.Optional;

/**
 * What an ISO base media file (ISO/IEC 14496-12: MP4, MOV, an fMP4 initialization segment) says of
 * its movie, read from its boxes as a player reads them: the duration from {@code moov/mvhd} (its
 * {@code duration} over its {@code timescale}), the picture size from the {@code tkhd} of the track
 * whose {@code mdia/hdlr} names it video ({@code vide}). Only the top-level box headers and the
 * {@code moov} box are read, wherever {@code moov} lies (before the media, or after it when the
 * file was not made for streaming).
 *
 * @param duration seconds; null when the file leaves it open (an fMP4 initialization segment, whose
 *     fragments carry the media)
 * @param width the video track's width in pixels; null without a video track
 * @param height its height
 */
public record IsoBmffMovie(Double duration, Integer width, Integer height) {

  /** Larger than any {@code moov} of a single video file: a bound on what one read may fetch. */
  static final int MAX_MOOV = 64 * 1024 * 1024;

  /** Top-level boxes looked at before giving up on finding {@code moov}. */
  private static final int MAX_TOP_LEVEL_BOXES = 1000;

  /**
   * Whether the first bytes are those of an ISO base media file: a box whose type is {@code ftyp}.
   */
  public static boolean isIsoBmff(byte[] start) {
    return start.length >= 8 && "ftyp".equals(fourCc(start, 4));
  }

  /** The movie of the file; empty when the file has no {@code moov} box or is cut short. */
  public static Optional<IsoBmffMovie> read(ByteRanges file) {
    long offset = 0;
    for (int i = 0; i < MAX_TOP_LEVEL_BOXES; i++) {
      byte[] header = file.read(offset, 16);
      if (header.length < 8) {
        return Optional.empty();
      }
      long size = u32(header, 0);
      String type = fourCc(header, 4);
      int headerSize = 8;
      if (size == 1) {
        if (header.length < 16) {
          return Optional.empty();
        }
        size = u64(header, 8);
        headerSize = 16;
      } else if (size == 0 && !"moov".equals(type)) {
        // a box that runs to the end of the file: nothing follows it
        return Optional.empty();
      }
      if ("moov".equals(type)) {
        long bodySize = size == 0 ? MAX_MOOV : size - headerSize;
        if (bodySize < 0 || bodySize > MAX_MOOV) {
          return Optional.empty();
        }
        byte[] moov = file.read(offset + headerSize, (int) bodySize);
        return Optional.of(movie(moov));
      }
      if (size < headerSize) {
        return Optional.empty();
      }
      offset += size;
    }
    return Optional.empty();
  }

  private static IsoBmffMovie movie(byte[] moov) {
    Double duration = null;
    Integer width = null;
    Integer height = null;
    for (Box box : Box.children(moov, 0, moov.length)) {
      if ("mvhd".equals(box.type())) {
        duration = duration(moov, box);
      } else if ("trak".equals(box.type()) && width == null && isVideo(moov, box)) {
        Box tkhd = box.child(moov, "tkhd");
        if (tkhd != null) {
          int version = moov[tkhd.body()] & 0xff;
          int at = tkhd.body() + (version == 1 ? 88 : 76);
          if (at + 8 <= tkhd.end()) {
            // 16.16 fixed-point numbers
            width = (int) (u32(moov, at) >> 16);
            height = (int) (u32(moov, at + 4) >> 16);
          }
        }
      }
    }
    return new IsoBmffMovie(duration, width, height);
  }

  private static Double duration(byte[] moov, Box mvhd) {
    int at = mvhd.body();
    int version = moov[at] & 0xff;
    long timescale;
    long duration;
    if (version == 1) {
      if (at + 32 > mvhd.end()) {
        return null;
      }
      timescale = u32(moov, at + 20);
      duration = u64(moov, at + 24);
    } else {
      if (at + 20 > mvhd.end()) {
        return null;
      }
      timescale = u32(moov, at + 12);
      duration = u32(moov, at + 16);
      if (duration == 0xffffffffL) {
        return null;
      }
    }
    // 0: unknown, as a fragmented file's initialization segment says
    return timescale == 0 || duration == 0 || duration == -1 ? null : duration / (double) timescale;
  }

  private static boolean isVideo(byte[] moov, Box trak) {
    Box mdia = trak.child(moov, "mdia");
    Box hdlr = mdia == null ? null : mdia.child(moov, "hdlr");
    // version and flags, pre_defined, then handler_type
    return hdlr != null
        && hdlr.body() + 12 <= hdlr.end()
        && "vide".equals(fourCc(moov, hdlr.body() + 8));
  }

  /** A box inside a buffer: its type, where its body starts and where it ends. */
  private record Box(String type, int body, int end) {

    static java.util.List<Box> children(byte[] data, int from, int to) {
      var boxes = new java.util.ArrayList<Box>();
      int at = from;
      while (at + 8 <= to) {
        long size = u32(data, at);
        String type = fourCc(data, at + 4);
        int header = 8;
        if (size == 1 && at + 16 <= to) {
          size = u64(data, at + 8);
          header = 16;
        } else if (size == 0) {
          size = to - at;
        }
        if (size < header || at + size > to) {
          break;
        }
        boxes.add(new Box(type, at + header, (int) (at + size)));
        at += (int) size;
      }
      return boxes;
    }

    Box child(byte[] data, String childType) {
      return children(data, body, end).stream()
          .filter(box -> box.type().equals(childType))
          .findFirst()
          .orElse(null);
    }
  }

  private static String fourCc(byte[] data, int at) {
    return at + 4 <= data.length ? new String(data, at, 4, StandardCharsets.ISO_8859_1) : "";
  }

  private static long u32(byte[] data, int at) {
    return ((data[at] & 0xffL) << 24)
        | ((data[at + 1] & 0xffL) << 16)
        | ((data[at + 2] & 0xffL) << 8)
        | (data[at + 3] & 0xffL);
  }

  private static long u64(byte[] data, int at) {
    return (u32(data, at) << 32) | u32(data, at + 4);
  }
}
