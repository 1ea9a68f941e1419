package io.mediaflow.transcoding.query;

import io.mediaflow.api.constraint.Flag;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import java.util.List;

/**
 * Subtitles to add: files ({@code .ass} or {@code .srt}) with their language, and {@code copy} 1 to
 * keep the source's EIA-608/708 captions.
 */
public record Subtitles(
    List<@NotNull(message = "must be an object") @Valid Source> sources, @Flag Integer copy) {

  public record Source(
      @NotNull(message = "is required: the URL of an .ass or .srt file")
          @MediaUrl(message = "is required: the URL of an .ass or .srt file")
          String source,
      @NotBlank(message = "is required") String language) {}
}
