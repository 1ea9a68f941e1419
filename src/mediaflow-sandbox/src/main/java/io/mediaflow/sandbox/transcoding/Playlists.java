package io.mediaflow.sandbox.transcoding;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * HLS and DASH outputs, encoded in one ffmpeg run that decodes the source once and encodes every
 * rendition. HLS: one folder per rendition ({@code video_1}, {@code video_2}, ... or {@code
 * audio_1}) with its media playlist and segments (MPEG-TS, or fragmented MP4 with {@code fmp4}),
 * and a master playlist whose {@code BANDWIDTH}, {@code AVERAGE-BANDWIDTH} and {@code RESOLUTION}
 * are measured on the written segments. DASH: ffmpeg's MPD with one representation per stream plus
 * the sound, each {@code bandwidth} replaced by the measured one.
 *
 * <p>The master playlist is written as text: {@code io.lindstrom:m3u8-parser}, the maintained HLS
 * library, is not served by the Maven registry this build uses, and a master playlist is three
 * fixed tags and one line per rendition.
 */
final class Playlists {

  private static final String CHUNKLIST = "chunklist.m3u8";
  private static final Pattern EXTINF = Pattern.compile("#EXTINF:([0-9.]+),");
  private static final Pattern REPRESENTATION =
      Pattern.compile("<Representation id=\"(\\d+)\"([^>]*?)bandwidth=\"\\d+\"");

  private Playlists() {}

  static WrittenOutput hls(
      OutputPlanner.Plan plan, Source source, OutputFolder folder, Progress progress) {
    FormatParams format = plan.format();
    boolean audioOnly = format.kind() == OutputKind.HLS_AUDIO;
    boolean fmp4 = format.fmp4();
    double segment = format.segmentDuration();
    List<OutputPlanner.Rendition> renditions = plan.renditions();
    FilterGraph graph = graph(plan, source, !audioOnly);
    var arguments = new ArrayList<>(graph.arguments());
    var folders = new ArrayList<String>();
    for (int i = 0; i < renditions.size(); i++) {
      Encoding encoding = renditions.get(i).encoding();
      String name = (audioOnly ? "audio_" : "video_") + (i + 1);
      folders.add(name);
      folder.folder(name);
      if (!audioOnly) {
        arguments.addAll(List.of("-map", "[v" + i + "]"));
        arguments.addAll(
            encoding.videoOptions(0, OutputWriter.frameRate(encoding, source), segment));
      }
      if (graph.hasAudio()) {
        arguments.addAll(List.of("-map", "[a" + i + "]"));
        arguments.addAll(encoding.audioOptions(0));
      }
      arguments.addAll(graph.outputOptions());
      arguments.addAll(
          List.of(
              "-f",
              "hls",
              "-hls_time",
              FilterGraph.number(segment),
              "-hls_playlist_type",
              "vod",
              "-hls_flags",
              "independent_segments"));
      arguments.addAll(
          fmp4
              ? List.of(
                  "-hls_segment_type",
                  "fmp4",
                  "-hls_fmp4_init_filename",
                  "init.mp4",
                  "-hls_segment_filename",
                  name + "/segment_%03d.m4s")
              : List.of("-hls_segment_filename", name + "/segment_%03d.ts"));
      arguments.add(name + "/" + CHUNKLIST);
    }
    Ffmpeg.run(folder.path(), arguments, progress, graph.seconds(), JobFailure.SPLIT_HLS);

    var measurements = new ArrayList<Measurement>();
    var master =
        new StringBuilder("#EXTM3U\n#EXT-X-VERSION:")
            .append(fmp4 ? 7 : 3)
            .append("\n#EXT-X-INDEPENDENT-SEGMENTS\n");
    for (String name : folders) {
      var files = new ArrayList<Path>();
      if (fmp4) {
        files.add(folder.resolve(name + "/init.mp4"));
      }
      files.addAll(folder.files(name, "segment_*"));
      Measurement measured = Measurement.of(files, true, JobFailure.SPLIT_HLS);
      measurements.add(measured);
      master
          .append("#EXT-X-STREAM-INF:BANDWIDTH=")
          .append(peakBandwidth(folder.resolve(name)))
          .append(",AVERAGE-BANDWIDTH=")
          .append(bitsPerSecond(measured));
      if (measured.meta().containsKey("width")) {
        master
            .append(",RESOLUTION=")
            .append(measured.meta().get("width"))
            .append('x')
            .append(measured.meta().get("height"));
      }
      master.append('\n').append(name).append('/').append(CHUNKLIST).append('\n');
    }
    String playlist = format.playlistName();
    write(folder.resolve(playlist), master.toString());
    return new WrittenOutput(folder, "m3u8", folder.list(null), playlist, measurements);
  }

