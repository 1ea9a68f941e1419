package io.mediaflow.sandbox.transcoding;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Checks a custom job's {@code query} against every documented rule (document 3, section 2): error
 * 14 names a missing required field, error 19 names the field and the rule it breaks. Unknown
 * attributes are ignored, as the service ignores them. Where the document gives values but no
 * attribute name, the names checked are the sandbox's choice, listed in {@link UnnamedAttributes}.
 */
final class QueryValidator {

  static final int MAX_PAYLOAD = 1000;

  private static final List<String> VIDEO_CODECS =
      List.of(
          "libx264", "libx265", "libvpx", "libvpx-vp9", "libsvtav1", "lcevc_h264", "lcevc_hevc");
  private static final List<String> IMAGE_FORMATS = List.of("png", "jpg", "webp");
  private static final List<String> SMART_THUMBNAIL_FORMATS = List.of("png", "jpg");
  private static final List<String> ACLS =
      List.of("bucket-owner-full-control", "bucket-owner-read");
  private static final Pattern SIZE = Pattern.compile("([1-9]\\d{0,4})x([1-9]\\d{0,4})");
  private static final Pattern KEYFRAME_SECONDS = Pattern.compile("\\d+(\\.\\d+)?s");
  private static final int MAX_DIMENSION = 16384;

  private final int encoderVersion;
  private final boolean useV2;

  private QueryValidator(int encoderVersion, boolean useV2) {
    this.encoderVersion = encoderVersion;
    this.useV2 = useV2;
  }

  /** Error 9 when the payload is longer than the service accepts. */
  static void checkPayload(String payload) {
    if (payload != null && payload.length() > MAX_PAYLOAD) {
      throw new TranscodingApiError(
          TranscodingApiError.BAD_PAYLOAD,
          "Field 'payload' is too long: "
              + payload.length()
              + " characters, at most "
              + MAX_PAYLOAD
              + ".");
    }
  }

  /**
   * The {@code query} form field of {@code /v1/start_encode2}: JSON with the single top-level key
   * {@code query}.
   */
  static JobRequest validate(String queryJson, ObjectMapper json) {
    return validate(new Fields(query(queryJson, json), ""));
  }

  /**
   * The object under the top-level key {@code query} of the form field, before its fields are
   * checked.
   */
  static JsonNode query(String queryJson, ObjectMapper json) {
    if (queryJson == null || queryJson.isBlank()) {
      throw TranscodingApiError.required("query");
    }
    JsonNode root;
    try {
      root = json.readTree(queryJson);
    } catch (JsonProcessingException e) {
      throw TranscodingApiError.invalid("query", "must be JSON of the form {\"query\": {...}}");
    }
    if (root == null || !root.isObject()) {
      throw TranscodingApiError.invalid("query", "must be JSON of the form {\"query\": {...}}");
    }
    var top = new Fields(root, "");
    if (!top.has("query")) {
      throw new TranscodingApiError(
          TranscodingApiError.FIELD_REQUIRED,
          "Field 'query' is required: the form field query holds JSON of the form {\"query\": {...}}.");
    }
    // fields are named as in the document (source, format[0].output), without the enclosing
    // "query."
    return top.object("query").node();
  }

  static JobRequest validate(Fields query) {
    Integer version = query.integerIn("encoder_version", List.of(1, 2));
    var validator = new QueryValidator(version == null ? 1 : version, query.flag("use_v2"));
    query.httpUrl("callback_url");
    boolean hasSource = query.has("source");
    boolean hasStitch = query.has("stitch");
    if (hasSource && hasStitch) {
      throw TranscodingApiError.invalid(
          "source", "give exactly one of 'source' and 'stitch', not both");
    }
    if (!hasSource && !hasStitch) {
      throw TranscodingApiError.required("source");
    }
    List<SourceClip> clips =
        hasSource
            ? List.of(source(query.requiredString("source"), query.path("source")))
            : stitch(query.get("stitch"), query.path("stitch"));
    return new JobRequest(clips, hasStitch, validator.formats(query), validator.encoderVersion);
  }

