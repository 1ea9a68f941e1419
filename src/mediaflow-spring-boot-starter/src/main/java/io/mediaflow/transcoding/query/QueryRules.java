package io.mediaflow.transcoding.query;

import io.mediaflow.api.Rules;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Every rule document 3 gives for a custom job, checked before anything is sent. Fields are named as the
 * document names them, with their place in the query: {@code format[1].stream[0].quality}.
 */
public final class QueryRules {

  public static final int MAX_PAYLOAD = 1000;

  private static final Pattern SIZE = Pattern.compile("[1-9]\\d*x[1-9]\\d*");
  /**
   * An uploaded file: {@code tus:<file_uuid>}, the id the upload's {@code Location} ends in. Its form is not shown
   * (a UUID with or without dashes, or another id): any non-empty URL path segment.
   */
  private static final Pattern TUS_SOURCE = Pattern.compile("tus:[A-Za-z0-9._~-]+");
  private static final Set<String> DESTINATION_PREFIXES = Set.of("s3://", "b2://", "azblob://", "ftp://", "ftps://", "sftp://");
  private static final Set<String> ACLS = Set.of("bucket-owner-full-control", "bucket-owner-read");
  private static final Set<String> IMAGE_FORMATS = Set.of("png", "jpg", "webp");
  private static final Set<String> SMART_THUMBNAIL_FORMATS = Set.of("png", "jpg");

  private QueryRules() {}

  public static void check(Query query, String payload) {
    var rules = new Rules();
    if (query == null) {
      rules.add("query", "is required").throwIfBroken();
    }
    boolean hasSource = query.source() != null && !query.source().isBlank();
    boolean hasStitch = query.stitch() != null && !query.stitch().isEmpty();
    // Named as the service names it: the missing or doubled field is source.
    rules.require(hasSource || hasStitch, "source", "is required, unless stitch is given");
    rules.require(!(hasSource && hasStitch), "source", "give exactly one of source and stitch, not both");
    if (hasSource) {
      rules.require(isUrl(query.source()) || TUS_SOURCE.matcher(query.source()).matches(),
          "source", "must be a URL or tus:<file_uuid>");
    }
    if (hasStitch) {
      for (int i = 0; i < query.stitch().size(); i++) {
        StitchClip clip = query.stitch().get(i);
        String at = "stitch[" + i + "]";
        rules.require(clip != null && clip.url() != null && isUrl(clip.url()), at + ".url", "is required and must be a URL");
        if (clip != null) {
          rules.require(clip.startTime() == null || clip.startTime() >= 0, at + ".start_time", "must be 0 or more seconds");
          rules.require(clip.duration() == null || clip.duration() > 0, at + ".duration", "must be more than 0 seconds");
        }
      }
    }
    int encoderVersion = query.effectiveEncoderVersion();
    rules.require(encoderVersion == 1 || encoderVersion == 2, "encoder_version", "must be 1 or 2");
    checkFlag(rules, "use_v2", query.useV2());
    rules.require(query.callbackUrl() == null || isUrl(query.callbackUrl()), "callback_url", "must be an http or https URL");
    rules.require(payload == null || payload.length() <= MAX_PAYLOAD, "payload", "must be at most " + MAX_PAYLOAD + " characters");
    if (query.format() == null || query.format().isEmpty()) {
      rules.add("format", "needs at least one output");
    } else {
      for (int i = 0; i < query.format().size(); i++) {
        checkFormat(rules, "format[" + i + "]", query.format().get(i), query);
      }
    }
    rules.throwIfBroken();
  }

