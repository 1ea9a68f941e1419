package io.mediaflow.transcoding.query;

import io.mediaflow.api.constraint.Url;
import io.mediaflow.api.internal.Constraints;
import jakarta.validation.Constraint;
import jakarta.validation.ConstraintValidator;
import jakarta.validation.ConstraintValidatorContext;
import jakarta.validation.Payload;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import java.util.List;
import java.util.Set;

/**
 * The rules of document 3 that compare fields of one {@link Format} or {@link Stream}, or read a
 * field whose JSON takes two shapes: quality by kind of output, a valid keyframe, at least one logo
 * each with its URL (named {@code logo.source} for one object, {@code logo[1].source} in an array),
 * the VR180 side data, and on a format the per-title CRF bounds, image formats, sprites and where
 * streams belong.
 */
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
@Constraint(validatedBy = RenditionRules.Check.class)
public @interface RenditionRules {

  String message() default "";

  Class<?>[] groups() default {};

  Class<? extends Payload>[] payload() default {};

  /** Checks {@link RenditionRules} on a {@link Format} or a {@link Stream}. */
  final class Check implements ConstraintValidator<RenditionRules, Object> {

    @Override
    public boolean isValid(Object value, ConstraintValidatorContext context) {
      // One run per value: the validator instance is shared between threads.
      var run = new Run(context);
      switch (value) {
        case Format format -> run.format(format);
        case Stream stream ->
            run.picture(
                false, stream.quality(), stream.keyframe(), stream.logo(), stream.videoSideData());
        default ->
            throw new IllegalArgumentException(
                "@RenditionRules is for formats and streams: " + value);
      }
      return run.valid;
    }
  }

  /** One check of one format or stream, collecting what it breaks. */
  final class Run {

    private static final Set<String> IMAGE_FORMATS = Set.of("png", "jpg", "webp");
    private static final Set<String> SMART_THUMBNAIL_FORMATS = Set.of("png", "jpg");

    private final ConstraintValidatorContext context;
    private boolean valid = true;

    private Run(ConstraintValidatorContext context) {
      this.context = context;
    }

    private void format(Format format) {
      String output = format.output();
      picture(
          Format.IMAGE_OUTPUTS.contains(output),
          format.quality(),
          format.keyframe(),
          format.logo(),
          format.videoSideData());
      if (format.minCrf() != null && format.maxCrf() != null && format.minCrf() > format.maxCrf()) {
        report("must not be above max_crf", "min_crf");
      }
      if (format.imageFormat() != null) {
        Set<String> allowed =
            "smart_thumbnail".equals(output) ? SMART_THUMBNAIL_FORMATS : IMAGE_FORMATS;
        if (!allowed.contains(format.imageFormat())) {
          report(
              "must be one of " + String.join(", ", allowed.stream().sorted().toList()),
              "image_format");
        }
      }
      if (format.columns() != null && !Integer.valueOf(1).equals(format.sprite())) {
        report("needs sprite 1", "columns");
      }
      if (format.sprite() != null && format.sprite() != 0 && !"thumbnails".equals(output)) {
        report("applies to thumbnails only", "sprite");
      }
      if (format.stream() != null
          && !format.stream().isEmpty()
          && output != null
          && !Format.STREAMING_OUTPUTS.contains(output)) {
        report(
            "is for "
                + String.join(", ", Format.STREAMING_OUTPUTS.stream().sorted().toList())
                + " only",
            "stream");
      }
      Subtitles subtitles = format.subtitles();
      if (subtitles != null && subtitles.sources() == null && subtitles.copy() == null) {
        report("needs sources or copy", "subtitles");
      }
    }

    private void picture(
        boolean image, Double quality, Keyframe keyframe, Logos logos, VideoSideData side) {
      if (quality != null) {
        if (image && (quality < 1 || quality > 100)) {
          report("is JPEG quality for images, from 1 to 100", "quality");
        } else if (!image && (quality < 0 || quality > 51)) {
          report("is a constant rate factor for video, from 0 to 51", "quality");
        }
      }
      if (keyframe != null && !keyframe.isValid()) {
        report(
            "must be a positive number of frames, or seconds with the suffix s (e.g. 3s)",
            "keyframe");
      }
      logos(logos);
      sideData(side);
    }

    private void logos(Logos given) {
      if (given == null) {
        return;
      }
      List<Logo> logos = given.logos() == null ? List.of() : given.logos();
      if (logos.isEmpty()) {
        report("needs at least one logo object", "logo");
      }
      for (int k = 0; k < logos.size(); k++) {
        Logo logo = logos.get(k);
        if (logo == null
            || logo.source() == null
            || !Url.Check.isUrl(logo.source(), MediaUrl.SCHEMES, true)) {
          if (given.array()) {
            report("is required: a public JPEG or PNG URL", "logo", k, "source");
          } else {
            report("is required: a public JPEG or PNG URL", "logo", "source");
          }
        }
      }
    }

    /**
     * With {@code vr180} the frame sizes and crop are required, and the crop lies inside the frame.
     */
    private void sideData(VideoSideData side) {
      if (side == null || !Boolean.TRUE.equals(side.vr180())) {
        return;
      }
      requirePositive(side.fullWidth(), "full_width", false);
      requirePositive(side.fullHeight(), "full_height", false);
      requirePositive(side.croppedWidth(), "cropped_width", false);
      requirePositive(side.croppedHeight(), "cropped_height", false);
      requirePositive(side.croppedLeft(), "cropped_left", true);
      requirePositive(side.croppedTop(), "cropped_top", true);
      if (side.fullWidth() != null
          && side.croppedLeft() != null
          && side.croppedWidth() != null
          && side.croppedLeft() + side.croppedWidth() > side.fullWidth()) {
        report(
            "cropped_left + cropped_width must not exceed full_width",
            VideoSideData.FIELD,
            "cropped_left");
      }
      if (side.fullHeight() != null
          && side.croppedTop() != null
          && side.croppedHeight() != null
          && side.croppedTop() + side.croppedHeight() > side.fullHeight()) {
        report(
            "cropped_top + cropped_height must not exceed full_height",
            VideoSideData.FIELD,
            "cropped_top");
      }
    }

    private void requirePositive(Integer value, String field, boolean zeroAllowed) {
      if (value == null) {
        report("is required when vr180 is true", VideoSideData.FIELD, field);
      } else if (zeroAllowed ? value < 0 : value <= 0) {
        report(zeroAllowed ? "must be 0 or more" : "must be positive", VideoSideData.FIELD, field);
      }
    }

    private void report(String rule, Object... path) {
      Constraints.report(context, rule, path);
      valid = false;
    }
  }
}
