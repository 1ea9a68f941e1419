package io.mediaflow.sandbox.transcoding;

import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.function.Consumer;

/**
 * Decides, when encoding starts, what each format will produce: its renditions with their picture
 * size and encoders, and the status items that report them. Renditions larger than the source are
 * dropped unless {@code upscale} is 1; if all are larger, only the first is made, at the source's
 * size (document 3).
 */
final class OutputPlanner {

  /** One rendition: a stream of an HLS or DASH output, or the single output of another format. */
  record Rendition(Picture picture, Encoding encoding, JobOutputItem item) {}

  /** A format's plan: its renditions in order. */
  record Plan(FormatParams format, List<Rendition> renditions, String uuid) {}

  private OutputPlanner() {}

  /**
   * @param largerAtSourceSize variation taller-rungs-at-source-size: a rendition larger than the
   *     source is made at the source's size instead of being dropped
   */
  static List<Plan> plan(
      JobRequest request, Source source, Consumer<Warning> warnings, boolean largerAtSourceSize) {
    var plans = new ArrayList<Plan>();
    for (FormatParams format : request.formats()) {
      plans.add(plan(format, source, warnings, largerAtSourceSize));
    }
    return plans;
  }

  private static Plan plan(
      FormatParams format, Source source, Consumer<Warning> warnings, boolean largerAtSourceSize) {
    MediaInfo info = source.info();
    OutputKind kind = format.kind();
    boolean upscaleFormat = format.fields().flag(UnnamedAttributes.UPSCALE);
    var kept = new ArrayList<Fields>();
    // by identity: two rungs may ask the same
    var atSourceSizeOnly =
        java.util.Collections.newSetFromMap(new java.util.IdentityHashMap<Fields, Boolean>());
    for (Fields stream : format.streams()) {
      boolean upscale = upscaleFormat || stream.flag(UnnamedAttributes.UPSCALE);
      boolean fits =
          Picture.requested(stream, info.width(), info.height())
              .fitsIn(info.width(), info.height());
      if (upscale || fits) {
        kept.add(stream);
      } else if (largerAtSourceSize) {
        kept.add(stream);
        atSourceSizeOnly.add(stream);
      }
    }
    boolean atSourceSize = kept.isEmpty();
    if (atSourceSize) {
      kept.add(format.streams().getFirst());
    }
    var renditions = new ArrayList<Rendition>();
    for (int i = 0; i < kept.size(); i++) {
      Fields settings = format.settings(kept.get(i));
      Picture picture =
          (atSourceSize || atSourceSizeOnly.contains(kept.get(i))
                  ? new Picture(info.width(), info.height())
                  : Picture.requested(settings, info.width(), info.height()))
              .rotated(settings.integer(UnnamedAttributes.ROTATE, 0, 360));
      if (kind.category() == OutputKind.Category.IMAGE) {
        picture = picture.orDefault();
      }
      String tag = kind.category().tag + "-" + format.index() + "-" + i;
      String userTag =
          kept.get(i).string("user_tag") != null
              ? kept.get(i).string("user_tag")
              : format.userTag();
      var item = new JobOutputItem(tag, kind, userTag, format.presetProfile());
      Encoding encoding =
          Encoding.of(
              kind, settings, picture, kind == OutputKind.ADVANCED_HLS && !format.fmp4(), tag);
      encoding.substitutions().forEach(warnings);
      renditions.add(new Rendition(picture, encoding, item));
      warn(kind, settings, tag, warnings);
    }
    return new Plan(format, renditions, UUID.randomUUID().toString());
  }

  private static void warn(OutputKind kind, Fields stream, String tag, Consumer<Warning> warnings) {
    Integer audioBitrate = stream.integer("audio_bitrate", 1, Integer.MAX_VALUE);
    if (audioBitrate != null && audioBitrate < Warning.LOW_AUDIO_BITRATE_KBPS) {
      warnings.accept(
          new Warning(
              Warning.LOW_AUDIO_BITRATE,
              "Low audio bitrate.",
              "audio_bitrate "
                  + audioBitrate
                  + " kbps is below "
                  + Warning.LOW_AUDIO_BITRATE_KBPS
                  + " kbps",
              tag));
    }
    if (kind.analysis()) {
      warnings.accept(
          new Warning(
              Warning.SANDBOX,
              "Analysis not performed by the sandbox.",
              "the "
                  + kind.value()
                  + " output is written with empty results; the sandbox does not analyse media",
              tag));
    }
  }
}