  private static final java.util.regex.Pattern TUS_FILE_ID =
      java.util.regex.Pattern.compile("[A-Za-z0-9._~-]+");

  /**
   * {@code source}: an http(s) URL or {@code tus:<file_uuid>}; the id is checked for its form only
   * (a path segment: the document does not show it as a dashed UUID), an unknown upload fails the
   * job as a download error.
   */
  static SourceClip source(String value, String field) {
    String url = value.strip();
    if (url.startsWith(SourceClip.TUS_PREFIX)) {
      if (!TUS_FILE_ID.matcher(url.substring(SourceClip.TUS_PREFIX.length())).matches()) {
        throw TranscodingApiError.invalid(
            field, "tus: must be followed by the file_uuid of a TUS upload");
      }
    } else if (!Fields.isHttpUrl(url)) {
      throw TranscodingApiError.invalid(field, "must be an http or https URL, or tus:<file_uuid>");
    }
    return new SourceClip(url, null, null);
  }

  /**
   * {@code stitch}: URL strings or {@code {url, start_time, duration}} objects; the same URL may
   * repeat.
   */
  static List<SourceClip> stitch(JsonNode stitch, String field) {
    if (stitch == null || !stitch.isArray()) {
      throw TranscodingApiError.invalid(
          field, "must be an array of URLs or {url, start_time, duration} objects");
    }
    if (stitch.isEmpty()) {
      throw TranscodingApiError.required(field + "[0]");
    }
    var clips = new ArrayList<SourceClip>();
    for (int i = 0; i < stitch.size(); i++) {
      JsonNode item = stitch.get(i);
      String at = field + "[" + i + "]";
      if (item.isTextual()) {
        clips.add(source(item.asText(), at));
      } else if (item.isObject()) {
        var clip = new Fields(item, at);
        SourceClip url = source(clip.requiredString("url"), clip.path("url"));
        clips.add(
            new SourceClip(
                url.url(),
                clip.number("start_time", 0, Double.MAX_VALUE),
                clip.positive("duration")));
      } else {
        throw TranscodingApiError.invalid(
            at, "must be a URL or an object {url, start_time, duration}");
      }
    }
    return clips;
  }

  private List<FormatParams> formats(Fields query) {
    JsonNode formats = query.get("format");
    if (formats == null || (formats.isArray() && formats.isEmpty())) {
      throw TranscodingApiError.required("format");
    }
    if (!formats.isArray()) {
      throw TranscodingApiError.invalid("format", "must be an array of format objects");
    }
    var result = new ArrayList<FormatParams>();
    for (int i = 0; i < formats.size(); i++) {
      String at = "format[" + i + "]";
      if (!formats.get(i).isObject()) {
        throw TranscodingApiError.invalid(at, "must be a format object");
      }
      result.add(format(new Fields(formats.get(i), at), i));
    }
    return result;
  }

  private FormatParams format(Fields format, int index) {
    String output = format.requiredString("output");
    OutputKind kind =
        OutputKind.of(output)
            .orElseThrow(
                () ->
                    TranscodingApiError.invalid(
                        format.path("output"),
                        "must be one of " + String.join(", ", OutputKind.names())));
    if (kind == OutputKind.VMAF && encoderVersion != 1) {
      throw TranscodingApiError.invalid(
          format.path("output"), "vmaf works with encoder_version 1 only");
    }
    format.number("start_time", 0, Double.MAX_VALUE);
    format.positive("duration");
    encodingAttributes(format, kind);
    imageAttributes(format, kind);
    format.flag("allow_soft_fail");
    format.string("playlist_name");
    subtitles(format);
    List<Fields> streams = streams(format, kind);
    return new FormatParams(index, kind, format, destinations(format), streams, null);
  }

