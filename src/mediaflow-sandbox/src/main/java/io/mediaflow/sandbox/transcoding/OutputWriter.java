package io.mediaflow.sandbox.transcoding;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.springframework.stereotype.Component;

/**
 * Produces the files of each format in {@code encoding}, with ffmpeg: video and audio files are
 * encodes of the source with the requested size, rate, codec and sound; {@code repack} copies the
 * streams into a new file; HLS and DASH go to {@link Playlists} once their subtitle files are
 * prepared ({@link SubtitleSources}), images to {@link Stills}; {@code metadata} is ffprobe's
 * report of the source. Every rendition is then measured with ffprobe. The analysis outputs are
 * written with empty results (and a warning saying so).
 */
@Component
class OutputWriter {

  private static final String NOT_ANALYSED = "not analysed: the sandbox does not analyse media";

  private final ObjectMapper json;
  private final SubtitleSources subtitles;

  OutputWriter(ObjectMapper json, SubtitleSources subtitles) {
    this.json = json;
    this.subtitles = subtitles;
  }

  /**
   * @param progress receives the share of this format done so far, 0 to 1
   */
  WrittenOutput write(OutputPlanner.Plan plan, Source source, Progress progress) {
    OutputKind kind = plan.format().kind();
    source.requireCuts();
    if (kind.needsVideo() && !source.info().hasVideo()) {
      throw new JobFailure(
          JobFailure.EXTRACT_VIDEO,
          "the " + source.info().container().extension() + " source has no video stream");
    }
    if (kind.category() == OutputKind.Category.AUDIO && !source.hasAudio()) {
      throw new JobFailure(
          source.failure(JobFailure.EXTRACT_AUDIO),
          source.stitched()
              ? "a stitch clip has no audio stream"
              : "the source has no audio stream");
    }
    subtitles.prepare(plan.format(), source.folder());
    var folder = OutputFolder.create(source.folder(), "output-" + plan.format().index());
    return switch (kind) {
      case MP4, WEBM, MP3, FLAC, M4A -> encoded(plan, source, folder, progress);
      case REPACK -> repacked(plan, source, folder, progress);
      case ADVANCED_HLS, HLS_AUDIO -> Playlists.hls(plan, source, folder, progress);
      case ADVANCED_DASH, WEBM_DASH -> Playlists.dash(plan, source, folder, progress);
      case THUMBNAIL, SMART_THUMBNAIL -> Stills.thumbnail(plan, source, folder, progress);
      case GIF -> Stills.gif(plan, source, folder, progress);
      case THUMBNAILS -> Thumbnails.write(plan, source, folder, progress);
      case METADATA -> document(folder, metadata(source));
      case SPEECH_TO_TEXT, VMAF, VIDEO_INTELLIGENCE, AI_DETECTION, WAVEFORM ->
          analysis(folder, kind);
    };
  }

  /** One file, encoded with the format's settings. */
  private static WrittenOutput encoded(
      OutputPlanner.Plan plan, Source source, OutputFolder folder, Progress progress) {
    FormatParams format = plan.format();
    OutputKind kind = format.kind();
    Encoding encoding = plan.renditions().getFirst().encoding();
    boolean video = kind.category() == OutputKind.Category.VIDEO;
    var graph =
        new FilterGraph(source, format.startTime(), format.duration(), stitchFrameRate(source));
    if (video) {
      graph.videos(List.of(encoding.videoFilters(source.info().frameRate())));
    }
    if (graph.hasAudio()) {
      graph.audios(List.of(encoding.audioFilters()));
    }
    var arguments = new ArrayList<>(graph.arguments());
    if (video) {
      arguments.addAll(List.of("-map", "[v0]"));
      arguments.addAll(encoding.videoOptions(0, frameRate(encoding, source), null));
    }
    if (graph.hasAudio()) {
      arguments.addAll(List.of("-map", "[a0]"));
      arguments.addAll(encoding.audioOptions(0));
    }
    arguments.addAll(graph.outputOptions());
    String name = "output." + kind.extension();
    arguments.addAll(
        switch (kind) {
          case MP4, M4A -> List.of("-movflags", "+faststart", "-f", "mp4");
          default -> List.of("-f", kind.extension());
        });
    arguments.add(name);
    String failure = video ? JobFailure.VIDEO_CONVERT : JobFailure.CONVERT_AUDIO;
    Ffmpeg.run(folder.path(), arguments, progress, graph.seconds(), failure);
    Measurement measured = Measurement.of(List.of(folder.resolve(name)), true, failure);
    return new WrittenOutput(folder, kind.extension(), folder.list(name), "", List.of(measured));
  }

