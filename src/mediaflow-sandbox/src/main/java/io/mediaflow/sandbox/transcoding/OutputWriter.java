package io.mediaflow.sandbox.transcoding;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.awt.Graphics2D;
import java.awt.image.BufferedImage;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.springframework.stereotype.Component;

/**
 * Produces the files of each format at the end of {@code encoding}. The sandbox does not re-encode: video and
 * audio files carry the source's bytes, HLS and DASH outputs are real playlists over a copy of the source,
 * images are drawn test cards of the requested size, {@code metadata} is the probe's real findings, and the
 * analysis outputs are written with empty results (and a warning saying so).
 */
@Component
class OutputWriter {

  private static final double DEFAULT_THUMBNAIL_TIME = 0.5;
  private static final int MAX_THUMBNAILS = 500;
  private static final String NOT_ANALYSED = "not analysed: the sandbox does not decode media";

  private final ObjectMapper json;

  OutputWriter(ObjectMapper json) {
    this.json = json;
  }

  WrittenOutput write(OutputPlanner.Plan plan, Source source) {
    OutputKind kind = plan.format().kind();
    if (kind.needsVideo() && !source.info().hasVideo()) {
      throw new JobFailure(JobFailure.EXTRACT_VIDEO, "the " + source.info().container().extension()
          + " source has no video stream");
    }
    byte[] media = source.first().bytes();
    return switch (kind) {
      case MP4, WEBM, MP3, FLAC, M4A -> WrittenOutput.single(kind.extension(), media, contentType(kind));
      case REPACK -> WrittenOutput.single(source.info().container().extension(), media,
          source.info().container().contentType());
      case ADVANCED_HLS, HLS_AUDIO -> Playlists.hls(plan, source);
      case ADVANCED_DASH, WEBM_DASH -> Playlists.dash(plan, source);
      case THUMBNAIL, SMART_THUMBNAIL, GIF -> still(plan, source);
      case THUMBNAILS -> thumbnails(plan, source);
      case METADATA -> WrittenOutput.single("json", document(metadata(source)), "application/json");
      case SPEECH_TO_TEXT, VMAF, VIDEO_INTELLIGENCE, AI_DETECTION, WAVEFORM -> analysis(kind);
    };
  }

  private WrittenOutput still(OutputPlanner.Plan plan, Source source) {
    FormatParams format = plan.format();
    String imageFormat = format.kind() == OutputKind.GIF ? "gif" : format.imageFormat();
    Picture size = plan.renditions().getFirst().picture();
    BufferedImage card = ImageRenderer.card(size.width(), size.height(), position(format, source.info()));
    return WrittenOutput.single(imageFormat, ImageRenderer.encode(card, imageFormat, format.jpegQuality()),
        ImageRenderer.contentType(imageFormat));
  }

  /** Where a thumbnail stands, 0 to 1: {@code frame_number} wins over {@code time}. */
  private static double position(FormatParams format, MediaInfo info) {
    Integer frame = format.frameNumber();
    if (frame != null) {
      if (info.frameCount() != null && frame >= info.frameCount()) {
        throw new JobFailure(JobFailure.IMAGE_EXTRACT,
            "frame_number " + frame + " is beyond the last frame (" + (info.frameCount() - 1) + ")");
      }
      return info.frameCount() == null || info.frameCount() == 0 ? 0 : frame / (double) info.frameCount();
    }
    return format.time() == null ? DEFAULT_THUMBNAIL_TIME : format.time();
  }