  private List<Fields> streams(Fields format, OutputKind kind) {
    JsonNode stream = format.get("stream");
    if (stream == null) {
      return List.of(format);
    }
    if (!kind.adaptive()) {
      throw TranscodingApiError.invalid(
          format.path("stream"), "only for advanced_hls, advanced_dash and webm_dash");
    }
    if (!stream.isArray() || stream.isEmpty()) {
      throw TranscodingApiError.invalid(
          format.path("stream"), "must be a non-empty array of stream objects");
    }
    var streams = new ArrayList<Fields>();
    for (int i = 0; i < stream.size(); i++) {
      String at = format.path("stream") + "[" + i + "]";
      if (!stream.get(i).isObject()) {
        throw TranscodingApiError.invalid(at, "must be a stream object");
      }
      var fields = new Fields(stream.get(i), at);
      encodingAttributes(fields, kind);
      streams.add(fields);
    }
    return streams;
  }

  /** The attributes allowed on a format and, for HLS and DASH, on each stream object. */
  private void encodingAttributes(Fields f, OutputKind kind) {
    String size = f.string("size");
    if (size != null && !SIZE.matcher(size).matches()) {
      throw TranscodingApiError.invalid(
          f.path("size"), "must be <width>x<height> in pixels, for example 1280x720");
    }
    f.integer("width", 1, MAX_DIMENSION);
    f.integer("height", 1, MAX_DIMENSION);
    f.integer("resolution", 1, MAX_DIMENSION);
    f.positive("framerate");
    f.positive("framerate_limit");
    f.flag("frame_match");
    keyframe(f);
    if (kind.jpegQuality()) {
      f.integer("quality", 1, 100);
    } else {
      f.number("quality", 0, 51);
    }
    f.integer("bitrate", 1, Integer.MAX_VALUE);
    f.integer("audio_bitrate", 1, Integer.MAX_VALUE);
    String codec = f.oneOf("video_codec", VIDEO_CODECS);
    if (codec != null && codec.startsWith("lcevc_") && encoderVersion != 2) {
      throw TranscodingApiError.invalid(f.path("video_codec"), codec + " needs encoder_version 2");
    }
    if (f.flag("keep_sei") && encoderVersion != 2 && !useV2) {
      throw TranscodingApiError.invalid(
          f.path("keep_sei"), "needs encoder_version 2 (or use_v2 set to 1)");
    }
    logo(f);
    f.string("user_tag");
    f.positive("segment_duration");
    f.flag("fmp4");
    f.flag("optimize_bitrate");
    Integer minCrf = f.integer("min_crf", 0, 51);
    Integer maxCrf = f.integer("max_crf", 0, 51);
    if ((minCrf == null ? 0 : minCrf) > (maxCrf == null ? 51 : maxCrf)) {
      throw TranscodingApiError.invalid(f.path("min_crf"), "must not be above max_crf");
    }
    UnnamedAttributes.check(f, codec);
  }

  private static void keyframe(Fields f) {
    JsonNode keyframe = f.get("keyframe");
    if (keyframe == null) {
      return;
    }
    boolean frames =
        keyframe.canConvertToExactIntegral() && keyframe.asLong() >= 1
            || keyframe.isTextual() && keyframe.asText().matches("[1-9]\\d*");
    boolean seconds =
        keyframe.isTextual()
            && KEYFRAME_SECONDS.matcher(keyframe.asText()).matches()
            && Double.parseDouble(keyframe.asText().replace("s", "")) > 0;
    if (!frames && !seconds) {
      throw TranscodingApiError.invalid(
          f.path("keyframe"),
          "must be a number of frames (integer above 0) or seconds with the suffix s, for example 3s");
    }
  }

