package io.mediaflow.transcoding.internal.check;

import java.util.Map;
import java.util.Optional;

/**
 * The picture size a rung of a ladder (a format, or a stream of an HLS or DASH output) asks for, as
 * document 3 computes it: {@code resolution} overrides {@code size}, {@code width} and {@code
 * height}, and is the height of a horizontal picture, the width of a vertical one; {@code size} is
 * {@code <width>x<height>}; a missing side follows the source's proportions; nothing asked is the
 * source's size. Sides that follow the source are known only when the source's size is.
 *
 * @param width null when neither the rung nor the source's proportions give it
 * @param height likewise
 * @param shortSide the shorter side a {@code resolution} asks for, whatever the orientation: known
 *     without the source's size
 * @param named which of width and height the rung names itself ({@link Named}): compared to a pixel
 *     or two, where a side computed from the source's proportions is compared within {@value
 *     #PROPORTIONAL_TOLERANCE} of it
 */
public record AskedPicture(Integer width, Integer height, Integer shortSide, Named named) {

  /** The sides a rung names itself. */
  public enum Named {
    NONE,
    WIDTH,
    HEIGHT,
    BOTH
  }

  /** What a side an encoder rounds (to an even number, to a multiple of 2 or 4) may differ by. */
  static final int PIXELS = 2;

  /**
   * What a side computed from the source's proportions may differ by: document 3 does not say how
   * the service rounds it.
   */
  static final double PROPORTIONAL_TOLERANCE = 0.02;

  /**
   * @param rung the rung's fields as the API names them
   * @param source the source's width and height, either null when unknown
   */
  public static AskedPicture of(
      Map<String, Object> rung, Integer sourceWidth, Integer sourceHeight) {
    boolean known =
        sourceWidth != null && sourceHeight != null && sourceWidth > 0 && sourceHeight > 0;
    Integer resolution = integer(rung.get("resolution"));
    if (resolution != null) {
      if (!known) {
        return new AskedPicture(null, null, resolution, Named.NONE);
      }
      boolean vertical = sourceHeight > sourceWidth;
      return vertical
          ? new AskedPicture(
              resolution,
              proportional(resolution, sourceHeight, sourceWidth),
              resolution,
              Named.WIDTH)
          : new AskedPicture(
              proportional(resolution, sourceWidth, sourceHeight),
              resolution,
              resolution,
              Named.HEIGHT);
    }
    Optional<int[]> size = size(rung.get("size"));
    if (size.isPresent()) {
      return new AskedPicture(size.get()[0], size.get()[1], null, Named.BOTH);
    }
    Integer width = integer(rung.get("width"));
    Integer height = integer(rung.get("height"));
    if (width != null && height != null) {
      return new AskedPicture(width, height, null, Named.BOTH);
    }
    if (width != null) {
      return new AskedPicture(
          width, known ? proportional(width, sourceHeight, sourceWidth) : null, null, Named.WIDTH);
    }
    if (height != null) {
      return new AskedPicture(
          known ? proportional(height, sourceWidth, sourceHeight) : null,
          height,
          null,
          Named.HEIGHT);
    }
    return known
        ? new AskedPicture(sourceWidth, sourceHeight, null, Named.NONE)
        : new AskedPicture(null, null, null, Named.NONE);
  }

  /** Whether the rung asks for a picture larger than the source on a side both know. */
  public boolean largerThan(Integer sourceWidth, Integer sourceHeight) {
    return (width != null && sourceWidth != null && width > sourceWidth + PIXELS)
        || (height != null && sourceHeight != null && height > sourceHeight + PIXELS);
  }

  /** Whether a picture of this size is what was asked. */
  public boolean matches(int gotWidth, int gotHeight) {
    if (width == null && height == null) {
      return shortSide == null || Math.abs(Math.min(gotWidth, gotHeight) - shortSide) <= PIXELS;
    }
    boolean widthNamed = named == Named.WIDTH || named == Named.BOTH;
    boolean heightNamed = named == Named.HEIGHT || named == Named.BOTH;
    return side(width, gotWidth, widthNamed) && side(height, gotHeight, heightNamed);
  }

  private static boolean side(Integer asked, int got, boolean named) {
    if (asked == null) {
      return true;
    }
    return named ? Math.abs(asked - got) <= PIXELS : near(asked, got);
  }

  private static boolean near(int asked, int got) {
    return Math.abs(asked - got)
        <= Math.max(PIXELS, (int) Math.ceil(asked * PROPORTIONAL_TOLERANCE));
  }

  /**
   * How the asked size reads in a message: {@code 1280x720}, {@code 720 lines}, {@code any size}.
   */
  public String describe() {
    if (width != null && height != null) {
      return width + "x" + height;
    }
    if (width != null) {
      return "width " + width;
    }
    if (height != null) {
      return "height " + height;
    }
    return shortSide != null ? shortSide + " on the shorter side" : "any size";
  }

  private static Integer proportional(int side, int numerator, int denominator) {
    return (int) Math.round(side * (double) numerator / denominator);
  }

  private static Optional<int[]> size(Object value) {
    if (!(value instanceof String text)) {
      return Optional.empty();
    }
    String[] sides = text.strip().split("x");
    try {
      return sides.length == 2
          ? Optional.of(new int[] {Integer.parseInt(sides[0]), Integer.parseInt(sides[1])})
          : Optional.empty();
    } catch (NumberFormatException e) {
      return Optional.empty();
    }
  }

  private static Integer integer(Object value) {
    if (value instanceof Number number && number.doubleValue() > 0) {
      return (int) Math.round(number.doubleValue());
    }
    if (value instanceof String text) {
      try {
        return Integer.valueOf(text.strip());
      } catch (NumberFormatException e) {
        return null;
      }
    }
    return null;
  }
}