  /** Images every {@code interval} seconds (or one sprite of them), indexed by a WebVTT file. */
  private WrittenOutput thumbnails(OutputPlanner.Plan plan, Source source) {
    FormatParams format = plan.format();
    String imageFormat = format.imageFormat();
    Picture size = plan.renditions().getFirst().picture();
    Double duration = plan.renditions().getFirst().item().duration != null
        ? plan.renditions().getFirst().item().duration : source.duration();
    double interval = format.interval();
    // one image at the start of each interval; the end of the video itself has no frame
    int count = duration == null ? 1 : (int) Math.clamp(Math.ceil(duration / interval), 1, MAX_THUMBNAILS);
    double total = duration == null ? interval : duration;
    var files = new ArrayList<OutputFile>();
    var vtt = new StringBuilder("WEBVTT\n");
    int columns = format.columns() != null ? format.columns() : (int) Math.ceil(Math.sqrt(count));
    BufferedImage sprite = format.sprite() ? new BufferedImage(size.width() * Math.min(columns, count),
        size.height() * ((count + columns - 1) / columns), BufferedImage.TYPE_INT_RGB) : null;
    Graphics2D spriteGraphics = sprite == null ? null : sprite.createGraphics();
    for (int i = 0; i < count; i++) {
      double from = i * interval;
      double to = Math.min(total, from + interval);
      BufferedImage card = ImageRenderer.card(size.width(), size.height(), total <= 0 ? 0 : from / total);
      String reference;
      if (sprite != null) {
        int x = (i % columns) * size.width();
        int y = (i / columns) * size.height();
        spriteGraphics.drawImage(card, x, y, null);
        reference = "sprite." + imageFormat + "#xywh=" + x + "," + y + "," + size.width() + "," + size.height();
      } else {
        reference = String.format(Locale.ROOT, "thumbnail_%04d.%s", i + 1, imageFormat);
        files.add(new OutputFile(reference, ImageRenderer.encode(card, imageFormat, format.jpegQuality()),
            ImageRenderer.contentType(imageFormat)));
      }
      vtt.append('\n').append(cue(from)).append(" --> ").append(cue(Math.max(to, from))).append('\n')
          .append(reference).append('\n');
    }
    if (sprite != null) {
      spriteGraphics.dispose();
      files.add(new OutputFile("sprite." + imageFormat, ImageRenderer.encode(sprite, imageFormat,
          format.jpegQuality()), ImageRenderer.contentType(imageFormat)));
    }
    files.addFirst(new OutputFile("thumbnails.vtt", vtt.toString().getBytes(StandardCharsets.UTF_8), "text/vtt"));
    long bytes = files.stream().mapToLong(file -> file.content().length).sum();
    return new WrittenOutput("vtt", files, "thumbnails.vtt", List.of(bytes));
  }

  private static Map<String, Object> metadata(Source source) {
    var out = new LinkedHashMap<String, Object>();
    out.put("source", source.info().describe());
    if (source.clips().size() > 1) {
      out.put("clips", source.clips().stream().map(clip -> clip.info().describe()).toList());
    }
    out.put("size", source.size());
    out.put("duration", source.duration());
    return out;
  }

  /** An analysis the sandbox does not perform: the document the service writes, with empty results. */
  private WrittenOutput analysis(OutputKind kind) {
    Map<String, Object> result = new LinkedHashMap<>();
    result.put("sandbox", NOT_ANALYSED);
    switch (kind) {
      case SPEECH_TO_TEXT -> {
        result.put("language", null);
        result.put("text", "");
        result.put("segments", List.of());
        byte[] transcript = document(result);
        var files = List.of(new OutputFile("transcript.json", transcript, "application/json"),
            new OutputFile("transcript.vtt", "WEBVTT\n".getBytes(StandardCharsets.UTF_8), "text/vtt"),
            new OutputFile("transcript.srt", new byte[0], "application/x-subrip"));
        return new WrittenOutput("json", files, "transcript.json",
            List.of(files.stream().mapToLong(file -> file.content().length).sum()));
      }
      case VIDEO_INTELLIGENCE -> {
        result.put("labels", List.of());
        result.put("shots", List.of());
        byte[] labels = document(result);
        return new WrittenOutput("json", List.of(new OutputFile("video_intelligence.json", labels,
            "application/json")), "video_intelligence.json", List.of((long) labels.length));
      }
      case VMAF -> {
        result.put("pooled_metrics", Map.of());
        result.put("frames", List.of());
      }
      case AI_DETECTION -> result.put("detections", List.of());
      default -> result.put("peaks", List.of());
    }
    return WrittenOutput.single("json", document(result), "application/json");
  }

  private byte[] document(Object value) {
    try {
      return json.writerWithDefaultPrettyPrinter().writeValueAsBytes(value);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException(e);
    }
  }

  private static String contentType(OutputKind kind) {
    return switch (kind) {
      case MP4 -> "video/mp4";
      case WEBM -> "video/webm";
      case MP3 -> "audio/mpeg";
      case FLAC -> "audio/flac";
      default -> "audio/mp4";
    };
  }

  private static String cue(double seconds) {
    long millis = Math.round(seconds * 1000);
    return String.format(Locale.ROOT, "%02d:%02d:%02d.%03d", millis / 3_600_000, millis / 60_000 % 60,
        millis / 1000 % 60, millis % 1000);
  }
}
