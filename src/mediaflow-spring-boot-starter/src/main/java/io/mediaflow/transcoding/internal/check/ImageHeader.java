package io.mediaflow.transcoding.internal.check;

import java.nio.charset.StandardCharsets;
import java.util.Optional;

/**
 * The format and picture size an image file declares in its first bytes, for the image formats
 * document 3's image outputs are written in: JPEG (its start-of-frame marker), PNG ({@code IHDR}),
 * WebP ({@code VP8 }, {@code VP8L}, {@code VP8X}) and GIF (the logical screen).
 */
public record ImageHeader(String format, int width, int height) {

  /** Enough for the headers of every format here, a JPEG's metadata segments included. */
  static final int NEEDED = 64 * 1024;

  public static Optional<ImageHeader> read(byte[] start) {
    if (start.length >= 24 && (start[0] & 0xff) == 0x89 && text(start, 1, 3).equals("PNG")) {
      return sized("png", (int) u32(start, 16), (int) u32(start, 20));
    }
    if (start.length >= 10 && text(start, 0, 4).startsWith("GIF8")) {
      return sized("gif", u16le(start, 6), u16le(start, 8));
    }
    if (start.length >= 30
        && text(start, 0, 4).equals("RIFF")
        && text(start, 8, 4).equals("WEBP")) {
      return webp(start);
    }
    if (start.length >= 4 && (start[0] & 0xff) == 0xff && (start[1] & 0xff) == 0xd8) {
      return jpeg(start);
    }
    return Optional.empty();
  }

  private static Optional<ImageHeader> webp(byte[] data) {
    String chunk = text(data, 12, 4);
    return switch (chunk) {
      // a lossy frame: its key frame header after the 3-byte start code
      case "VP8 " -> sized("webp", u16le(data, 26) & 0x3fff, u16le(data, 28) & 0x3fff);
      case "VP8L" -> {
        long bits =
            (data[21] & 0xffL)
                | (data[22] & 0xffL) << 8
                | (data[23] & 0xffL) << 16
                | (data[24] & 0xffL) << 24;
        yield sized("webp", (int) (bits & 0x3fff) + 1, (int) ((bits >> 14) & 0x3fff) + 1);
      }
      case "VP8X" -> sized("webp", u24le(data, 24) + 1, u24le(data, 27) + 1);
      default -> Optional.empty();
    };
  }

  /** Walks the marker segments to the first start-of-frame. */
  private static Optional<ImageHeader> jpeg(byte[] data) {
    int at = 2;
    while (at + 9 < data.length) {
      if ((data[at] & 0xff) != 0xff) {
        return Optional.empty();
      }
      int marker = data[at + 1] & 0xff;
      if (marker == 0xff) {
        at++;
        continue;
      }
      boolean startOfFrame =
          marker >= 0xc0 && marker <= 0xcf && marker != 0xc4 && marker != 0xc8 && marker != 0xcc;
      if (startOfFrame) {
        return sized("jpeg", u16(data, at + 7), u16(data, at + 5));
      }
      at += 2 + u16(data, at + 2);
    }
    return Optional.empty();
  }

  private static Optional<ImageHeader> sized(String format, int width, int height) {
    return width > 0 && height > 0
        ? Optional.of(new ImageHeader(format, width, height))
        : Optional.empty();
  }

  private static String text(byte[] data, int at, int length) {
    return new String(data, at, length, StandardCharsets.ISO_8859_1);
  }

  private static int u16(byte[] data, int at) {
    return (data[at] & 0xff) << 8 | (data[at + 1] & 0xff);
  }

  private static int u16le(byte[] data, int at) {
    return (data[at] & 0xff) | (data[at + 1] & 0xff) << 8;
  }

  private static int u24le(byte[] data, int at) {
    return (data[at] & 0xff) | (data[at + 1] & 0xff) << 8 | (data[at + 2] & 0xff) << 16;
  }

  private static long u32(byte[] data, int at) {
    return (data[at] & 0xffL) << 24
        | (data[at + 1] & 0xffL) << 16
        | (data[at + 2] & 0xffL) << 8
        | (data[at + 3] & 0xffL);
  }
}