  private static void checkFormat(Rules rules, String at, Format format, Query query) {
    if (format == null) {
      rules.add(at, "must be an object");
      return;
    }
    String output = format.output();
    if (output == null || !Format.OUTPUTS.contains(output)) {
      rules.add(at + ".output", "must be one of " + sorted(Format.OUTPUTS));
      return;
    }
    boolean image = Format.IMAGE_OUTPUTS.contains(output);
    rules.require(!"vmaf".equals(output) || query.effectiveEncoderVersion() == 1, at + ".output",
        "vmaf works with encoder_version 1 only");
    checkPicture(rules, at, format.size(), format.width(), format.height(), format.resolution());
    checkPositive(rules, at + ".start_time", format.startTime(), true);
    checkPositive(rules, at + ".duration", format.duration(), false);
    checkPositive(rules, at + ".framerate", format.framerate(), false);
    checkPositive(rules, at + ".framerate_limit", format.framerateLimit(), false);
    checkFlag(rules, at + ".frame_match", format.frameMatch());
    checkFlag(rules, at + ".fmp4", format.fmp4());
    checkFlag(rules, at + ".sprite", format.sprite());
    checkFlag(rules, at + ".optimize_bitrate", format.optimizeBitrate());
    checkVideo(rules, at, format.quality(), image, format.keyframe(), format.videoCodec(), format.keepSei(),
        format.bitrate(), format.audioBitrate(), format.segmentDuration(), query);
    checkCrf(rules, at + ".min_crf", format.minCrf());
    checkCrf(rules, at + ".max_crf", format.maxCrf());
    rules.require(format.minCrf() == null || format.maxCrf() == null || format.minCrf() <= format.maxCrf(),
        at + ".min_crf", "must not be above max_crf");
    rules.require(format.time() == null || (format.time() >= 0 && format.time() <= 1), at + ".time",
        "is a fraction of the duration, from 0 to 1");
    rules.require(format.frameNumber() == null || format.frameNumber() >= 0, at + ".frame_number", "must be 0 or more");
    checkPositive(rules, at + ".interval", format.interval(), false);
    if (format.imageFormat() != null) {
      Set<String> allowed = "smart_thumbnail".equals(output) ? SMART_THUMBNAIL_FORMATS : IMAGE_FORMATS;
      rules.require(allowed.contains(format.imageFormat()), at + ".image_format", "must be one of " + sorted(allowed));
    }
    rules.require(format.columns() == null || (format.columns() > 0 && Integer.valueOf(1).equals(format.sprite())),
        at + ".columns", "must be positive and needs sprite 1");
    rules.require(format.sprite() == null || format.sprite() == 0 || "thumbnails".equals(output),
        at + ".sprite", "applies to thumbnails only");
    checkDestinations(rules, at, format.destination());
    checkLogos(rules, at + ".logo", format.logo());
    checkSubtitles(rules, at + ".subtitles", format.subtitles());
    checkSideData(rules, at + "." + VideoSideData.FIELD, format.videoSideData());
    if (format.stream() != null && !format.stream().isEmpty()) {
      if (!Format.STREAMING_OUTPUTS.contains(output)) {
        rules.add(at + ".stream", "is for " + sorted(Format.STREAMING_OUTPUTS) + " only");
      }
      for (int j = 0; j < format.stream().size(); j++) {
        checkStream(rules, at + ".stream[" + j + "]", format.stream().get(j), query);
      }
    }
  }

  private static void checkStream(Rules rules, String at, Stream stream, Query query) {
    if (stream == null) {
      rules.add(at, "must be an object");
      return;
    }
    checkPicture(rules, at, stream.size(), stream.width(), stream.height(), stream.resolution());
    checkPositive(rules, at + ".framerate", stream.framerate(), false);
    checkFlag(rules, at + ".fmp4", stream.fmp4());
    checkVideo(rules, at, stream.quality(), false, stream.keyframe(), stream.videoCodec(), stream.keepSei(),
        stream.bitrate(), stream.audioBitrate(), stream.segmentDuration(), query);
    checkLogos(rules, at + ".logo", stream.logo());
    checkSideData(rules, at + "." + VideoSideData.FIELD, stream.videoSideData());
  }

  private static void checkVideo(Rules rules, String at, Double quality, boolean image, Keyframe keyframe,
      String codec, Integer keepSei, Integer bitrate, Integer audioBitrate, Double segmentDuration, Query query) {
    if (quality != null) {
      if (image) {
        rules.require(quality >= 1 && quality <= 100, at + ".quality", "is JPEG quality for images, from 1 to 100");
      } else {
        rules.require(quality >= 0 && quality <= 51, at + ".quality", "is a constant rate factor for video, from 0 to 51");
      }
    }
    rules.require(keyframe == null || keyframe.isValid(), at + ".keyframe",
        "must be a positive number of frames, or seconds with the suffix s (e.g. 3s)");
    if (codec != null) {
      rules.require(Format.VIDEO_CODECS.contains(codec), at + ".video_codec", "must be one of " + sorted(Format.VIDEO_CODECS));
      rules.require(!codec.startsWith("lcevc_") || query.effectiveEncoderVersion() == 2, at + ".video_codec",
          codec + " needs encoder_version 2");
    }
    checkFlag(rules, at + ".keep_sei", keepSei);
    rules.require(keepSei == null || keepSei == 0 || query.keepsSei(), at + ".keep_sei",
        "needs encoder_version 2 (or use_v2 set to 1)");
    rules.require(bitrate == null || bitrate > 0, at + ".bitrate", "must be a positive number of kbps");
    rules.require(audioBitrate == null || audioBitrate > 0, at + ".audio_bitrate", "must be a positive number of kbps");
    checkPositive(rules, at + ".segment_duration", segmentDuration, false);
  }

  private static void checkPicture(Rules rules, String at, String size, Integer width, Integer height, Integer resolution) {
    rules.require(size == null || SIZE.matcher(size).matches(), at + ".size", "must be <width>x<height> in pixels");
    rules.require(width == null || width > 0, at + ".width", "must be a positive number of pixels");
    rules.require(height == null || height > 0, at + ".height", "must be a positive number of pixels");
    rules.require(resolution == null || resolution > 0, at + ".resolution", "must be a positive number of pixels");
  }

