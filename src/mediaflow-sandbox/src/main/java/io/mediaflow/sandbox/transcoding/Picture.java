package io.mediaflow.sandbox.transcoding;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The picture size of an output, computed as the service does from {@code resolution}, {@code
 * size}, {@code width} and {@code height}, proportionally to the source. A side is null when
 * neither the request nor the source's container gives it.
 */
record Picture(Integer width, Integer height) {

  /**
   * Images of a source whose size is unknown (not probed, none requested) get the common 16:9 size.
   */
  static final Picture DEFAULT = new Picture(640, 360);

  /** The size {@code f} asks for, given the source's size (either may be null). */
  static Picture requested(Fields f, Integer sourceWidth, Integer sourceHeight) {
    boolean known = sourceWidth != null && sourceHeight != null;
    Integer resolution = f.integer("resolution", 1, Integer.MAX_VALUE);
    Picture picture;
    if (resolution != null) {
      // the height of a horizontal picture, the width of a vertical one
      boolean vertical = known && sourceHeight > sourceWidth;
      picture =
          vertical
              ? new Picture(resolution, even(resolution * (double) sourceHeight / sourceWidth))
              : new Picture(
                  known ? even(resolution * (double) sourceWidth / sourceHeight) : null,
                  resolution);
    } else if (f.string("size") != null) {
      String[] sides = f.string("size").split("x");
      picture = new Picture(Integer.parseInt(sides[0]), Integer.parseInt(sides[1]));
    } else {
      Integer width = f.integer("width", 1, Integer.MAX_VALUE);
      Integer height = f.integer("height", 1, Integer.MAX_VALUE);
      if (width != null && height == null) {
        height = known ? even(width * (double) sourceHeight / sourceWidth) : null;
      } else if (height != null && width == null) {
        width = known ? even(height * (double) sourceWidth / sourceHeight) : null;
      } else if (width == null) {
        width = sourceWidth;
        height = sourceHeight;
      }
      picture = new Picture(width, height);
    }
    return picture;
  }

  /** False when this is larger than the source on a side both know (an upscale). */
  boolean fitsIn(Integer sourceWidth, Integer sourceHeight) {
    return (width == null || sourceWidth == null || width <= sourceWidth)
        && (height == null || sourceHeight == null || height <= sourceHeight);
  }

  /**
   * This size, with an unknown side completed at 16:9 and {@link #DEFAULT} when both are unknown.
   */
  Picture orDefault() {
    if (width == null && height == null) {
      return DEFAULT;
    }
    if (width == null) {
      return new Picture(Math.max(1, height * DEFAULT.width / DEFAULT.height), height);
    }
    return height == null
        ? new Picture(width, Math.max(1, width * DEFAULT.height / DEFAULT.width))
        : this;
  }

  /** A rotation by 90 or 270 degrees swaps the sides. */
  Picture rotated(Integer degrees) {
    return degrees != null && degrees % 180 == 90 ? new Picture(height, width) : this;
  }

  /** The status item's {@code meta}: empty when the size is unknown. */
  Map<String, Object> meta() {
    var meta = new LinkedHashMap<String, Object>();
    if (width != null && height != null) {
      meta.put("width", width);
      meta.put("height", height);
      meta.put("resolution", Math.min(width, height));
      meta.put("resolution_width", width);
      meta.put("resolution_height", height);
    }
    return meta;
  }

  /** Encoders want even sides. */
  private static int even(double side) {
    return Math.max(2, (int) Math.round(side / 2) * 2);
  }
}
