package io.mediaflow.sandbox.transcoding;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The input side of one ffmpeg command for a format: the source's clips as inputs, trimmed to the
 * format's {@code start_time} and {@code duration}, and a filter graph that hands each rendition
 * its own copy of the picture ({@code [v0]}, {@code [v1]}, ...) and of the sound ({@code [a0]},
 * ...). A stitch job's clips are cut by their own {@code start_time} and {@code duration}, brought
 * to the first clip's size and frame rate, and joined by ffmpeg's {@code concat} filter.
 */
final class FilterGraph {

  /** Stitched clips are joined at this sample rate and layout, whatever each clip has. */
  private static final String JOINED_AUDIO = "aresample=48000,aformat=channel_layouts=stereo";

  private final List<String> inputs = new ArrayList<>();
  private final List<String> outputOptions = new ArrayList<>();
  private final StringBuilder graph = new StringBuilder();
  private final String video;
  private final String audio;
  private boolean videoUsed;
  private boolean audioUsed;
  private final double seconds;

  /**
   * @param start seconds into the (joined) input where the output starts, or null
   * @param duration seconds of output, or null for the rest
   * @param frameRate the joined input's frame rate (stitch jobs)
   */
  FilterGraph(Source source, Double start, Double duration, Double frameRate) {
    Double whole = source.duration();
    double from = start == null ? 0 : start;
    double rest = whole == null ? 0 : Math.max(0, whole - from);
    this.seconds = duration == null ? rest : whole == null ? duration : Math.min(duration, rest);
    if (!source.stitched()) {
      trim(inputs, start, duration);
      inputs.add("-i");
      inputs.add(source.first().file().toString());
      video = source.info().hasVideo() ? "[0:v:0]" : null;
      audio = source.info().hasAudio() ? "[0:a:0]" : null;
      return;
    }
    MediaInfo first = source.info();
    boolean withVideo = source.clips().stream().allMatch(clip -> clip.info().hasVideo());
    boolean withAudio = source.hasAudio();
    var joined = new StringBuilder();
    for (int i = 0; i < source.clips().size(); i++) {
      Source.Clip clip = source.clips().get(i);
      trim(inputs, clip.start() > 0 ? clip.start() : null, clip.request().duration());
      inputs.add("-i");
      inputs.add(clip.file().toString());
      if (withVideo) {
        graph.append(
            String.format(
                Locale.ROOT,
                "[%d:v:0]scale=%d:%d:force_original_aspect_ratio=decrease,"
                    + "pad=%d:%d:(ow-iw)/2:(oh-ih)/2,setsar=1,fps=%s,format=yuv420p[jv%d];",
                i,
                first.width(),
                first.height(),
                first.width(),
                first.height(),
                number(frameRate),
                i));
        joined.append("[jv").append(i).append(']');
      }
      if (withAudio) {
        graph
            .append('[')
            .append(i)
            .append(":a:0]")
            .append(JOINED_AUDIO)
            .append("[ja")
            .append(i)
            .append("];");
        joined.append("[ja").append(i).append(']');
      }
    }
    graph
        .append(joined)
        .append("concat=n=")
        .append(source.clips().size())
        .append(":v=")
        .append(withVideo ? 1 : 0)
        .append(":a=")
        .append(withAudio ? 1 : 0)
        .append(withVideo ? "[jv]" : "")
        .append(withAudio ? "[ja]" : "")
        .append(';');
    video = withVideo ? "[jv]" : null;
    audio = withAudio ? "[ja]" : null;
    // the joined input is a filter's output: it can only be cut on the output side
    trim(outputOptions, start, duration);
  }

  private static void trim(List<String> options, Double start, Double duration) {
    if (start != null && start > 0) {
      options.add("-ss");
      options.add(number(start));
    }
    if (duration != null) {
      options.add("-t");
      options.add(number(duration));
    }
  }

  boolean hasVideo() {
    return video != null;
  }

  boolean hasAudio() {
    return audio != null;
  }

  /** Seconds of output the command will write: what its progress is measured against. */
  double seconds() {
    return seconds;
  }

  /**
   * {@code [v<i>]}: the picture for rendition {@code i}, through {@code filters} (comma-separated)
   * each.
   */
  FilterGraph videos(List<String> filters) {
    videoUsed = true;
    graph.append(video).append("split=").append(filters.size());
    for (int i = 0; i < filters.size(); i++) {
      graph.append("[vs").append(i).append(']');
    }
    graph.append(';');
    for (int i = 0; i < filters.size(); i++) {
      graph
          .append("[vs")
          .append(i)
          .append(']')
          .append(filters.get(i))
          .append("[v")
          .append(i)
          .append("];");
    }
    return this;
  }

  /**
   * {@code [a<i>]}: the sound for rendition {@code i}, through {@code filters} (comma-separated)
   * each.
   */
  FilterGraph audios(List<String> filters) {
    audioUsed = true;
    graph.append(audio).append("asplit=").append(filters.size());
    for (int i = 0; i < filters.size(); i++) {
      graph.append("[as").append(i).append(']');
    }
    graph.append(';');
    for (int i = 0; i < filters.size(); i++) {
      graph
          .append("[as")
          .append(i)
          .append(']')
          .append(filters.get(i))
          .append("[a")
          .append(i)
          .append("];");
    }
    return this;
  }

  /** The command's start: inputs, the filter graph, and the output-side cut of a stitch job. */
  List<String> arguments() {
    var arguments = new ArrayList<>(inputs);
    // a joined stream the outputs do not take must still go somewhere
    if (video != null && !videoUsed && !video.contains(":")) {
      graph.append(video).append("nullsink;");
    }
    if (audio != null && !audioUsed && !audio.contains(":")) {
      graph.append(audio).append("anullsink;");
    }
    if (!graph.isEmpty()) {
      arguments.add("-filter_complex");
      arguments.add(graph.substring(0, graph.length() - 1));
    }
    return arguments;
  }

  /** Options every output of the command takes (the cut of a stitch job). */
  List<String> outputOptions() {
    return outputOptions;
  }

  static String number(double value) {
    return value == Math.rint(value)
        ? Long.toString((long) value)
        : String.format(Locale.ROOT, "%.3f", value);
  }
}
