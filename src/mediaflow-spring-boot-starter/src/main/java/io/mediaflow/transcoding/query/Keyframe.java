package io.mediaflow.transcoding.query;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import java.util.regex.Pattern;

/**
 * The distance between keyframes: a number of frames ({@code 90}, the default) or seconds with the
 * suffix {@code s} ({@code "3s"}). Kept as written so it is sent back in the same form.
 */
public record Keyframe(Object value) {

  private static final Pattern SECONDS = Pattern.compile("\\d+(\\.\\d+)?s");

  @JsonCreator(mode = JsonCreator.Mode.DELEGATING)
  public static Keyframe of(Object value) {
    return new Keyframe(value);
  }

  @Override
  @JsonValue
  public Object value() {
    return value;
  }

  /** A positive whole number of frames, or a positive number of seconds followed by {@code s}. */
  public boolean isValid() {
    return switch (value) {
      case Integer frames -> frames > 0;
      case Long frames -> frames > 0;
      case String text ->
          SECONDS.matcher(text).matches()
                  && Double.parseDouble(text.substring(0, text.length() - 1)) > 0
              || text.matches("[1-9]\\d*");
      case null, default -> false;
    };
  }
}
