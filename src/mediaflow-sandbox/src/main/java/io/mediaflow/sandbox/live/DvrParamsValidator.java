package io.mediaflow.sandbox.live;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;
import org.springframework.stereotype.Component;

/**
 * Reads {@code dvr} of a create request: every rule of the document's DVR and destination tables.
 */
@Component
class DvrParamsValidator {

  private static final Set<String> FIELDS =
      Set.of(
          "enabled", "destination", "stream_source", "resolution", "format", "max_file_duration");
  private static final Set<String> DESTINATION_FIELDS =
      Set.of("url", "access_key", "secret_key", "permissions", "storage_class");
  private static final List<String> SCHEMES = List.of("s3", "b2", "azblob", "ftp", "ftps", "sftp");
  private static final List<String> STREAM_SOURCES = List.of("original", "transcoded", "auto");
  private static final List<String> RESOLUTIONS =
      List.of("highest", "lowest", "240p", "480p", "720p", "1080p", "1440p", "4k", "all");
  private static final List<String> FORMATS = List.of("mp4", "ts", "hls");

  /** The S3 canned ACLs. */
  private static final List<String> PERMISSIONS =
      List.of(
          "private",
          "public-read",
          "public-read-write",
          "authenticated-read",
          "aws-exec-read",
          "bucket-owner-read",
          "bucket-owner-full-control");

  private static final List<String> STORAGE_CLASSES =
      List.of(
          "STANDARD",
          "REDUCED_REDUNDANCY",
          "STANDARD_IA",
          "ONEZONE_IA",
          "INTELLIGENT_TIERING",
          "GLACIER",
          "GLACIER_IR",
          "DEEP_ARCHIVE");
  private static final Pattern S3_ACCESS_KEY = Pattern.compile("[A-Za-z0-9]{20}");
  private static final Pattern S3_SECRET = Pattern.compile("\\S{40}");

  /** The key of an S3-compatible store other than AWS: not blank. */
  private static final Pattern ANY_KEY = Pattern.compile("(?s).*\\S.*");

  DvrParams read(LiveRequestBody dvr) {
    dvr.allowOnly(FIELDS);
    boolean enabled = enabled(dvr);
    var destination = dvr.value("destination");
    List<LiveDvrDestination> destinations =
        destination.map(value -> destinations(value, dvr.name("destination"))).orElse(List.of());
    if (enabled && destinations.isEmpty()) {
      throw LiveApiException.invalid(dvr.name("destination"), "required when enabled is 1");
    }
    var format = dvr.value("format");
    return new DvrParams(
        enabled,
        destinations,
        destination.map(JsonNode::isArray).orElse(false),
        dvr.oneOf("stream_source", STREAM_SOURCES, "auto"),
        dvr.oneOf("resolution", RESOLUTIONS, "highest"),
        format.map(value -> formats(value, dvr.name("format"))).orElse(List.of("mp4")),
        format.map(JsonNode::isArray).orElse(false),
        dvr.integer(
            "max_file_duration",
            1,
            DvrParams.MAX_FILE_DURATION_LIMIT,
            DvrParams.DEFAULT_MAX_FILE_DURATION));
  }

  /** 0 or 1 as the document gives it; true and false as responses may show it. */
  private static boolean enabled(LiveRequestBody dvr) {
    return dvr.value("enabled")
        .map(
            value -> {
              if (value.isBoolean()) {
                return value.booleanValue();
              }
              if (value.isIntegralNumber() && (value.intValue() == 0 || value.intValue() == 1)) {
                return value.intValue() == 1;
              }
              throw LiveApiException.invalid(
                  dvr.name("enabled"), "must be 0 or 1 (or true or false)");
            })
        .orElse(false);
  }

  private static List<LiveDvrDestination> destinations(JsonNode value, String name) {
    if (!value.isArray()) {
      return List.of(destination(LiveRequestBody.of(value, name)));
    }
    if (value.isEmpty()) {
      throw LiveApiException.invalid(name, "must hold at least one destination");
    }
    var destinations = new ArrayList<LiveDvrDestination>();
    for (int i = 0; i < value.size(); i++) {
      destinations.add(destination(LiveRequestBody.of(value.get(i), name + "[" + i + "]")));
    }
    return destinations;
  }

  private static LiveDvrDestination destination(LiveRequestBody destination) {
    destination.allowOnly(DESTINATION_FIELDS);
    String url =
        destination
            .url("url", SCHEMES)
            .orElseThrow(() -> LiveApiException.invalid(destination.name("url"), "required"));
    boolean s3 = url.startsWith("s3://");
    String accessKey = destination.text("access_key").orElse(null);
    String secretKey = destination.text("secret_key").orElse(null);
    if (s3 && new LiveDvrDestination(url, null, null, null, null).isAws()) {
      requireMatch(
          destination, "access_key", accessKey, S3_ACCESS_KEY, "20 alphanumeric characters");
      requireMatch(destination, "secret_key", secretKey, S3_SECRET, "40 characters without spaces");
    } else if (s3) {
      // Another S3-compatible store: keys of its own form, but keys all the same.
      requireMatch(destination, "access_key", accessKey, ANY_KEY, "the store's access key");
      requireMatch(destination, "secret_key", secretKey, ANY_KEY, "the store's secret");
    } else if ((accessKey == null) != (secretKey == null)) {
      String missing = accessKey == null ? "access_key" : "secret_key";
      throw LiveApiException.invalid(
          destination.name(missing), "required together with the other credential");
    }
    for (String s3Only : List.of("permissions", "storage_class")) {
      if (!s3 && destination.value(s3Only).isPresent()) {
        throw LiveApiException.invalid(
            destination.name(s3Only), "applies only to s3:// destinations");
      }
    }
    return new LiveDvrDestination(
        url,
        accessKey,
        secretKey,
        s3 ? destination.oneOf("permissions", PERMISSIONS, "private") : null,
        s3 ? destination.oneOf("storage_class", STORAGE_CLASSES, null) : null);
  }

  private static void requireMatch(
      LiveRequestBody object, String field, String value, Pattern pattern, String rule) {
    if (value == null || !pattern.matcher(value).matches()) {
      // The value itself is a credential: the message names the rule, never the value.
      throw LiveApiException.invalid(
          object.name(field), "required for s3:// destinations; " + rule);
    }
  }

  private static List<String> formats(JsonNode value, String name) {
    if (value.isTextual()) {
      return List.of(format(value, name));
    }
    if (!value.isArray() || value.isEmpty()) {
      throw LiveApiException.invalid(
          name, "must be one of " + String.join(", ", FORMATS) + " or a non-empty list");
    }
    var formats = new ArrayList<String>();
    var seen = new HashSet<String>();
    for (int i = 0; i < value.size(); i++) {
      String format = format(value.get(i), name + "[" + i + "]");
      if (!seen.add(format)) {
        throw LiveApiException.invalid(name + "[" + i + "]", "'" + format + "' is listed twice");
      }
      formats.add(format);
    }
    return formats;
  }

  private static String format(JsonNode value, String name) {
    if (!value.isTextual() || !FORMATS.contains(value.textValue())) {
      throw LiveApiException.invalid(name, "must be one of " + String.join(", ", FORMATS));
    }
    return value.textValue();
  }
}
