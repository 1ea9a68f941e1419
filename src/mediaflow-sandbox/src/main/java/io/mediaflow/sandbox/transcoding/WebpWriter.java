package io.mediaflow.sandbox.transcoding;

import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;

/**
 * Writes a lossless WebP (VP8L) image, which Java's ImageIO cannot: no transforms and fixed 8-bit prefix codes
 * for the green, red and blue literals, so every pixel takes exactly three bytes of bit stream. Larger than a
 * tuned encoder's output, but a valid file any WebP decoder reads.
 */
final class WebpWriter {

  private static final int SIGNATURE = 0x2F;
  private static final int LITERALS = 256;
  /** Green alphabet: 256 literals, 24 length prefixes, no color cache. */
  private static final int GREEN_ALPHABET = 256 + 24;
  /** Code-length code order of the format; the lengths "0" and "8" sit at positions 2 and 11. */
  private static final int[] CODE_LENGTH_ORDER = {17, 18, 0, 1, 2, 3, 4, 5, 16, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15};

  private long bits;
  private int used;
  private final ByteArrayOutputStream out = new ByteArrayOutputStream();

  private WebpWriter() {}

  static byte[] write(BufferedImage image) {
    var writer = new WebpWriter();
    byte[] vp8l = writer.encode(image);
    int padded = vp8l.length + (vp8l.length & 1);
    var riff = ByteBuffer.allocate(20 + padded).order(ByteOrder.LITTLE_ENDIAN);
    riff.put("RIFF".getBytes(StandardCharsets.US_ASCII)).putInt(12 + padded)
        .put("WEBP".getBytes(StandardCharsets.US_ASCII)).put("VP8L".getBytes(StandardCharsets.US_ASCII))
        .putInt(vp8l.length).put(vp8l);
    return riff.array();
  }

  private byte[] encode(BufferedImage image) {
    int width = image.getWidth();
    int height = image.getHeight();
    put(SIGNATURE, 8);
    put(width - 1, 14);
    put(height - 1, 14);
    put(0, 1); // alpha is not used
    put(0, 3); // version
    put(0, 1); // no transform
    put(0, 1); // no color cache
    put(0, 1); // a single prefix code group
    fixedCode(GREEN_ALPHABET);
    fixedCode(LITERALS); // red
    fixedCode(LITERALS); // blue
    singleSymbolCode(255); // alpha: always opaque, zero bits per pixel
    singleSymbolCode(0); // distance: unused
    for (int y = 0; y < height; y++) {
      for (int x = 0; x < width; x++) {
        int argb = image.getRGB(x, y);
        literal((argb >> 8) & 0xFF);
        literal((argb >> 16) & 0xFF);
        literal(argb & 0xFF);
      }
    }
    flush();
    return out.toByteArray();
  }

  /** A normal prefix code: the first 256 symbols get length 8, the rest length 0 (a complete code). */
  private void fixedCode(int alphabet) {
    put(0, 1); // normal, not simple
    // code-length code: only the lengths 0 and 8 occur, each coded with one bit
    int count = 12; // up to position 11 of the order, where length 8 sits
    put(count - 4, 4);
    for (int i = 0; i < count; i++) {
      int symbol = CODE_LENGTH_ORDER[i];
      put(symbol == 0 || symbol == 8 ? 1 : 0, 3);
    }
    put(0, 1); // max_symbol not given: all code lengths follow
    for (int symbol = 0; symbol < alphabet; symbol++) {
      // canonical code of the code-length code: length 0 is "0", length 8 is "1"
      put(symbol < LITERALS ? 1 : 0, 1);
    }
  }

  private void singleSymbolCode(int symbol) {
    put(1, 1); // simple
    put(0, 1); // one symbol
    put(1, 1); // eight-bit symbol
    put(symbol, 8);
  }

  /** Canonical 8-bit code of a literal is the literal itself, stored most significant bit first. */
  private void literal(int value) {
    put(Integer.reverse(value) >>> 24, 8);
  }

  private void put(int value, int count) {
    bits |= ((long) value & ((1L << count) - 1)) << used;
    used += count;
    while (used >= 8) {
      out.write((int) (bits & 0xFF));
      bits >>>= 8;
      used -= 8;
    }
  }

  private void flush() {
    if (used > 0) {
      out.write((int) (bits & 0xFF));
      bits = 0;
      used = 0;
    }
  }
}
