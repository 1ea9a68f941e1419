package io.mediaflow.sandbox.transcoding;

import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;

/**
 * Image outputs: frames of the source, scaled to the requested size, extracted by ffmpeg. {@code
 * thumbnail} is the frame at {@code time} (a fraction of the duration) or {@code frame_number};
 * {@code smart_thumbnail} the most representative of the first frames (ffmpeg's {@code thumbnail}
 * filter); {@code thumbnails} one frame every {@code interval} seconds, or one sprite of them,
 * indexed by a WebVTT file ({@link Thumbnails}); {@code gif} an animated GIF.
 */
final class Stills {

  private static final double DEFAULT_THUMBNAIL_TIME = 0.5;
  private static final int GIF_FRAME_RATE = 10;

  /** Frames the {@code thumbnail} filter compares to choose a smart thumbnail. */
  private static final int SMART_BATCH = 100;

  private Stills() {}

  static WrittenOutput thumbnail(
      OutputPlanner.Plan plan, Source source, OutputFolder folder, Progress progress) {
    FormatParams format = plan.format();
    Picture size = plan.renditions().getFirst().picture();
    String imageFormat = format.imageFormat();
    Integer frame = format.frameNumber();
    MediaInfo info = source.info();
    String failure = source.failure(JobFailure.IMAGE_EXTRACT);
    // joined clips are counted only as ffmpeg joins them: their frame is looked for, and missed,
    // there
    if (frame != null
        && !source.stitched()
        && info.frameCount() != null
        && frame >= info.frameCount()) {
      throw new JobFailure(
          failure,
          "frame_number " + frame + " is beyond the last frame (" + (info.frameCount() - 1) + ")");
    }
    String pick;
    Double at = null;
    if (format.kind() == OutputKind.SMART_THUMBNAIL) {
      pick = "thumbnail=" + SMART_BATCH + ",";
    } else if (frame != null) {
      pick = "select=eq(n\\," + frame + "),";
    } else {
      Double duration = source.duration();
      at =
          (format.time() == null ? DEFAULT_THUMBNAIL_TIME : format.time())
              * (duration == null ? 0 : duration);
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

  static WrittenOutput gif(
      OutputPlanner.Plan plan, Source source, OutputFolder folder, Progress progress) {
    FormatParams format = plan.format();
    Picture size = plan.renditions().getFirst().picture();
    var graph =
        new FilterGraph(
            source, format.startTime(), format.duration(), OutputWriter.stitchFrameRate(source));
    graph.videos(
        List.of(
            "fps="
                + GIF_FRAME_RATE
                + ","
                + scale(size)
                + ",split[gif][palette];[palette]palettegen[colours];[gif][colours]paletteuse"));
    var arguments = new ArrayList<>(graph.arguments());
    arguments.addAll(List.of("-map", "[v0]"));
    arguments.addAll(graph.outputOptions());
    arguments.addAll(List.of("-f", "gif", "image.gif"));
    Ffmpeg.run(folder.path(), arguments, progress, graph.seconds(), JobFailure.MERGE);
    Measurement measured =
        Measurement.of(List.of(folder.resolve("image.gif")), false, JobFailure.MERGE);
    return new WrittenOutput(folder, "gif", folder.list("image.gif"), "", List.of(measured));
  }

  static String scale(Picture size) {
    return "scale=" + size.width() + ":" + size.height() + ",setsar=1";
  }

  /** PNG, JPEG (quality 1 to 100 onto ffmpeg's 31 to 2) or WebP. */
  static List<String> imageOptions(String imageFormat, int jpegQuality) {
    return switch (imageFormat) {
      case "jpg" ->
          List.of(
              "-c:v",
              "mjpeg",
              "-pix_fmt",
              "yuvj420p",
              "-q:v",
              Integer.toString(Math.round(31 - (jpegQuality - 1) * 29f / 99)),
              "-f",
              "image2");
      case "webp" -> List.of("-c:v", "libwebp", "-quality", "90", "-f", "image2");
      default -> List.of("-c:v", "png", "-f", "image2");
    };
  }
}