  private static void checkDestinations(Rules rules, String at, List<Destination> destinations) {
    if (destinations == null) {
      return;
    }
    for (int k = 0; k < destinations.size(); k++) {
      Destination destination = destinations.get(k);
      String field = destinations.size() == 1 ? at + ".destination" : at + ".destination[" + k + "]";
      if (destination == null || destination.url() == null) {
        rules.add(field + ".url", "is required");
        continue;
      }
      rules.require(DESTINATION_PREFIXES.stream().anyMatch(destination.url()::startsWith), field + ".url",
          "must start with one of " + sorted(DESTINATION_PREFIXES));
      rules.require(destination.acl() == null || ACLS.contains(destination.acl()), field + ".acl",
          "must be one of " + sorted(ACLS));
    }
  }

  private static void checkLogos(Rules rules, String at, Logos given) {
    if (given == null) {
      return;
    }
    rules.require(given.logos() != null && !given.logos().isEmpty(), at, "needs at least one logo object");
    List<Logo> logos = given.logos() == null ? List.of() : given.logos();
    for (int k = 0; k < logos.size(); k++) {
      Logo logo = logos.get(k);
      String field = given.array() ? at + "[" + k + "]" : at;
      rules.require(logo != null && logo.source() != null && isUrl(logo.source()), field + ".source",
          "is required: a public JPEG or PNG URL");
    }
  }

  private static void checkSubtitles(Rules rules, String at, Subtitles subtitles) {
    if (subtitles == null) {
      return;
    }
    rules.require(subtitles.sources() != null || subtitles.copy() != null, at, "needs sources or copy");
    checkFlag(rules, at + ".copy", subtitles.copy());
    if (subtitles.sources() != null) {
      for (int k = 0; k < subtitles.sources().size(); k++) {
        Subtitles.Source source = subtitles.sources().get(k);
        String field = at + ".sources[" + k + "]";
        rules.require(source != null && source.source() != null && isUrl(source.source()), field + ".source",
            "is required: the URL of an .ass or .srt file");
        rules.require(source != null && source.language() != null && !source.language().isBlank(),
            field + ".language", "is required");
      }
    }
  }

  private static void checkSideData(Rules rules, String at, VideoSideData side) {
    if (side == null || !Boolean.TRUE.equals(side.vr180())) {
      return;
    }
    checkRequiredPositive(rules, at + ".full_width", side.fullWidth(), false);
    checkRequiredPositive(rules, at + ".full_height", side.fullHeight(), false);
    checkRequiredPositive(rules, at + ".cropped_width", side.croppedWidth(), false);
    checkRequiredPositive(rules, at + ".cropped_height", side.croppedHeight(), false);
    checkRequiredPositive(rules, at + ".cropped_left", side.croppedLeft(), true);
    checkRequiredPositive(rules, at + ".cropped_top", side.croppedTop(), true);
    if (side.fullWidth() != null && side.croppedLeft() != null && side.croppedWidth() != null) {
      rules.require(side.croppedLeft() + side.croppedWidth() <= side.fullWidth(), at + ".cropped_left",
          "cropped_left + cropped_width must not exceed full_width");
    }
    if (side.fullHeight() != null && side.croppedTop() != null && side.croppedHeight() != null) {
      rules.require(side.croppedTop() + side.croppedHeight() <= side.fullHeight(), at + ".cropped_top",
          "cropped_top + cropped_height must not exceed full_height");
    }
  }

  private static void checkRequiredPositive(Rules rules, String field, Integer value, boolean zeroAllowed) {
    if (value == null) {
      rules.add(field, "is required when vr180 is true");
    } else {
      rules.require(zeroAllowed ? value >= 0 : value > 0, field, zeroAllowed ? "must be 0 or more" : "must be positive");
    }
  }

  private static void checkCrf(Rules rules, String field, Integer crf) {
    rules.require(crf == null || (crf >= 0 && crf <= 51), field, "must be from 0 to 51");
  }

  private static void checkFlag(Rules rules, String field, Integer flag) {
    rules.require(flag == null || flag == 0 || flag == 1, field, "must be 0 or 1");
  }

  private static void checkPositive(Rules rules, String field, Double value, boolean zeroAllowed) {
    rules.require(value == null || (zeroAllowed ? value >= 0 : value > 0), field,
        zeroAllowed ? "must be 0 or more" : "must be more than 0");
  }

  static boolean isUrl(String value) {
    try {
      var uri = java.net.URI.create(value);
      return uri.getScheme() != null && uri.getHost() != null
          && Set.of("http", "https", "ftp", "ftps", "sftp", "s3").contains(uri.getScheme().toLowerCase(Locale.ROOT));
    } catch (IllegalArgumentException e) {
      return false;
    }
  }

  private static String sorted(Set<String> values) {
    return String.join(", ", values.stream().sorted().toList());
  }
}
