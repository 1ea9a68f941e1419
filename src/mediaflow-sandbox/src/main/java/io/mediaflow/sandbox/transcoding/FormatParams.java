package io.mediaflow.sandbox.transcoding;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.List;

/**
 * One validated element of the query's {@code format} array, read by the planner and the writers.
 *
 * @param index position in {@code format}; the middle number of the system tags
 * @param streams the renditions of an HLS or DASH output (the format itself when it has no {@code
 *     stream}); one element for other outputs
 * @param presetProfile the id of the profile a preset job took this format from, else null
 */
record FormatParams(
    int index,
    OutputKind kind,
    Fields fields,
    List<OutputDestination> destinations,
    List<Fields> streams,
    String presetProfile) {

  static final String DEFAULT_IMAGE_FORMAT = "png";
  static final double DEFAULT_SEGMENT_DURATION = 9;
  static final double DEFAULT_THUMBNAILS_INTERVAL = 10;
  static final int DEFAULT_JPEG_QUALITY = 100;

  FormatParams withPresetProfile(String profile) {
    return new FormatParams(index, kind, fields, destinations, streams, profile);
  }

  /** A rendition's attributes: those of its stream object over the format's own. */
  Fields settings(Fields stream) {
    if (stream == fields) {
      return fields;
    }
    ObjectNode merged = ((ObjectNode) fields.node()).deepCopy();
    merged.remove("stream");
    merged.setAll((ObjectNode) stream.node());
    return new Fields(merged, stream.path("").replaceAll("\\.$", ""));
  }

  /** HLS segments in fragmented MP4 rather than MPEG-TS. */
  boolean fmp4() {
    return fields.flag("fmp4");
  }

  String userTag() {
    return fields.string("user_tag");
  }

  Double startTime() {
    return fields.number("start_time", 0, Double.MAX_VALUE);
  }

  Double duration() {
    return fields.positive("duration");
  }

  String imageFormat() {
    String format = fields.string("image_format");
    return format == null ? DEFAULT_IMAGE_FORMAT : format;
  }

  /** JPEG quality of thumbnails, 1 to 100. */
  int jpegQuality() {
    Integer quality = fields.integer("quality", 1, 100);
    return quality == null ? DEFAULT_JPEG_QUALITY : quality;
  }

  /** Position of a thumbnail as a fraction of the duration. */
  Double time() {
    return fields.number("time", 0, 1);
  }

  Integer frameNumber() {
    return fields.integer("frame_number", 0, Integer.MAX_VALUE);
  }

  double interval() {
    Double interval = fields.positive("interval");
    return interval == null ? DEFAULT_THUMBNAILS_INTERVAL : interval;
  }

  boolean sprite() {
    return fields.flag("sprite");
  }

  Integer columns() {
    return fields.integer("columns", 1, Integer.MAX_VALUE);
  }

  double segmentDuration() {
    Double seconds = fields.positive("segment_duration");
    return seconds == null ? DEFAULT_SEGMENT_DURATION : seconds;
  }

  /** The URL of each file of {@code subtitles.sources}. */
  List<String> subtitleSources() {
    var sources = new ArrayList<String>();
    fields
        .node()
        .path("subtitles")
        .path("sources")
        .forEach(source -> sources.add(source.path("source").asText()));
    return sources;
  }

  boolean allowSoftFail() {
    return fields.flag("allow_soft_fail");
  }

  /** The master playlist's name (attribute name chosen by the sandbox: {@code playlist_name}). */
  String playlistName() {
    String name = fields.string("playlist_name");
    return name != null
        ? name
        : kind == OutputKind.ADVANCED_HLS || kind == OutputKind.HLS_AUDIO
            ? "playlist.m3u8"
            : "playlist.mpd";
  }
}
