package io.mediaflow.sandbox.transcoding;

import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import javax.imageio.IIOImage;
import javax.imageio.ImageIO;
import javax.imageio.ImageWriteParam;
import javax.imageio.ImageWriter;

/**
 * The sandbox's still images. It does not decode video, so a thumbnail is not the source's frame: it is a
 * drawn test card of the requested size (color bars, and a bar marking the position in the video), written as a
 * real PNG, JPEG, GIF or WebP file.
 */
final class ImageRenderer {

  private static final Color[] BARS = {new Color(192, 192, 192), new Color(192, 192, 0), new Color(0, 192, 192),
      new Color(0, 192, 0), new Color(192, 0, 192), new Color(192, 0, 0), new Color(0, 0, 192)};

  private ImageRenderer() {}

  /** A card of {@code width} x {@code height}; {@code position} (0 to 1) is where in the video it stands. */
  static BufferedImage card(int width, int height, double position) {
    var image = new BufferedImage(width, height, BufferedImage.TYPE_INT_RGB);
    Graphics2D g = image.createGraphics();
    try {
      int barsHeight = Math.max(1, height * 3 / 4);
      for (int i = 0; i < BARS.length; i++) {
        g.setColor(BARS[i]);
        int x = width * i / BARS.length;
        g.fillRect(x, 0, width * (i + 1) / BARS.length - x, barsHeight);
      }
      g.setColor(new Color(16, 16, 16));
      g.fillRect(0, barsHeight, width, height - barsHeight);
      g.setColor(Color.WHITE);
      int marker = (int) Math.round(Math.clamp(position, 0, 1) * (width - 1));
      g.fillRect(0, barsHeight + (height - barsHeight) / 3, marker + 1, Math.max(1, (height - barsHeight) / 3));
    } finally {
      g.dispose();
    }
    return image;
  }

  /** Encodes {@code image} as {@code png}, {@code jpg} (with {@code jpegQuality} 1 to 100), {@code gif} or {@code webp}. */
  static byte[] encode(BufferedImage image, String format, int jpegQuality) {
    return switch (format) {
      case "webp" -> WebpWriter.write(image);
      case "jpg" -> jpeg(image, jpegQuality);
      default -> imageIo(image, format);
    };
  }

  static String contentType(String format) {
    return switch (format) {
      case "jpg" -> "image/jpeg";
      case "gif" -> "image/gif";
      case "webp" -> "image/webp";
      default -> "image/png";
    };
  }

  private static byte[] imageIo(BufferedImage image, String format) {
    var out = new ByteArrayOutputStream();
    try {
      if (!ImageIO.write(image, format, out)) {
        throw new IllegalStateException("no ImageIO writer for " + format);
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return out.toByteArray();
  }

  private static byte[] jpeg(BufferedImage image, int quality) {
    ImageWriter writer = ImageIO.getImageWritersByFormatName("jpeg").next();
    var out = new ByteArrayOutputStream();
    try (var stream = ImageIO.createImageOutputStream(out)) {
      writer.setOutput(stream);
      ImageWriteParam param = writer.getDefaultWriteParam();
      param.setCompressionMode(ImageWriteParam.MODE_EXPLICIT);
      param.setCompressionQuality(quality / 100f);
      writer.write(null, new IIOImage(image, null, null), param);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } finally {
      writer.dispose();
    }
    return out.toByteArray();
  }
}
