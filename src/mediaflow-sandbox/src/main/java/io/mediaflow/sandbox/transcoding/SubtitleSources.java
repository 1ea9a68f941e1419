package io.mediaflow.sandbox.transcoding;

import java.io.IOException;
import java.io.InputStreamReader;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.springframework.stereotype.Component;

/**
 * The subtitle files of an HLS or DASH output ({@code subtitles.sources[].source}), prepared before
 * it is encoded: each is downloaded under the sources' rules ({@link Downloader}) and must be a
 * SubRip or ASS file ({@link SubtitleFile}); one that cannot be downloaded or read is the
 * document's subtitles prepare error of that output. The sandbox adds no subtitles to the media, so
 * this is all it does with them. Other outputs have no documented subtitles failure: their subtitle
 * files are not fetched.
 */
@Component
class SubtitleSources {

  private final Downloader downloader;

  SubtitleSources(Downloader downloader) {
    this.downloader = downloader;
  }

  /**
   * Fetches and reads the format's subtitle files into {@code folder}, the job's working folder.
   */
  void prepare(FormatParams format, Path folder) {
    Optional<String> failure = failure(format.kind());
    if (failure.isEmpty()) {
      return;
    }
    List<String> sources = format.subtitleSources();
    for (int i = 0; i < sources.size(); i++) {
      Path file = folder.resolve("subtitles-" + format.index() + "-" + i);
      downloader.download(URI.create(sources.get(i).strip()), file, failure.get(), failure.get());
      Optional<String> problem;
      try (var text = new InputStreamReader(Files.newInputStream(file), StandardCharsets.UTF_8)) {
        problem = SubtitleFile.problem(text);
      } catch (IOException e) {
        throw new JobFailure(
            JobFailure.PROCESSING, "cannot read the subtitle file: " + e.getMessage());
      }
      if (problem.isPresent()) {
        // named by its place, not its URL: a signed URL carries a credential
        throw new JobFailure(failure.get(), "subtitles.sources[" + i + "]: " + problem.get());
      }
    }
  }

  private static Optional<String> failure(OutputKind kind) {
    return switch (kind) {
      case ADVANCED_HLS, HLS_AUDIO -> Optional.of(JobFailure.SUBTITLES_HLS);
      case ADVANCED_DASH, WEBM_DASH -> Optional.of(JobFailure.SUBTITLES_DASH);
      default -> Optional.empty();
    };
  }
}
