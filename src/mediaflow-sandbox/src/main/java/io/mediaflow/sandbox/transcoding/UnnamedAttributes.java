package io.mediaflow.sandbox.transcoding;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The attributes document 3 lists with their values but without their names ("Attributes whose
 * names are not shown"). The names below are the sandbox's choice, kept in this one place so they
 * are easy to correct; their values are checked against the documented ones. Attributes under any
 * other name are ignored.
 */
final class UnnamedAttributes {

  static final String SIDE_DATA = "video_side_data";
  static final String CODEC_PARAMETERS = "video_codec_parameters";
  static final String AV1_PARAMETERS = "av1_parameters";
  static final String UPSCALE = "upscale";
  static final String ROTATE = "rotate";

  private static final List<String> X26X_PRESETS =
      List.of(
          "ultrafast",
          "superfast",
          "veryfast",
          "faster",
          "fast",
          "medium",
          "slow",
          "slower",
          "veryslow",
          "placebo");
  private static final List<String> VPX_TIERS = List.of("good", "best", "realtime");
  private static final Set<String> H264_FLAGS2 =
      Set.of("+bpyramid", "+wpred", "+mixed_refs", "+dct8x8", "-fastpskip", "+fastpskip", "+aud");
  private static final Set<String> PARTITIONS =
      Set.of("+partp8x8", "+partp4x4", "+partb8x8", "+parti8x8", "+parti4x4");
  private static final Set<String> GENERIC_FLAGS =
      Set.of(
          "mv4",
          "qpel",
          "loop",
          "qscale",
          "pass1",
          "pass2",
          "gray",
          "emu_edge",
          "psnr",
          "truncated",
          "ildct",
          "low_delay",
          "global_header",
          "bitexact",
          "aic",
          "cbp",
          "qprd",
          "ilme",
          "cgop");

  private UnnamedAttributes() {}

  static void check(Fields f, String videoCodec) {
    f.integerIn(ROTATE, List.of(90, 180, 270));
    String aspect = f.string("aspect_ratio");
    if (aspect != null && !aspect.matches("[1-9]\\d*:[1-9]\\d*|\\d+(\\.\\d+)?")) {
      throw TranscodingApiError.invalid(
          f.path("aspect_ratio"), "must be width:height (16:9) or a ratio (1.77)");
    }
    f.oneOf("resize_mode", List.of("scale", "crop"));
    f.integerIn("scale_version", List.of(1, 2));
    f.flag("two_pass");
    f.oneOf("pix_format", List.of("yuv420p", "yuv422p", "yuvj420p", "yuvj422p"));
    f.integerIn("packaging_mode", List.of(1, 2));
    f.oneOf("profile", List.of("high", "main", "baseline"));
    f.flag("tonemap");
    audio(f);
    color(f);
    f.flag("iframes_only");
    f.flag("create_cmaf");
    f.flag("separate_audio");
    f.flag("flat_layout");
    f.flag("fast_seek");
    f.integer("adjust_crf", -10, 10);
    f.string("abr_chain_tag");
    f.flag("subtask_callbacks");
    f.flag("refresh_playlist");
    f.flag("retry_on_error");
    f.flag(UPSCALE);
    sideData(f);
    codecParameters(f, videoCodec);
    lcevc(f, videoCodec);
    av1(f, videoCodec);
  }

  private static void audio(Fields f) {
    f.oneOf("audio_codec", List.of("libfdk_aac", "aac", "libvorbis", "mp3", "libopus"));
    f.integer("audio_sample_rate", 8000, 192000);
    Integer channels = f.integer("audio_channels_number", -1, 64);
    if (channels != null && channels == 0) {
      throw TranscodingApiError.invalid(
          f.path("audio_channels_number"), "must be -1 (all source channels) or 1 to 64");
    }
    f.flag("audio_mute");
    Fields map = f.object("audio_channels_map");
    if (map != null) {
      map.node()
          .fieldNames()
          .forEachRemaining(
              name -> {
                if (!name.matches("c\\d+") || !map.node().get(name).asText().matches("c\\d+")) {
                  throw TranscodingApiError.invalid(
                      map.path(name), "must map an output channel cN to an input channel cM");
                }
              });
    }
  }

  private static void color(Fields f) {
    for (String name : List.of("color_space", "color_trc", "color_primaries")) {
      keepOrNamed(f, name, null);
    }
    keepOrNamed(f, "color_range", List.of("tv", "mpeg", "pc", "jpeg"));
  }

  /** A named value, or 1 to keep the source's. */
  private static void keepOrNamed(Fields f, String name, List<String> allowed) {
    JsonNode value = f.get(name);
    if (value == null || value.asText().equals("1")) {
      return;
    }
    if (!value.isTextual() || allowed != null && !allowed.contains(value.asText())) {
      throw TranscodingApiError.invalid(
          f.path(name),
          "must be 1 (keep the source's) or "
              + (allowed == null ? "a named value" : "one of " + String.join(", ", allowed)));
    }
  }

  /** Spherical or stereo side data; for VR180 the crop window must lie inside the full picture. */
  private static void sideData(Fields f) {
    Fields side = f.object(SIDE_DATA);
    if (side == null) {
      return;
    }
    side.oneOf("category", List.of("Spherical Mapping", "Stereo 3D"));
    side.oneOf("projection", List.of("equirectangular", "rectangular"));
    side.oneOf("stereo", List.of("none", "left-right", "top-bottom"));
    if (!side.flag("vr180")) {
      return;
    }
    Map<String, Integer> crop = new LinkedHashMap<>();
    for (String name :
        List.of(
            "full_width",
            "full_height",
            "cropped_width",
            "cropped_height",
            "cropped_left",
            "cropped_top")) {
      if (!side.has(name)) {
        throw TranscodingApiError.required(side.path(name));
      }
      boolean offset = name.equals("cropped_left") || name.equals("cropped_top");
      crop.put(name, side.integer(name, offset ? 0 : 1, Integer.MAX_VALUE));
    }
    if (crop.get("cropped_left") + crop.get("cropped_width") > crop.get("full_width")) {
      throw TranscodingApiError.invalid(
          side.path("cropped_width"),
          "cropped_left + cropped_width must not exceed " + "full_width");
    }
    if (crop.get("cropped_top") + crop.get("cropped_height") > crop.get("full_height")) {
      throw TranscodingApiError.invalid(
          side.path("cropped_height"),
          "cropped_top + cropped_height must not exceed " + "full_height");
    }
  }

  private static void codecParameters(Fields f, String videoCodec) {
    Fields p = f.object(CODEC_PARAMETERS);
    if (p == null) {
      return;
    }
    p.integerIn("level", List.of(30, 31, 40, 41, 42));
    p.integerIn("coder", List.of(0, 1));
    tokens(p, "flags2", H264_FLAGS2);
    tokens(p, "partitions", PARTITIONS);
    tokens(p, "flags", GENERIC_FLAGS);
    p.integer("directpred", 0, 3);
    p.oneOf("me_method", List.of("epzs", "hex", "umh", "full"));
    p.integer("refs", 0, 16);
    p.integer("qmin", -1, 69);
    p.integer("qmax", -1, 1024);
    p.number("maxrate", 0, Double.MAX_VALUE);
    p.number("minrate", 0, Double.MAX_VALUE);
    p.number("bufsize", 0, Double.MAX_VALUE);
    if (p.has("maxrate") && !p.has("bufsize")) {
      throw TranscodingApiError.invalid(p.path("maxrate"), "needs bufsize");
    }
    p.string("sws_flags");
    p.integer("rc_lookahead", 0, 250);
    String codec = videoCodec == null ? "libx264" : videoCodec;
    switch (codec) {
      case "libx264", "libx265" -> p.oneOf("preset", X26X_PRESETS);
      case "libvpx" -> {
        p.oneOf("preset", VPX_TIERS);
        p.integer("speed", 0, 16);
      }
      case "libvpx-vp9" -> {
        p.oneOf("preset", VPX_TIERS);
        p.integer("speed", 0, 8);
      }
      case "libsvtav1" -> p.integer("preset", 0, 13);
      default -> {}
    }
  }

  /** A string of flags such as {@code +bpyramid+wpred}; each must be a documented one. */
  private static void tokens(Fields p, String name, Set<String> allowed) {
    String value = p.string(name);
    if (value == null) {
      return;
    }
    boolean signed = allowed.iterator().next().matches("[+-].*");
    List<String> tokens =
        signed
            ? Arrays.stream(value.split("(?=[+-])")).filter(t -> !t.isBlank()).toList()
            : Arrays.stream(value.split("[+,\\s]+"))
                .map(t -> t.replaceFirst("^-", ""))
                .filter(t -> !t.isBlank())
                .toList();
    for (String token : tokens) {
      if (!allowed.contains(token)) {
        throw TranscodingApiError.invalid(p.path(name), "'" + token + "' is not one of " + allowed);
      }
    }
  }

  private static void lcevc(Fields f, String videoCodec) {
    var names = new ArrayList<String>();
    f.node()
        .fieldNames()
        .forEachRemaining(
            name -> {
              if (name.startsWith("lcevc_")) {
                names.add(name);
              }
            });
    if (names.isEmpty()) {
      return;
    }
    if (videoCodec == null || !videoCodec.startsWith("lcevc_")) {
      throw TranscodingApiError.invalid(
          f.path(names.getFirst()), "LCEVC parameters need an lcevc_* video_codec");
    }
    f.oneOf("lcevc_tune", List.of("vq", "vmaf", "vmaf_neg", "psnr", "ssim", "animation"));
    f.oneOf("lcevc_scaling_mode", List.of("2D", "1D", "0D"));
    f.oneOf("lcevc_dithering", List.of("None", "Uniform"));
    f.integer("lcevc_dithering_strength", 0, 10);
    f.integer("lcevc_dither_start_qp", 0, 51);
    f.integer("lcevc_dither_saturation_qp", 0, 51);
    f.oneOf("lcevc_m_ad_mode", List.of("disabled", "replace", "separate"));
  }

  private static void av1(Fields f, String videoCodec) {
    Fields p = f.object(AV1_PARAMETERS);
    if (p == null) {
      return;
    }
    if (!"libsvtav1".equals(videoCodec)) {
      throw TranscodingApiError.invalid(f.path(AV1_PARAMETERS), "needs video_codec libsvtav1");
    }
    p.integer("tune", 0, 2);
    p.integer("aq_mode", 0, 3);
    p.integer("target_bitrate", 1, Integer.MAX_VALUE);
    p.flag("film_grain");
    p.flag("fast_decode");
    p.flag("enable_dlf");
    p.flag("enable_restoration");
    p.integer("hierarchical_levels", 0, 3);
    p.integer("max_bitrate", 0, Integer.MAX_VALUE);
    p.integer("pred_struct", 0, 2);
    p.integer("rc", 0, 2);
  }
}
