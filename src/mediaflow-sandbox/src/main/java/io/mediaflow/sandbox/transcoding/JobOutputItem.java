package io.mediaflow.sandbox.transcoding;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One entry of a status's {@code videos}, {@code audios}, {@code images} or {@code texts}: an
 * output, or one stream of an HLS or DASH output. Mutated only by its {@link Job}, under the job's
 * lock.
 */
final class JobOutputItem {

  /** An item as the sandbox's database keeps it, with its job. */
  record Saved(
      String tag,
      OutputKind kind,
      String userTag,
      String profile,
      Map<String, Object> meta,
      Integer bitrate,
      Double duration,
      String status,
      int percent,
      String url,
      String downloadUrl,
      Map<String, Object> storage,
      Long size,
      String errorDescription) {}

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

  /**
   * {@code meta}, {@code bitrate}, {@code duration} and {@code size} are filled in from ffprobe
   * once written.
   */
  JobOutputItem(String tag, OutputKind kind, String userTag, String profile) {
    this.tag = tag;
    this.kind = kind;
    this.userTag = userTag;
    this.profile = profile;
  }

  static JobOutputItem restored(Saved saved) {
    var item = new JobOutputItem(saved.tag(), saved.kind(), saved.userTag(), saved.profile());
    item.meta = saved.meta();
    item.bitrate = saved.bitrate();
    item.duration = saved.duration();
    item.status = saved.status();
    item.percent = saved.percent();
    item.url = saved.url();
    item.downloadUrl = saved.downloadUrl();
    item.storage = saved.storage();
    item.size = saved.size();
    item.errorDescription = saved.errorDescription();
    return item;
  }

  Saved saved() {
    return new Saved(
        tag,
        kind,
        userTag,
        profile,
        meta,
        bitrate,
        duration,
        status,
        percent,
        url,
        downloadUrl,
        storage,
        size,
        errorDescription);
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