  private static void logo(Fields f) {
    JsonNode logo = f.get("logo");
    if (logo == null) {
      return;
    }
    List<JsonNode> logos = new ArrayList<>();
    if (logo.isArray()) {
      logo.forEach(logos::add);
    } else if (logo.isObject()) {
      logos.add(logo);
    } else {
      throw TranscodingApiError.invalid(
          f.path("logo"), "must be a logo object or an array of logo objects");
    }
    for (int i = 0; i < logos.size(); i++) {
      String at = logo.isArray() ? f.path("logo") + "[" + i + "]" : f.path("logo");
      if (!logos.get(i).isObject()) {
        throw TranscodingApiError.invalid(at, "must be a logo object {source, x, y}");
      }
      var item = new Fields(logos.get(i), at);
      item.requiredString("source");
      item.httpUrl("source");
      item.integer("x", Integer.MIN_VALUE, Integer.MAX_VALUE);
      item.integer("y", Integer.MIN_VALUE, Integer.MAX_VALUE);
    }
  }

  private static void imageAttributes(Fields f, OutputKind kind) {
    f.number("time", 0, 1);
    f.integer("frame_number", 0, Integer.MAX_VALUE);
    f.positive("interval");
    f.oneOf(
        "image_format",
        kind == OutputKind.SMART_THUMBNAIL ? SMART_THUMBNAIL_FORMATS : IMAGE_FORMATS);
    boolean sprite = f.flag("sprite");
    if (f.integer("columns", 1, 1000) != null && !sprite) {
      throw TranscodingApiError.invalid(f.path("columns"), "needs sprite set to 1");
    }
  }

  private static void subtitles(Fields f) {
    Fields subtitles = f.object("subtitles");
    if (subtitles == null) {
      return;
    }
    subtitles.flag("copy");
    JsonNode sources = subtitles.get("sources");
    if (sources == null) {
      return;
    }
    if (!sources.isArray()) {
      throw TranscodingApiError.invalid(
          subtitles.path("sources"), "must be an array of {source, language}");
    }
    for (int i = 0; i < sources.size(); i++) {
      String at = subtitles.path("sources") + "[" + i + "]";
      if (!sources.get(i).isObject()) {
        throw TranscodingApiError.invalid(at, "must be an object {source, language}");
      }
      subtitle(new Fields(sources.get(i), at));
    }
  }

  /**
   * One subtitle file: {@code source} (an .ass or .srt URL) and {@code language}, both required.
   */
  static void subtitle(Fields subtitle) {
    subtitle.requiredString("source");
    subtitle.httpUrl("source");
    subtitle.requiredString("language");
  }

  private static List<OutputDestination> destinations(Fields f) {
    JsonNode destination = f.get("destination");
    if (destination == null) {
      return List.of();
    }
    if (!destination.isObject() && !(destination.isArray() && !destination.isEmpty())) {
      throw TranscodingApiError.invalid(
          f.path("destination"), "must be a destination object or a non-empty array of them");
    }
    var result = new ArrayList<OutputDestination>();
    for (int i = 0; i < (destination.isArray() ? destination.size() : 1); i++) {
      JsonNode item = destination.isArray() ? destination.get(i) : destination;
      String at =
          destination.isArray() ? f.path("destination") + "[" + i + "]" : f.path("destination");
      if (!item.isObject()) {
        throw TranscodingApiError.invalid(at, "must be a destination object");
      }
      var fields = new Fields(item, at);
      String url = fields.requiredString("url");
      result.add(
          OutputDestination.parse(url.strip())
              .orElseThrow(
                  () ->
                      TranscodingApiError.invalid(
                          fields.path("url"),
                          "must start with s3://, b2://, azblob://, ftp://, ftps:// or sftp:// and name a bucket or host")));
      fields.string("key");
      fields.string("secret");
      fields.string("permissions");
      fields.oneOf("acl", ACLS);
      fields.string("cache_control");
      fields.oneOf("storage_class", Set.of("REDUCED_REDUNDANCY"));
    }
    return result;
  }
}