  static WrittenOutput dash(
      OutputPlanner.Plan plan, Source source, OutputFolder folder, Progress progress) {
    FormatParams format = plan.format();
    boolean webm = format.kind() == OutputKind.WEBM_DASH;
    String extension = webm ? "webm" : "m4s";
    double segment = format.segmentDuration();
    List<OutputPlanner.Rendition> renditions = plan.renditions();
    FilterGraph graph = graph(plan, source, true);
    var arguments = new ArrayList<>(graph.arguments());
    for (int i = 0; i < renditions.size(); i++) {
      Encoding encoding = renditions.get(i).encoding();
      arguments.addAll(List.of("-map", "[v" + i + "]"));
      arguments.addAll(encoding.videoOptions(i, OutputWriter.frameRate(encoding, source), segment));
    }
    if (graph.hasAudio()) {
      arguments.addAll(List.of("-map", "[a0]"));
      arguments.addAll(renditions.getFirst().encoding().audioOptions(0));
    }
    arguments.addAll(graph.outputOptions());
    arguments.addAll(
        List.of(
            "-f",
            "dash",
            "-seg_duration",
            FilterGraph.number(segment),
            "-use_template",
            "1",
            "-use_timeline",
            "1",
            "-adaptation_sets",
            graph.hasAudio() ? "id=0,streams=v id=1,streams=a" : "id=0,streams=v",
            "-init_seg_name",
            "init-$RepresentationID$." + extension,
            "-media_seg_name",
            "chunk-$RepresentationID$-$Number%05d$." + extension));
    if (webm) {
      arguments.addAll(List.of("-dash_segment_type", "webm"));
    }
    String playlist = format.playlistName();
    arguments.add(playlist);
    Ffmpeg.run(folder.path(), arguments, progress, graph.seconds(), JobFailure.VIDEO_CONVERT);

    int representations = renditions.size() + (graph.hasAudio() ? 1 : 0);
    var measurements = new ArrayList<Measurement>();
    var bandwidths = new ArrayList<Long>();
    for (int id = 0; id < representations; id++) {
      var files = new ArrayList<Path>();
      files.add(folder.resolve("init-" + id + "." + extension));
      files.addAll(folder.files("", "chunk-" + id + "-*." + extension));
      Measurement measured = Measurement.of(files, true, JobFailure.VIDEO_CONVERT);
      bandwidths.add(bitsPerSecond(measured));
      if (id < renditions.size()) {
        measurements.add(measured);
      }
    }
    Path mpd = folder.resolve(playlist);
    Matcher matcher = REPRESENTATION.matcher(read(mpd));
    String measuredMpd =
        matcher.replaceAll(
            match ->
                Matcher.quoteReplacement(
                    "<Representation id=\""
                        + match.group(1)
                        + "\""
                        + match.group(2)
                        + "bandwidth=\""
                        + bandwidths.get(Integer.parseInt(match.group(1)))
                        + "\""));
    write(mpd, measuredMpd);
    return new WrittenOutput(folder, "mpd", folder.list(null), playlist, measurements);
  }

  /** The command's inputs and a copy of picture and sound per rendition (DASH shares one sound). */
  private static FilterGraph graph(OutputPlanner.Plan plan, Source source, boolean video) {
    FormatParams format = plan.format();
    var graph =
        new FilterGraph(
            source, format.startTime(), format.duration(), OutputWriter.stitchFrameRate(source));
    List<OutputPlanner.Rendition> renditions = plan.renditions();
    if (video) {
      graph.videos(
          renditions.stream()
              .map(r -> r.encoding().videoFilters(source.info().frameRate()))
              .toList());
    }
    if (graph.hasAudio()) {
      boolean dash =
          format.kind() == OutputKind.ADVANCED_DASH || format.kind() == OutputKind.WEBM_DASH;
      graph.audios(
          renditions.stream()
              .limit(dash ? 1 : renditions.size())
              .map(r -> r.encoding().audioFilters())
              .toList());
    }
    return graph;
  }

  private static long bitsPerSecond(Measurement measured) {
    return measured.bitrate() == null ? 0 : measured.bitrate() * 1000L;
  }

  /** The highest bit rate of a single segment, bits per second: HLS's {@code BANDWIDTH}. */
  private static long peakBandwidth(Path rendition) {
    long peak = 1;
    Double duration = null;
    for (String line : read(rendition.resolve(CHUNKLIST)).lines().toList()) {
      Matcher extinf = EXTINF.matcher(line);
      if (extinf.lookingAt()) {
        duration = Double.parseDouble(extinf.group(1));
      } else if (!line.isBlank() && !line.startsWith("#") && duration != null && duration > 0) {
        try {
          peak =
              Math.max(
                  peak, Math.round(Files.size(rendition.resolve(line.strip())) * 8 / duration));
        } catch (IOException e) {
          throw new UncheckedIOException(e);
        }
        duration = null;
      }
    }
    return peak;
  }

  private static String read(Path file) {
    try {
      return Files.readString(file);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static void write(Path file, String content) {
    try {
      Files.writeString(file, content);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
