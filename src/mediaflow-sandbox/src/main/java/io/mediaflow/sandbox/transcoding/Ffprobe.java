package io.mediaflow.sandbox.transcoding;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.mediaflow.sandbox.media.ChildProcesses;
import io.mediaflow.sandbox.media.FfmpegPrograms;
import java.io.IOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/** What ffprobe finds in a media file: the figures the status reports and the source's streams. */
final class Ffprobe {

  private static final ObjectMapper JSON = new ObjectMapper();

  /**
   * One probed file. Absent figures are null.
   *
   * @param bitrate bits per second of the whole file (all streams)
   * @param frameRate frames per second of the video stream
   */
  record Media(
      long size,
      Double duration,
      Long bitrate,
      Integer width,
      Integer height,
      String videoCodec,
      String audioCodec,
      Double frameRate,
      Integer frameCount,
      Map<String, Object> report) {

    boolean hasVideo() {
      return videoCodec != null;
    }

    boolean hasAudio() {
      return audioCodec != null;
    }

    /** The status item's {@code meta}, from the picture actually written. */
    Map<String, Object> meta() {
      return new Picture(width, height).meta();
    }
  }

  private Ffprobe() {}

  /** Probes {@code file}; null when ffprobe finds no media stream in it. */
  static Media probe(Path file) {
    JsonNode root = run(file);
    JsonNode video = null;
    JsonNode audio = null;
    for (JsonNode stream : root.path("streams")) {
      // cover art is a video stream of one picture, not the video
      boolean picture = stream.path("disposition").path("attached_pic").asInt() == 1;
      if (video == null && "video".equals(stream.path("codec_type").asText()) && !picture) {
        video = stream;
      } else if (audio == null && "audio".equals(stream.path("codec_type").asText())) {
        audio = stream;
      }
    }
    if (video == null && audio == null) {
      return null;
    }
    JsonNode format = root.path("format");
    Double duration =
        format.hasNonNull("duration") ? number(format.path("duration")) : lastPacketEnd(file);
    Double frameRate = video == null ? null : rate(video.path("avg_frame_rate").asText(""));
    Integer frames =
        video == null
            ? null
            : video.hasNonNull("nb_frames") ? video.path("nb_frames").asInt() : null;
    if (frames == null && frameRate != null && duration != null) {
      frames = (int) Math.round(frameRate * duration);
    }
    Long bitrate = format.hasNonNull("bit_rate") ? format.path("bit_rate").asLong() : null;
    long size = format.path("size").asLong(file.toFile().length());
    return new Media(
        size,
        duration,
        bitrate,
        video == null ? null : video.path("width").asInt(),
        video == null ? null : video.path("height").asInt(),
        video == null ? null : video.path("codec_name").asText(),
        audio == null ? null : audio.path("codec_name").asText(),
        frameRate,
        frames,
        report(root));
  }

  private static JsonNode run(Path file) {
    return run(
        FfmpegPrograms.ffprobe(
            "-v",
            "error",
            "-show_format",
            "-show_streams",
            "-of",
            "json",
            file.toAbsolutePath().toString()));
  }

  /**
   * Where the last packet ends, in seconds: the duration of a file whose header does not say it
   * (WebM DASH segments joined to their init segment).
   */
  private static Double lastPacketEnd(Path file) {
    JsonNode packets =
        run(FfmpegPrograms.ffprobe(
                "-v",
                "error",
                "-show_entries",
                "packet=pts_time,duration_time",
                "-of",
                "json",
                file.toAbsolutePath().toString()))
            .path("packets");
    double end = 0;
    for (JsonNode packet : packets) {
      end =
          Math.max(
              end, packet.path("pts_time").asDouble() + packet.path("duration_time").asDouble());
    }
    return end > 0 ? end : null;
  }

  private static JsonNode run(java.util.List<String> command) {
    try {
      Process process =
          ChildProcesses.start(
              FfmpegPrograms.process(command).redirectError(ProcessBuilder.Redirect.DISCARD));
      JsonNode root = JSON.readTree(process.getInputStream());
      process.waitFor();
      return root == null ? JSON.createObjectNode() : root;
    } catch (IOException e) {
      throw new JobFailure(JobFailure.METADATA, "ffprobe failed: " + e.getMessage());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new JobFailure(JobFailure.METADATA, "interrupted");
    }
  }

  /** ffprobe's own report, as the {@code metadata} output gives it. */
  @SuppressWarnings("unchecked")
  private static Map<String, Object> report(JsonNode root) {
    var out = new LinkedHashMap<String, Object>();
    out.put("format", JSON.convertValue(root.path("format"), Map.class));
    out.put("streams", JSON.convertValue(root.path("streams"), java.util.List.class));
    ((Map<String, Object>) out.get("format")).remove("filename");
    return out;
  }

  private static Double number(JsonNode value) {
    return value.isMissingNode() || value.isNull() ? null : value.asDouble();
  }

  /** {@code 25/1} or {@code 30000/1001}; null for {@code 0/0}. */
  private static Double rate(String fraction) {
    String[] parts = fraction.split("/");
    if (parts.length != 2 || parts[1].equals("0")) {
      return null;
    }
    return Double.parseDouble(parts[0]) / Double.parseDouble(parts[1]);
  }
}
