package io.mediaflow.live;

import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * The formats document 2 allows for a stream, written once: {@link NewStream}'s constraints check a
 * request against them, and the element template offers them as the dropdown of {@code inputFormat}
 * and {@code outputFormat}.
 */
public final class StreamFormat {

  private StreamFormat() {}

  /** {@code input_format}: how the encoder pushes. */
  public enum Input {
    RTMP,
    WEBRTC,
    SRT;

    @JsonValue
    public String value() {
      return name().toLowerCase(Locale.ROOT);
    }
  }

  /**
   * {@code output_format}: {@code hls}; other formats are announced as coming, and a sample shows
   * {@code cmaf}.
   */
  public enum Output {
    HLS,
    CMAF;

    @JsonValue
    public String value() {
      return name().toLowerCase(Locale.ROOT);
    }
  }

  static List<String> inputs() {
    return Arrays.stream(Input.values()).map(Input::value).toList();
  }

  static List<String> outputs() {
    return Arrays.stream(Output.values()).map(Output::value).toList();
  }
}
