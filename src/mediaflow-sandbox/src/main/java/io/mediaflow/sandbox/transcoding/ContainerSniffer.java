package io.mediaflow.sandbox.transcoding;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * Recognizes a source's container by its first bytes, as the service's probe does before encoding;
 * anything else (an HTML error page, an image, a truncated file) is "Unsupported media type.".
 */
final class ContainerSniffer {

  private static final byte[] EBML = {0x1A, 0x45, (byte) 0xDF, (byte) 0xA3};
  private static final byte[] ASF_HEADER = {
    0x30,
    0x26,
    (byte) 0xB2,
    0x75,
    (byte) 0x8E,
    0x66,
    (byte) 0xCF,
    0x11,
    (byte) 0xA6,
    (byte) 0xD9,
    0x00,
    (byte) 0xAA,
    0x00,
    0x62,
    (byte) 0xCE,
    0x6C
  };
  private static final byte[] MXF_PARTITION = {
    0x06, 0x0E, 0x2B, 0x34, 0x02, 0x05, 0x01, 0x01, 0x0D, 0x01, 0x02
  };
  private static final byte[] MPEG_PACK = {0x00, 0x00, 0x01, (byte) 0xBA};
  private static final byte[] MPEG_SEQUENCE = {0x00, 0x00, 0x01, (byte) 0xB3};

  /** MXF files may start with a run-in of up to 64 KiB before the header partition. */
  private static final int MXF_RUN_IN = 65536;

  private static final int TS_PACKET = 188;

  private ContainerSniffer() {}

  /**
   * Sniffs the first bytes of {@code file}: as many as any signature is looked for in (the MXF
   * run-in).
   */
  static Optional<Container> sniff(Path file) throws IOException {
    try (InputStream in = Files.newInputStream(file)) {
      return sniff(in.readNBytes(MXF_RUN_IN));
    }
  }

  static Optional<Container> sniff(byte[] data) {
    if (data.length < 4) {
      return Optional.empty();
    }
    Container found = isoBmff(data);
    if (found == null) {
      found = others(data);
    }
    return Optional.ofNullable(found);
  }

  private static Container isoBmff(byte[] data) {
    if (data.length < 8) {
      return null;
    }
    String type = ascii(data, 4, 4);
    if (type.equals("ftyp")) {
      return data.length >= 12 && ascii(data, 8, 4).equals("qt  ") ? Container.MOV : Container.MP4;
    }
    // QuickTime files written without ftyp start with one of these atoms.
    return switch (type) {
      case "moov", "mdat", "wide", "free", "skip", "pnot" -> Container.MOV;
      default -> null;
    };
  }

  private static Container others(byte[] data) {
    if (startsWith(data, 0, EBML)) {
      return indexOf(data, "webm".getBytes(StandardCharsets.US_ASCII), 0, 64) >= 0
          ? Container.WEBM
          : Container.MATROSKA;
    }
    if (data.length >= 12 && ascii(data, 0, 4).equals("RIFF")) {
      return switch (ascii(data, 8, 4)) {
        case "AVI " -> Container.AVI;
        case "WAVE" -> Container.WAV;
        default -> null;
      };
    }
    if (startsWith(data, 0, ASF_HEADER)) {
      return Container.ASF;
    }
    if (ascii(data, 0, 3).equals("FLV") && data[3] == 1) {
      return Container.FLV;
    }
    if (ascii(data, 0, 4).equals("OggS")) {
      return Container.OGG;
    }
    if (isTransportStream(data)) {
      return Container.MPEG_TS;
    }
    if (startsWith(data, 0, MPEG_PACK) || startsWith(data, 0, MPEG_SEQUENCE)) {
      return Container.MPEG_PS;
    }
    if (indexOf(data, MXF_PARTITION, 0, MXF_RUN_IN) >= 0) {
      return Container.MXF;
    }
    if (isPlaylist(data)) {
      return Container.HLS;
    }
    if (ascii(data, 0, 3).equals("ID3")) {
      return Container.MP3;
    }
    return audioFrame(data);
  }

  /**
   * Sync byte 0x47 in at least two packets of 188 bytes (or 192 for M2TS, which adds a 4-byte
   * timecode).
   */
  private static boolean isTransportStream(byte[] data) {
    return synced(data, 0, TS_PACKET) || synced(data, 4, TS_PACKET + 4);
  }

  private static boolean synced(byte[] data, int first, int stride) {
    int packets = 0;
    for (int at = first; at < data.length && packets < 3; at += stride, packets++) {
      if (data[at] != 0x47) {
        return false;
      }
    }
    return packets >= 2;
  }

  private static boolean isPlaylist(byte[] data) {
    int start = startsWith(data, 0, new byte[] {(byte) 0xEF, (byte) 0xBB, (byte) 0xBF}) ? 3 : 0;
    while (start < data.length && Character.isWhitespace(data[start])) {
      start++;
    }
    return data.length - start >= 7 && ascii(data, start, 7).equals("#EXTM3U");
  }

  /** An MPEG audio frame header: 11 sync bits; ADTS (AAC) has layer 00, MP3 layers are non-zero. */
  private static Container audioFrame(byte[] data) {
    int b0 = data[0] & 0xFF;
    int b1 = data[1] & 0xFF;
    if (b0 != 0xFF) {
      return null;
    }
    if ((b1 & 0xF6) == 0xF0) {
      return Container.AAC;
    }
    int bitrateIndex = (data[2] & 0xF0) >> 4;
    boolean mpegAudio = (b1 & 0xE0) == 0xE0 && (b1 & 0x06) != 0 && (b1 & 0x18) != 0x08;
    return mpegAudio && bitrateIndex != 0x0F ? Container.MP3 : null;
  }

  private static boolean startsWith(byte[] data, int offset, byte[] prefix) {
    if (data.length < offset + prefix.length) {
      return false;
    }
    for (int i = 0; i < prefix.length; i++) {
      if (data[offset + i] != prefix[i]) {
        return false;
      }
    }
    return true;
  }

  private static int indexOf(byte[] data, byte[] needle, int from, int limit) {
    int end = Math.min(data.length, limit) - needle.length;
    for (int i = from; i <= end; i++) {
      if (startsWith(data, i, needle)) {
        return i;
      }
    }
    return -1;
  }

  private static String ascii(byte[] data, int offset, int length) {
    if (data.length < offset + length) {
      return "";
    }
    return new String(data, offset, length, StandardCharsets.ISO_8859_1);
  }
}