  /**
   * The source's streams copied, not encoded, into a new file of the source's container; a stitch
   * job's clips are joined by ffmpeg's concat demuxer at their cut points.
   */
  private static WrittenOutput repacked(
      OutputPlanner.Plan plan, Source source, OutputFolder folder, Progress progress) {
    FormatParams format = plan.format();
    Container container = source.info().container();
    var arguments = new ArrayList<String>();
    String failure = source.failure(JobFailure.REPACK);
    if (source.stitched()) {
      var list = new StringBuilder("ffconcat version 1.0\n");
      for (Source.Clip clip : source.clips()) {
        list.append("file '").append(clip.file()).append("'\n");
        if (clip.start() > 0) {
          list.append("inpoint ").append(FilterGraph.number(clip.start())).append('\n');
        }
        if (clip.request().duration() != null) {
          list.append("outpoint ")
              .append(FilterGraph.number(clip.start() + clip.request().duration()))
              .append('\n');
        }
      }
      Path clips = source.folder().resolve("repack-" + format.index() + ".ffconcat");
      write(clips, list.toString());
      arguments.addAll(List.of("-f", "concat", "-safe", "0", "-i", clips.toString()));
    } else {
      if (format.startTime() != null) {
        arguments.addAll(List.of("-ss", FilterGraph.number(format.startTime())));
      }
      if (format.duration() != null) {
        arguments.addAll(List.of("-t", FilterGraph.number(format.duration())));
      }
      arguments.addAll(List.of("-i", source.first().file().toString()));
    }
    if (source.stitched() && format.startTime() != null) {
      arguments.addAll(List.of("-ss", FilterGraph.number(format.startTime())));
    }
    if (source.stitched() && format.duration() != null) {
      arguments.addAll(List.of("-t", FilterGraph.number(format.duration())));
    }
    String name = "output." + container.extension();
    arguments.addAll(
        List.of("-map", "0:v?", "-map", "0:a?", "-c", "copy", "-f", muxer(container), name));
    double seconds = source.duration() == null ? 0 : source.duration();
    Ffmpeg.run(folder.path(), arguments, progress, seconds, failure);
    Measurement measured = Measurement.of(List.of(folder.resolve(name)), true, failure);
    return new WrittenOutput(
        folder,
        container.extension(),
        List.of(new OutputFile("", folder.resolve(name), container.contentType())),
        "",
        List.of(measured));
  }

  private static String muxer(Container container) {
    return switch (container) {
      case MATROSKA -> "matroska";
      case MPEG_TS, HLS -> "mpegts";
      case MPEG_PS -> "vob";
      case AAC -> "adts";
      default -> container.extension();
    };
  }

  /** The frame rate the joined clips of a stitch job are brought to: the first clip's. */
  static Double stitchFrameRate(Source source) {
    Double first = source.info().frameRate();
    return first == null ? 25.0 : first;
  }

  /** The rendition's output frame rate: requested, limited, or the source's. */
  static Double frameRate(Encoding encoding, Source source) {
    Double chosen = encoding.frameRate(source.info().frameRate());
    return chosen != null
        ? chosen
        : source.stitched() ? stitchFrameRate(source) : source.info().frameRate();
  }

  private static Map<String, Object> metadata(Source source) {
    var out = new LinkedHashMap<String, Object>();
    out.put("source", source.info().describe());
    if (source.stitched()) {
      out.put("clips", source.clips().stream().map(clip -> clip.info().describe()).toList());
    }
    out.put("size", source.size());
    out.put("duration", source.duration());
    out.put(
        "ffprobe",
        source.stitched()
            ? source.clips().stream().map(clip -> clip.info().report()).toList()
            : source.info().report());
    return out;
  }

  /**
   * An analysis the sandbox does not perform: the document the service writes, with empty results.
   */
  private WrittenOutput analysis(OutputFolder folder, OutputKind kind) {
    Map<String, Object> result = new LinkedHashMap<>();
    result.put("sandbox", NOT_ANALYSED);
    switch (kind) {
      case SPEECH_TO_TEXT -> {
        result.put("language", null);
        result.put("text", "");
        result.put("segments", List.of());
        var files =
            List.of(
                written(folder, "transcript.json", json(result), "application/json"),
                written(
                    folder,
                    "transcript.vtt",
                    "WEBVTT\n".getBytes(StandardCharsets.UTF_8),
                    "text/vtt"),
                written(folder, "transcript.srt", new byte[0], "application/x-subrip"));
        return new WrittenOutput(folder, "json", files, "transcript.json", List.of(sized(files)));
      }
      case VIDEO_INTELLIGENCE -> {
        result.put("labels", List.of());
        result.put("shots", List.of());
        var files =
            List.of(written(folder, "video_intelligence.json", json(result), "application/json"));
        return new WrittenOutput(
            folder, "json", files, "video_intelligence.json", List.of(sized(files)));
      }
      case VMAF -> {
        result.put("pooled_metrics", Map.of());
        result.put("frames", List.of());
      }
      case AI_DETECTION -> result.put("detections", List.of());
      default -> result.put("peaks", List.of());
    }
    return document(folder, result);
  }

  private WrittenOutput document(OutputFolder folder, Object value) {
    OutputFile file = written(folder, "output.json", json(value), "application/json");
    var files = List.of(new OutputFile("", file.file(), file.contentType()));
    return new WrittenOutput(folder, "json", files, "", List.of(sized(files)));
  }

  /**
   * A small document the writer makes itself, put beside ffmpeg's files so that every output is a
   * file.
   */
  private static OutputFile written(
      OutputFolder folder, String name, byte[] content, String contentType) {
    try {
      return new OutputFile(name, Files.write(folder.resolve(name), content), contentType);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** A text output: only its size to report. */
  private static Measurement sized(List<OutputFile> files) {
    return new Measurement(Map.of(), null, null, files.stream().mapToLong(OutputFile::size).sum());
  }

  private byte[] json(Object value) {
    try {
      return json.writerWithDefaultPrettyPrinter().writeValueAsBytes(value);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException(e);
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
