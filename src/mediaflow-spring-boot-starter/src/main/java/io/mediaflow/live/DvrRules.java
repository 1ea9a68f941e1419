package io.mediaflow.live;

import io.mediaflow.api.Rules;
import java.util.HashSet;
import java.util.List;
import java.util.regex.Pattern;

/**
 * Every rule of document 2's DVR and destination tables, checked before a stream is created. Fields are named
 * with their place in the request ({@code dvr.destination[1].url}); credential values are never echoed.
 */
public final class DvrRules {

  public static final int MAX_FILE_DURATION_LIMIT = 21_600;
  static final List<String> DESTINATION_PREFIXES = List.of("s3://", "b2://", "azblob://", "ftp://", "ftps://", "sftp://");
  static final List<String> STREAM_SOURCES = List.of("original", "transcoded", "auto");
  static final List<String> RESOLUTIONS = List.of("highest", "lowest", "240p", "480p", "720p", "1080p", "1440p", "4k", "all");
  public static final List<String> FORMATS = List.of("mp4", "ts", "hls");
  /** "Other canned ACL values are allowed": the S3 canned ACLs. */
  static final List<String> PERMISSIONS = List.of("private", "public-read", "public-read-write", "authenticated-read",
      "aws-exec-read", "bucket-owner-read", "bucket-owner-full-control");
  /** The S3 storage classes; the document names REDUCED_REDUNDANCY. */
  static final List<String> STORAGE_CLASSES = List.of("STANDARD", "REDUCED_REDUNDANCY", "STANDARD_IA", "ONEZONE_IA",
      "INTELLIGENT_TIERING", "GLACIER", "GLACIER_IR", "DEEP_ARCHIVE");
  private static final Pattern S3_ACCESS_KEY = Pattern.compile("[A-Za-z0-9]{20}");
  /** Letters, digits and special characters: anything but white space. */
  private static final Pattern S3_SECRET = Pattern.compile("\\S{40}");

  private DvrRules() {}

  static void check(Rules rules, Dvr dvr) {
    if (dvr == null) {
      return;
    }
    List<DvrDestination> destinations = dvr.destination();
    if (destinations == null) {
      rules.require(!dvr.isOn(), "dvr.destination", "is required when enabled is 1");
    } else if (destinations.isEmpty()) {
      rules.add("dvr.destination", "must hold at least one destination");
    } else {
      for (int i = 0; i < destinations.size(); i++) {
        checkDestination(rules, destinations.size() == 1 ? "dvr.destination" : "dvr.destination[" + i + "]", destinations.get(i));
      }
    }
    oneOf(rules, "dvr.stream_source", dvr.streamSource(), STREAM_SOURCES);
    oneOf(rules, "dvr.resolution", dvr.resolution(), RESOLUTIONS);
    if (dvr.format() != null) {
      rules.require(!dvr.format().isEmpty(), "dvr.format", "must name at least one of " + String.join(", ", FORMATS));
      var seen = new HashSet<String>();
      for (int i = 0; i < dvr.format().size(); i++) {
        String format = dvr.format().get(i);
        String field = dvr.format().size() == 1 ? "dvr.format" : "dvr.format[" + i + "]";
        rules.require(format != null && FORMATS.contains(format), field, "must be one of " + String.join(", ", FORMATS));
        rules.require(format == null || seen.add(format), field, "is listed twice");
      }
    }
    Integer duration = dvr.maxFileDuration();
    rules.require(duration == null || (duration >= 1 && duration <= MAX_FILE_DURATION_LIMIT), "dvr.max_file_duration",
        "must be from 1 to " + MAX_FILE_DURATION_LIMIT + " seconds");
  }

  private static void checkDestination(Rules rules, String at, DvrDestination destination) {
    if (destination == null || destination.url() == null || destination.url().isBlank()) {
      rules.add(at + ".url", "is required");
      return;
    }
    String url = destination.url();
    String prefix = DESTINATION_PREFIXES.stream().filter(url::startsWith).findFirst().orElse(null);
    if (prefix == null) {
      rules.add(at + ".url", "must start with one of " + String.join(", ", DESTINATION_PREFIXES));
      return;
    }
    java.net.URI uri = StreamRules.uri(url);
    if (uri == null || uri.getRawAuthority() == null) {
      rules.add(at + ".url", "must be a URL that names a bucket or host after " + prefix);
      return;
    }
    rules.require(uri.getRawUserInfo() == null && !uri.getRawAuthority().contains("@"), at + ".url",
        "must not carry credentials; give them as " + NotShownFields.ACCESS_KEY + " and " + NotShownFields.SECRET_KEY);
    boolean hasAccessKey = destination.accessKey() != null;
    boolean hasSecret = destination.secretKey() != null;
    if (destination.isS3()) {
      rules.require(hasAccessKey && S3_ACCESS_KEY.matcher(destination.accessKey()).matches(),
          at + "." + NotShownFields.ACCESS_KEY, "is required for s3:// destinations: 20 letters and digits");
      rules.require(hasSecret && S3_SECRET.matcher(destination.secretKey()).matches(),
          at + "." + NotShownFields.SECRET_KEY, "is required for s3:// destinations: 40 characters without spaces");
      oneOf(rules, at + ".permissions", destination.permissions(), PERMISSIONS);
      oneOf(rules, at + "." + NotShownFields.STORAGE_CLASS, destination.storageClass(), STORAGE_CLASSES);
    } else {
      rules.require(hasAccessKey == hasSecret, at + "." + (hasAccessKey ? NotShownFields.SECRET_KEY : NotShownFields.ACCESS_KEY),
          "is required together with " + (hasAccessKey ? NotShownFields.ACCESS_KEY : NotShownFields.SECRET_KEY));
      rules.require(destination.permissions() == null, at + ".permissions", "applies only to s3:// destinations");
      rules.require(destination.storageClass() == null, at + "." + NotShownFields.STORAGE_CLASS, "applies only to s3:// destinations");
    }
  }

  static void oneOf(Rules rules, String field, String value, List<String> allowed) {
    rules.require(value == null || allowed.contains(value), field, "must be one of " + String.join(", ", allowed));
  }
}
