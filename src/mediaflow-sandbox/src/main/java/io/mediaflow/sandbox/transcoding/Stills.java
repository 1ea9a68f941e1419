package io.mediaflow.sandbox.transcoding;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Image outputs: frames of the source, scaled to the requested size, extracted by ffmpeg. {@code thumbnail} is the
 * frame at {@code time} (a fraction of the duration) or {@code frame_number}; {@code smart_thumbnail} the most
 * representative of the first frames (ffmpeg's {@code thumbnail} filter); {@code thumbnails} one frame every
 * {@code interval} seconds, or one sprite of them, indexed by a WebVTT file; {@code gif} an animated GIF.
 */
final class Stills {

  private static final double DEFAULT_THUMBNAIL_TIME = 0.5;
  private static final int MAX_THUMBNAILS = 500;
  private static final int GIF_FRAME_RATE = 10;
  /** Frames the {@code thumbnail} filter compares to choose a smart thumbnail. */
  private static final int SMART_BATCH = 100;

  private Stills() {}

  static WrittenOutput thumbnail(OutputPlanner.Plan plan, Source source, OutputFolder folder, Progress progress) {
    FormatParams format = plan.format();
    Picture size = plan.renditions().getFirst().picture();
    String imageFormat = format.imageFormat();
    Integer frame = format.frameNumber();
    MediaInfo info = source.info();
    String failure = source.failure(JobFailure.IMAGE_EXTRACT);
    // joined clips are counted only as ffmpeg joins them: their frame is looked for, and missed, there
    if (frame != null && !source.stitched() && info.frameCount() != null && frame >= info.frameCount()) {
      throw new JobFailure(failure, "frame_number " + frame + " is beyond the last frame (" + (info.frameCount() - 1)
          + ")");
    }
    String pick;
    Double at = null;
    if (format.kind() == OutputKind.SMART_THUMBNAIL) {
      pick = "thumbnail=" + SMART_BATCH + ",";
    } else if (frame != null) {
      pick = "select=eq(n\\," + frame + "),";
    } else {
      Double duration = source.duration();
      at = (format.time() == null ? DEFAULT_THUMBNAIL_TIME : format.time()) * (duration == null ? 0 : duration);
      pick = "";
    }
    var graph = new FilterGraph(source, at, null, OutputWriter.stitchFrameRate(source));
    graph.videos(List.of(pick + scale(size)));
    String name = "image." + imageFormat;
    var arguments = new ArrayList<>(graph.arguments());
    arguments.addAll(List.of("-map", "[v0]", "-frames:v", "1"));
    arguments.addAll(graph.outputOptions());
    arguments.addAll(imageOptions(imageFormat, format.jpegQuality()));
    arguments.addAll(List.of("-update", "1", name));
    Ffmpeg.run(folder.path(), arguments, progress, 0, failure);
    if (!Files.isRegularFile(folder.resolve(name))) {
      throw new JobFailure(failure, "no frame at that position");
    }
    Measurement measured = Measurement.of(List.of(folder.resolve(name)), false, failure);
    return new WrittenOutput(folder, imageFormat, folder.list(name), "", List.of(measured));
  }

  static WrittenOutput gif(OutputPlanner.Plan plan, Source source, OutputFolder folder, Progress progress) {
    FormatParams format = plan.format();
    Picture size = plan.renditions().getFirst().picture();
    var graph = new FilterGraph(source, format.startTime(), format.duration(), OutputWriter.stitchFrameRate(source));
    graph.videos(List.of("fps=" + GIF_FRAME_RATE + "," + scale(size)
        + ",split[gif][palette];[palette]palettegen[colours];[gif][colours]paletteuse"));
    var arguments = new ArrayList<>(graph.arguments());
    arguments.addAll(List.of("-map", "[v0]"));
    arguments.addAll(graph.outputOptions());
    arguments.addAll(List.of("-f", "gif", "image.gif"));
    Ffmpeg.run(folder.path(), arguments, progress, graph.seconds(), JobFailure.MERGE);
    Measurement measured = Measurement.of(List.of(folder.resolve("image.gif")), false, JobFailure.MERGE);
    return new WrittenOutput(folder, "gif", folder.list("image.gif"), "", List.of(measured));
  }

  /** Images every {@code interval} seconds (or one sprite of them), indexed by a WebVTT file. */
  static WrittenOutput thumbnails(OutputPlanner.Plan plan, Source source, OutputFolder folder,
      Progress progress) {
    FormatParams format = plan.format();
    String imageFormat = format.imageFormat();
    Picture size = plan.renditions().getFirst().picture();
    var graph = new FilterGraph(source, format.startTime(), format.duration(), OutputWriter.stitchFrameRate(source));
    double interval = format.interval();
    double total = graph.seconds();
    // one image at the start of each interval; the end of the video itself has no frame
    int count = (int) Math.clamp(Math.ceil(total / interval), 1, MAX_THUMBNAILS);
    int columns = format.columns() != null ? format.columns() : (int) Math.ceil(Math.sqrt(count));
    int rows = (count + columns - 1) / columns;
    // the first frame at or after the start of each interval
    String every = "select=gte(t\\,selected_n*" + FilterGraph.number(interval) + ")," + scale(size);
    graph.videos(List.of(format.sprite() ? every + ",tile=" + columns + "x" + rows : every));
    var arguments = new ArrayList<>(graph.arguments());
    arguments.addAll(List.of("-map", "[v0]", "-fps_mode", "vfr"));
    arguments.addAll(graph.outputOptions());
    arguments.addAll(imageOptions(imageFormat, format.jpegQuality()));
    String sprite = "sprite." + imageFormat;
    arguments.addAll(format.sprite() ? List.of("-frames:v", "1", "-update", "1", sprite)
        : List.of("-frames:v", Integer.toString(count), "-start_number", "1",
            "thumbnail_%04d." + imageFormat));
    String failure = source.failure(JobFailure.THUMBNAILS_EXTRACT);
    Ffmpeg.run(folder.path(), arguments, progress, 0, failure);

    List<Path> images = folder.files("", format.sprite() ? sprite : "thumbnail_*." + imageFormat);
    if (images.isEmpty()) {
      throw new JobFailure(failure, "ffmpeg extracted no frame");
    }
    var vtt = new StringBuilder("WEBVTT\n");
    int made = format.sprite() ? count : images.size();
    for (int i = 0; i < made; i++) {
      double from = i * interval;
      double to = Math.max(from, Math.min(total, from + interval));
      String reference = format.sprite()
          ? sprite + "#xywh=" + (i % columns) * size.width() + "," + (i / columns) * size.height() + ","
              + size.width() + "," + size.height()
          : images.get(i).getFileName().toString();
      vtt.append('\n').append(cue(from)).append(" --> ").append(cue(to)).append('\n').append(reference).append('\n');
    }
    write(folder.resolve("thumbnails.vtt"), vtt.toString());
    Measurement first = Measurement.of(List.of(images.getFirst()), false, failure);
    List<OutputFile> files = folder.list(null);
    long bytes = files.stream().mapToLong(OutputFile::size).sum();
    return new WrittenOutput(folder, "vtt", files, "thumbnails.vtt",
        List.of(new Measurement(first.meta(), null, null, bytes)));
  }

  private static String scale(Picture size) {
    return "scale=" + size.width() + ":" + size.height() + ",setsar=1";
  }

  /** PNG, JPEG (quality 1 to 100 onto ffmpeg's 31 to 2) or WebP. */
  private static List<String> imageOptions(String imageFormat, int jpegQuality) {
    return switch (imageFormat) {
      case "jpg" -> List.of("-c:v", "mjpeg", "-pix_fmt", "yuvj420p", "-q:v",
          Integer.toString(Math.round(31 - (jpegQuality - 1) * 29f / 99)), "-f", "image2");
      case "webp" -> List.of("-c:v", "libwebp", "-quality", "90", "-f", "image2");
      default -> List.of("-c:v", "png", "-f", "image2");
    };
  }

  private static String cue(double seconds) {
    long millis = Math.round(seconds * 1000);
    return String.format(Locale.ROOT, "%02d:%02d:%02d.%03d", millis / 3_600_000, millis / 60_000 % 60,
        millis / 1000 % 60, millis % 1000);
  }

  private static void write(Path file, String content) {
    try {
      Files.writeString(file, content);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
