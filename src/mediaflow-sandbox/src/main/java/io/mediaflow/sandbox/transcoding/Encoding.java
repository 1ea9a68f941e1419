package io.mediaflow.sandbox.transcoding;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * How one rendition is encoded, read from its attributes: the filters that give its picture size,
 * frame rate and pixel format, and the encoder options for its codec, rate and keyframes, and its
 * sound. Codecs the bundled FFmpeg does not have (x264, x265, LCEVC, libfdk_aac, Vorbis) and codecs
 * the container cannot carry are replaced by the nearest one it has, with a warning naming both.
 *
 * @param settings the rendition's attributes: its stream object over its format's
 */
record Encoding(
    OutputKind kind,
    Fields settings,
    Picture picture,
    String videoEncoder,
    String audioEncoder,
    List<Warning> substitutions) {

  static final String H264 = "libopenh264";
  static final String VP8 = "libvpx";
  static final String VP9 = "libvpx-vp9";
  static final String AV1 = "libsvtav1";

  /**
   * The service's default, and the rate of a rendition that asks for neither bitrate nor quality.
   */
  static final int DEFAULT_QUALITY = 23;

  static final int DEFAULT_KEYFRAME = 90;
  static final int DEFAULT_AUDIO_BITRATE = 64;
  static final int DEFAULT_SAMPLE_RATE = 44100;

  /** The requested codec's encoder in the bundled FFmpeg, where it has one. */
  private static final Map<String, String> VIDEO_ENCODERS =
      Map.of("libx264", H264, "libvpx", VP8, "libvpx-vp9", VP9, "libsvtav1", AV1);

  private static final Map<String, String> AUDIO_ENCODERS =
      Map.of("aac", "aac", "mp3", "libmp3lame", "libopus", "libopus");

  /** Chooses the encoders of a rendition of {@code kind}; {@code segmentsTs} for HLS in MPEG-TS. */
  static Encoding of(
      OutputKind kind, Fields settings, Picture picture, boolean segmentsTs, String tag) {
    var substitutions = new ArrayList<Warning>();
    String requested = settings.string("video_codec");
    String video =
        switch (kind) {
          case WEBM, WEBM_DASH ->
              requested != null && (requested.equals("libvpx") || requested.equals("libsvtav1"))
                  ? VIDEO_ENCODERS.get(requested)
                  : VP9;
          case GIF, THUMBNAIL, THUMBNAILS, SMART_THUMBNAIL -> null;
          default -> {
            String encoder =
                requested == null ? H264 : VIDEO_ENCODERS.getOrDefault(requested, H264);
            // MPEG-TS segments and MP4 files carry H.264 here; VP8 only WebM, VP9 and AV1 no TS
            yield encoder.equals(VP8) || segmentsTs && !encoder.equals(H264) ? H264 : encoder;
          }
        };
    if (requested != null && video != null && !video.equals(VIDEO_ENCODERS.get(requested))) {
      substitutions.add(
          new Warning(
              Warning.SANDBOX,
              "Video codec substituted.",
              requested
                  + " is not available "
                  + "for "
                  + kind.value()
                  + " in the sandbox's FFmpeg build; encoded with "
                  + video,
              tag));
    }
    String requestedAudio = settings.string("audio_codec");
    String audio =
        switch (kind) {
          case WEBM, WEBM_DASH -> "libopus";
          case MP3 -> "libmp3lame";
          case FLAC -> "flac";
          case M4A, HLS_AUDIO -> "aac";
          default ->
              requestedAudio == null ? "aac" : AUDIO_ENCODERS.getOrDefault(requestedAudio, "aac");
        };
    boolean audioOutputOrWebm =
        kind.category() == OutputKind.Category.AUDIO
            || kind == OutputKind.WEBM
            || kind == OutputKind.WEBM_DASH;
    if (requestedAudio != null
        && !audio.equals(AUDIO_ENCODERS.get(requestedAudio))
        && !audioOutputOrWebm) {
      substitutions.add(
          new Warning(
              Warning.SANDBOX,
              "Audio codec substituted.",
              requestedAudio
                  + " is not "
                  + "available in the sandbox's FFmpeg build; encoded with "
                  + audio,
              tag));
    }
    return new Encoding(kind, settings, picture, video, audio, substitutions);
  }

  /** The picture's filters: rotation, size (scaled or cropped to it), frame rate, pixel format. */
  String videoFilters(Double sourceFrameRate) {
    var filters = new ArrayList<String>();
    Integer rotate = settings.integer(UnnamedAttributes.ROTATE, 0, 360);
    if (rotate != null && rotate % 360 != 0) {
      filters.add(
          switch (rotate % 360) {
            case 90 -> "transpose=clock";
            case 270 -> "transpose=cclock";
            default -> "hflip,vflip";
          });
    }
    if (picture.width() != null && picture.height() != null) {
      String size = picture.width() + ":" + picture.height();
      filters.add(
          "crop".equals(settings.string("resize_mode"))
              ? "scale=" + size + ":force_original_aspect_ratio=increase,crop=" + size
              : "scale=" + size);
      filters.add("setsar=1");
    }
    String aspect = settings.string("aspect_ratio");
    if (aspect != null) {
      filters.add("setdar=" + aspect.replace(':', '/'));
    }
    Double frameRate = frameRate(sourceFrameRate);
    if (frameRate != null) {
      filters.add("fps=" + FilterGraph.number(frameRate));
    }
    filters.add("format=" + pixelFormat());
    return String.join(",", filters);
  }

  /**
   * {@code framerate}, else the source's capped by {@code framerate_limit}; null keeps the
   * source's.
   */
  Double frameRate(Double sourceFrameRate) {
    Double requested = settings.positive("framerate");
    if (requested != null) {
      return requested;
    }
    Double limit = settings.positive("framerate_limit");
    return limit != null && sourceFrameRate != null && sourceFrameRate > limit ? limit : null;
  }

  /** OpenH264 writes 4:2:0 only. */
  private String pixelFormat() {
    String requested = settings.string("pix_format");
    if (requested == null) {
      return "yuv420p";
    }
    return videoEncoder.equals(H264) && requested.contains("422")
        ? requested.replace("422", "420")
        : requested;
  }

  /**
   * Options of video stream {@code index} of an output.
   *
   * @param segment seconds per segment of an HLS or DASH output, whose segments must each start on
   *     a keyframe
   */
  List<String> videoOptions(int index, Double frameRate, Double segment) {
    String v = ":v:" + index;
    var options = new ArrayList<>(List.of("-c" + v, videoEncoder));
    Integer bitrate = settings.integer("bitrate", 1, Integer.MAX_VALUE);
    Double quality = settings.number("quality", 0, 51);
    int q = (int) Math.round(quality == null ? DEFAULT_QUALITY : quality);
    switch (videoEncoder) {
      case H264 -> {
        if (bitrate != null) {
          options.addAll(List.of("-rc_mode" + v, "bitrate", "-b" + v, bitrate + "k"));
        } else {
          options.addAll(
              List.of(
                  "-rc_mode" + v,
                  "quality",
                  "-b" + v,
                  "0",
                  "-qmin" + v,
                  "" + q,
                  "-qmax" + v,
                  "" + q));
        }
        String profile = settings.string("profile");
        if (profile != null) {
          options.addAll(
              List.of(
                  "-profile" + v, profile.equals("baseline") ? "constrained_baseline" : profile));
        }
      }
      case AV1 -> {
        options.addAll(List.of("-preset" + v, "10"));
        options.addAll(
            bitrate != null
                ? List.of("-b" + v, bitrate + "k")
                : List.of("-crf" + v, "" + scaled(q)));
      }
      default -> {
        // VP8 and VP9: a CRF of 0 to 63; speed suited to a local sandbox
        options.addAll(List.of("-deadline" + v, "good", "-cpu-used" + v, "5", "-row-mt" + v, "1"));
        options.addAll(
            bitrate != null
                ? List.of("-b" + v, bitrate + "k")
                : List.of(
                    "-crf" + v, "" + scaled(q), "-b" + v, videoEncoder.equals(VP8) ? "100M" : "0"));
      }
    }
    JsonNode keyframe = settings.get("keyframe");
    String every = keyframe == null ? null : keyframe.asText();
    double fps = frameRate == null ? 25 : frameRate;
    int gop =
        every == null
            ? DEFAULT_KEYFRAME
            : every.endsWith("s")
                ? (int) Math.max(1, Math.round(Double.parseDouble(every.replace("s", "")) * fps))
                : Integer.parseInt(every);
    options.addAll(List.of("-g" + v, Integer.toString(gop)));
    Double keySeconds =
        segment != null
            ? segment
            : every != null && every.endsWith("s")
                ? Double.parseDouble(every.replace("s", ""))
                : null;
    if (keySeconds != null) {
      options.addAll(
          List.of(
              "-force_key_frames" + v,
              "expr:gte(t,n_forced*" + FilterGraph.number(keySeconds) + ")"));
    }
    return options;
  }

  /** 0 to 51 (H.264's scale, the document's) onto the 0 to 63 of VP8, VP9 and AV1. */
  private static int scaled(int quality) {
    return Math.round(quality * 63f / 51);
  }

  /** The sound's filter: silence for {@code audio_mute}. */
  String audioFilters() {
    return settings.flag("audio_mute") ? "volume=0" : "anull";
  }

  /** Options of audio stream {@code index} of an output. */
  List<String> audioOptions(int index) {
    String a = ":a:" + index;
    var options = new ArrayList<>(List.of("-c" + a, audioEncoder));
    if (!audioEncoder.equals("flac")) {
      Integer bitrate = settings.integer("audio_bitrate", 1, Integer.MAX_VALUE);
      options.addAll(List.of("-b" + a, (bitrate == null ? DEFAULT_AUDIO_BITRATE : bitrate) + "k"));
    }
    Integer rate = settings.integer("audio_sample_rate", 8000, 192000);
    int sampleRate = rate == null ? DEFAULT_SAMPLE_RATE : rate;
    if (audioEncoder.equals("libopus") && 48000 % sampleRate != 0) {
      sampleRate = 48000; // Opus codes 8, 12, 16, 24 or 48 kHz
    }
    options.addAll(List.of("-ar" + a, Integer.toString(sampleRate)));
    Integer channels = settings.integer("audio_channels_number", -1, 64);
    if (channels == null || channels > 0) {
      options.addAll(List.of("-ac" + a, Integer.toString(channels == null ? 2 : channels)));
    }
    return options;
  }
}
