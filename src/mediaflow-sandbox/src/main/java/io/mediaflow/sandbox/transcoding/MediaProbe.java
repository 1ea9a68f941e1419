package io.mediaflow.sandbox.transcoding;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;

/**
 * Reads duration, picture size and codecs from the container of a source without decoding it: the boxes of MP4
 * and QuickTime files ({@code mvhd}, {@code tkhd}, {@code hdlr}, {@code stsd}, {@code stsz}) and the header of
 * WAV files. Other containers are recognized but not probed.
 */
final class MediaProbe {

  private MediaProbe() {}

  /** Throws "Unsupported media type." for an MP4 or QuickTime file without a readable movie header. */
  static MediaInfo probe(Container container, byte[] data) {
    return switch (container) {
      case MP4, MOV -> new Mp4(data).read();
      case WAV -> wav(container, data);
      default -> MediaInfo.unprobed(container, data.length);
    };
  }

  /** Walks the ISO base media boxes; a box that claims more than the file holds marks the file truncated. */
  private static final class Mp4 {
    private final ByteBuffer buffer;
    private final Container container;
    private Double duration;
    private Integer width;
    private Integer height;
    private String videoCodec;
    private String audioCodec;
    private Integer frameCount;
    private boolean truncated;
    private boolean hasMovieHeader;
    // The handler of the track being walked: "vide", "soun" or another.
    private String handler;

    Mp4(byte[] data) {
      this.buffer = ByteBuffer.wrap(data);
      this.container = data.length > 11 && new String(data, 8, 4, StandardCharsets.ISO_8859_1).equals("qt  ")
          ? Container.MOV : Container.MP4;
    }

    MediaInfo read() {
      walk(0, buffer.limit());
      if (!hasMovieHeader) {
        throw new JobFailure(JobFailure.UNSUPPORTED_MEDIA, "no movie header (moov/mvhd) in the file");
      }
      return new MediaInfo(container, buffer.limit(), duration, width, height, videoCodec, audioCodec, frameCount,
          truncated);
    }

    private void walk(int from, int to) {
      int at = from;
      while (at + 8 <= to) {
        long size = Integer.toUnsignedLong(buffer.getInt(at));
        String type = fourcc(at + 4);
        int header = 8;
        if (size == 1 && at + 16 <= to) {
          size = buffer.getLong(at + 8);
          header = 16;
        } else if (size == 0) {
          size = to - at;
        }
        if (size < header) {
          truncated = true;
          return;
        }
        long end = at + size;
        if (end > to) {
          truncated = true;
          end = to;
        }
        box(type, at + header, (int) end);
        at = (int) end;
      }
    }

    private void box(String type, int body, int end) {
      switch (type) {
        case "moov", "mdia", "minf", "stbl" -> walk(body, end);
        case "trak" -> {
          handler = null;
          walk(body, end);
        }
        case "mvhd" -> movieHeader(body, end);
        case "tkhd" -> trackHeader(body, end);
        case "hdlr" -> {
          if (body + 12 <= end) {
            handler = fourcc(body + 8);
          }
        }
        case "stsd" -> {
          if (body + 16 <= end) {
            sampleEntry(fourcc(body + 12));
          }
        }
        case "stsz" -> {
          if ("vide".equals(handler) && body + 12 <= end && frameCount == null) {
            frameCount = buffer.getInt(body + 8);
          }
        }
        default -> { }
      }
    }

    private void movieHeader(int body, int end) {
      int version = buffer.get(body) & 0xFF;
      int need = version == 1 ? 32 : 20;
      if (body + need > end) {
        truncated = true;
        return;
      }
      hasMovieHeader = true;
      long timescale = Integer.toUnsignedLong(buffer.getInt(body + (version == 1 ? 20 : 12)));
      long units = version == 1 ? buffer.getLong(body + 24) : Integer.toUnsignedLong(buffer.getInt(body + 16));
      if (timescale > 0) {
        duration = units / (double) timescale;
      }
    }

    private void trackHeader(int body, int end) {
      int version = buffer.get(body) & 0xFF;
      // width and height (16.16 fixed point) close the box, after the matrix
      int dims = body + (version == 1 ? 88 : 76);
      if (dims + 8 > end) {
        truncated = true;
        return;
      }
      int w = buffer.getInt(dims) >>> 16;
      int h = buffer.getInt(dims + 4) >>> 16;
      // Audio tracks have 0x0; the first track with a picture size is the video track.
      if (w > 0 && h > 0 && width == null) {
        width = w;
        height = h;
      }
    }

    private void sampleEntry(String format) {
      if ("vide".equals(handler) && videoCodec == null) {
        videoCodec = format.strip();
      } else if ("soun".equals(handler) && audioCodec == null) {
        audioCodec = format.strip();
      }
    }

    private String fourcc(int at) {
      byte[] chars = new byte[4];
      buffer.get(at, chars);
      return new String(chars, StandardCharsets.ISO_8859_1);
    }
  }

  /** RIFF/WAVE: the byte rate of the {@code fmt } chunk and the size of the {@code data} chunk give the duration. */
  private static MediaInfo wav(Container container, byte[] data) {
    var buffer = ByteBuffer.wrap(data).order(java.nio.ByteOrder.LITTLE_ENDIAN);
    long byteRate = 0;
    Double duration = null;
    boolean truncated = false;
    int at = 12;
    while (at + 8 <= data.length) {
      String id = new String(data, at, 4, StandardCharsets.ISO_8859_1);
      long size = Integer.toUnsignedLong(buffer.getInt(at + 4));
      if (id.equals("fmt ") && at + 20 <= data.length) {
        byteRate = Integer.toUnsignedLong(buffer.getInt(at + 16));
      } else if (id.equals("data")) {
        long available = Math.min(size, data.length - at - 8L);
        truncated = available < size;
        duration = byteRate > 0 ? available / (double) byteRate : null;
        break;
      }
      at += 8 + (int) Math.min(size + (size & 1), Integer.MAX_VALUE - at - 8L);
    }
    return new MediaInfo(container, data.length, duration, null, null, null, "pcm", null, truncated);
  }
}
