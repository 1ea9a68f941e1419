package io.mediaflow.sandbox.transcoding;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.UUID;
import java.util.function.Consumer;

/**
 * Decides, when encoding starts, what each format will produce: its renditions with their picture size, bitrate
 * and duration, and the status items that report them. Renditions larger than the source are dropped unless
 * {@code upscale} is 1; if all are larger, only the first is made, at the source's size (document 3).
 */
final class OutputPlanner {

  /** One rendition: a stream of an HLS or DASH output, or the single output of another format. */
  record Rendition(Picture picture, Integer bitrate, OutputItem item) {}

  /** A format's plan: its renditions in order. */
  record Plan(FormatParams format, List<Rendition> renditions, String uuid) {}

  static final int DEFAULT_AUDIO_BITRATE = 64;

  private OutputPlanner() {}

  static List<Plan> plan(JobRequest request, Source source, Consumer<Warning> warnings) {
    var plans = new ArrayList<Plan>();
    for (FormatParams format : request.formats()) {
      plans.add(plan(format, source, warnings));
    }
    return plans;
  }

  private static Plan plan(FormatParams format, Source source, Consumer<Warning> warnings) {
    MediaInfo info = source.info();
    OutputKind kind = format.kind();
    boolean upscaleFormat = format.fields().flag(UnnamedAttributes.UPSCALE);
    var kept = new ArrayList<Fields>();
    for (Fields stream : format.streams()) {
      boolean upscale = upscaleFormat || stream.flag(UnnamedAttributes.UPSCALE);
      if (upscale || Picture.requested(stream, info.width(), info.height()).fitsIn(info.width(), info.height())) {
        kept.add(stream);
      }
    }
    boolean atSourceSize = kept.isEmpty();
    if (atSourceSize) {
      kept.add(format.streams().getFirst());
    }
    Double duration = duration(format, source);
    var renditions = new ArrayList<Rendition>();
    for (int i = 0; i < kept.size(); i++) {
      Fields stream = kept.get(i);
      Picture picture = (atSourceSize ? new Picture(info.width(), info.height())
          : Picture.requested(stream, info.width(), info.height()))
          .rotated(stream.integer(UnnamedAttributes.ROTATE, 0, 360));
      if (kind.category() == OutputKind.Category.IMAGE) {
        picture = picture.orDefault();
      }
      String tag = kind.category().tag + "-" + format.index() + "-" + i;
      Integer bitrate = bitrate(kind, stream, source);
      boolean pictured = kind.needsVideo() || kind == OutputKind.REPACK;
      String userTag = stream.string("user_tag") != null ? stream.string("user_tag") : format.userTag();
      var item = new OutputItem(tag, kind, userTag, format.presetProfile(),
          pictured && info.hasVideo() ? picture.meta() : new LinkedHashMap<>(),
          bitrate, kind.category() == OutputKind.Category.VIDEO || kind.category() == OutputKind.Category.AUDIO
              ? duration : null);
      renditions.add(new Rendition(picture, bitrate, item));
      warn(kind, stream, tag, warnings);
    }
    return new Plan(format, renditions, UUID.randomUUID().toString());
  }

  private static void warn(OutputKind kind, Fields stream, String tag, Consumer<Warning> warnings) {
    Integer audioBitrate = stream.integer("audio_bitrate", 1, Integer.MAX_VALUE);
    if (audioBitrate != null && audioBitrate < Warning.LOW_AUDIO_BITRATE_KBPS) {
      warnings.accept(new Warning(Warning.LOW_AUDIO_BITRATE, "Low audio bitrate.",
          "audio_bitrate " + audioBitrate + " kbps is below " + Warning.LOW_AUDIO_BITRATE_KBPS + " kbps", tag));
    }
    if (kind.analysis()) {
      warnings.accept(new Warning(Warning.SANDBOX, "Analysis not performed by the sandbox.",
          "the " + kind.value() + " output is written with empty results; the sandbox does not analyse media",
          tag));
    }
  }

  /** Seconds of output: {@code duration} if given, else the rest of the input after {@code start_time}. */
  private static Double duration(FormatParams format, Source source) {
    Double whole = source.duration();
    double start = format.startTime() == null ? 0 : format.startTime();
    Double rest = whole == null ? null : Math.max(0, whole - start);
    if (format.duration() != null) {
      return rest == null ? format.duration() : Math.min(format.duration(), rest);
    }
    return rest;
  }

  /** kbps: the requested bitrate, else the source's average for video and the audio default for audio. */
  private static Integer bitrate(OutputKind kind, Fields stream, Source source) {
    return switch (kind.category()) {
      case VIDEO -> {
        Integer requested = stream.integer("bitrate", 1, Integer.MAX_VALUE);
        Double seconds = source.duration();
        yield requested != null ? requested
            : seconds == null || seconds <= 0 ? null : (int) Math.round(source.size() * 8 / seconds / 1000);
      }
      case AUDIO -> {
        Integer requested = stream.integer("audio_bitrate", 1, Integer.MAX_VALUE);
        yield requested != null ? requested : DEFAULT_AUDIO_BITRATE;
      }
      case IMAGE, TEXT -> null;
    };
  }
}
