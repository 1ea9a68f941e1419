package io.mediaflow.sandbox.transcoding;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The {@code thumbnails} output: an image every {@code interval} seconds, extracted by ffmpeg,
 * indexed by a WebVTT file. With {@code sprite}, the images are extracted losslessly beside the
 * output and tiled into one sprite afterwards, as the service makes its sprite with the index: a
 * sprite that cannot be made (wider than WebP's 16383 pixels, say) is the document's create vtt
 * error, not an extraction one.
 */
final class Thumbnails {

  private static final int MAX_THUMBNAILS = 500;
  private static final String INDEX = "thumbnails.vtt";

  private Thumbnails() {}

  static WrittenOutput write(
      OutputPlanner.Plan plan, Source source, OutputFolder folder, Progress progress) {
    FormatParams format = plan.format();
    Picture size = plan.renditions().getFirst().picture();
    var graph =
        new FilterGraph(
            source, format.startTime(), format.duration(), OutputWriter.stitchFrameRate(source));
    double interval = format.interval();
    double total = graph.seconds();
    // one image at the start of each interval; the end of the video itself has no frame
    int count = (int) Math.clamp(Math.ceil(total / interval), 1, MAX_THUMBNAILS);
    // the first frame at or after the start of each interval
    graph.videos(
        List.of(
            "select=gte(t\\,selected_n*"
                + FilterGraph.number(interval)
                + "),"
                + Stills.scale(size)));
    OutputFolder frames =
        format.sprite() ? OutputFolder.create(source.folder(), "frames-" + format.index()) : folder;
    String frameFormat = format.sprite() ? "png" : format.imageFormat();
    var arguments = new ArrayList<>(graph.arguments());
    arguments.addAll(List.of("-map", "[v0]", "-fps_mode", "vfr"));
    arguments.addAll(graph.outputOptions());
    arguments.addAll(Stills.imageOptions(frameFormat, format.jpegQuality()));
    arguments.addAll(
        List.of(
            "-frames:v",
            Integer.toString(count),
            "-start_number",
            "1",
            "thumbnail_%04d." + frameFormat));
    String failure = source.failure(JobFailure.THUMBNAILS_EXTRACT);
    Ffmpeg.run(frames.path(), arguments, progress, 0, failure);
    List<Path> images = frames.files("", "thumbnail_*." + frameFormat);
    if (images.isEmpty()) {
      throw new JobFailure(failure, "ffmpeg extracted no frame");
    }

    String indexFailure = source.failure(JobFailure.THUMBNAILS_VTT);
    int columns = format.columns() != null ? format.columns() : (int) Math.ceil(Math.sqrt(count));
    String sprite = "sprite." + format.imageFormat();
    if (format.sprite()) {
      tile(
          format,
          frames,
          columns,
          (count + columns - 1) / columns,
          folder.resolve(sprite),
          progress,
          indexFailure);
    }
    var vtt = new StringBuilder("WEBVTT\n");
    for (int i = 0; i < images.size(); i++) {
      double from = i * interval;
      double to = Math.max(from, Math.min(total, from + interval));
      String reference =
          format.sprite()
              ? sprite
                  + "#xywh="
                  + (i % columns) * size.width()
                  + ","
                  + (i / columns) * size.height()
                  + ","
                  + size.width()
                  + ","
                  + size.height()
              : images.get(i).getFileName().toString();
      vtt.append('\n')
          .append(cue(from))
          .append(" --> ")
          .append(cue(to))
          .append('\n')
          .append(reference)
          .append('\n');
    }
    try {
      Files.writeString(folder.resolve(INDEX), vtt);
    } catch (IOException e) {
      throw new JobFailure(indexFailure, "cannot write " + INDEX + ": " + e.getMessage());
    }
    Measurement first =
        format.sprite()
            ? Measurement.of(List.of(folder.resolve(sprite)), false, indexFailure)
            : Measurement.of(List.of(images.getFirst()), false, failure);
    List<OutputFile> files = folder.list(null);
    long bytes = files.stream().mapToLong(OutputFile::size).sum();
    return new WrittenOutput(
        folder, "vtt", files, INDEX, List.of(new Measurement(first.meta(), null, null, bytes)));
  }

  /**
   * The extracted images of {@code frames}, in order, tiled {@code columns} x {@code rows} into
   * {@code sprite}.
   */
  private static void tile(
      FormatParams format,
      OutputFolder frames,
      int columns,
      int rows,
      Path sprite,
      Progress progress,
      String failure) {
    var arguments =
        new ArrayList<>(
            List.of(
                "-framerate",
                "1",
                "-start_number",
                "1",
                "-i",
                "thumbnail_%04d.png",
                "-vf",
                "tile=" + columns + "x" + rows));
    arguments.addAll(Stills.imageOptions(format.imageFormat(), format.jpegQuality()));
    arguments.addAll(List.of("-frames:v", "1", "-update", "1", sprite.toString()));
    Ffmpeg.run(frames.path(), arguments, progress, 0, failure);
    if (!Files.isRegularFile(sprite)) {
      throw new JobFailure(failure, "ffmpeg made no sprite");
    }
  }

  private static String cue(double seconds) {
    long millis = Math.round(seconds * 1000);
    return String.format(
        Locale.ROOT,
        "%02d:%02d:%02d.%03d",
        millis / 3_600_000,
        millis / 60_000 % 60,
        millis / 1000 % 60,
        millis % 1000);
  }
}
