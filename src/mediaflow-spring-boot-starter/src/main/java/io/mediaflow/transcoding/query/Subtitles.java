package io.mediaflow.transcoding.query;

import java.util.List;

/**
 * Subtitles to add: files ({@code .ass} or {@code .srt}) with their language, and {@code copy} 1 to keep the
 * source's EIA-608/708 captions.
 */
public record Subtitles(List<Source> sources, Integer copy) {

  public record Source(String source, String language) {}
}
