package io.mediaflow.sandbox.transcoding;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One entry of a status's {@code videos}, {@code audios}, {@code images} or {@code texts}: an output, or one
 * stream of an HLS or DASH output. Mutated only by its {@link Job}, under the job's lock.
 */
final class OutputItem {

  final String tag;
  final OutputKind kind;
  final String userTag;
  final String profile;
  Map<String, Object> meta = new LinkedHashMap<>();
  Integer bitrate;
  Double duration;
  String status = "encoding";
  int percent;
  String url;
  String downloadUrl;
  Map<String, Object> storage;
  Long size;
  String errorDescription;

  /** {@code meta}, {@code bitrate}, {@code duration} and {@code size} are filled in from ffprobe once written. */
  OutputItem(String tag, OutputKind kind, String userTag, String profile) {
    this.tag = tag;
    this.kind = kind;
    this.userTag = userTag;
    this.profile = profile;
  }

  /** The figures ffprobe measured on the written rendition. */
  void measured(Measurement measurement) {
    meta = measurement.meta();
    bitrate = measurement.bitrate();
    duration = measurement.duration();
    size = measurement.size();
  }

  Map<String, Object> render() {
    var out = new LinkedHashMap<String, Object>();
    out.put("status", status);
    out.put("percent", percent);
    out.put("url", url);
    if (downloadUrl != null) {
      out.put("download_url", downloadUrl);
    }
    if (profile != null) {
      out.put("profile", profile);
    }
    out.put("output_format", kind.value());
    out.put("storage", storage);
    if (!meta.isEmpty()) {
      out.put("meta", meta);
    }
    out.put("bitrate", bitrate);
    out.put("duration", duration);
    out.put("size", size);
    out.put("tag", tag);
    out.put("user_tag", userTag);
    out.put("error", errorDescription == null ? 0 : 1);
    if (errorDescription != null) {
      out.put("error_description", errorDescription);
    }
    return out;
  }
}
