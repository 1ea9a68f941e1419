package io.mediaflow.transcoding.query;

import io.mediaflow.api.constraint.OneOf;
import jakarta.validation.Constraint;
import jakarta.validation.Payload;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * A {@code video_codec} of document 3, on a format or a stream; {@code lcevc_*} needs
 * encoder_version 2 ({@link QueryRules}).
 */
@Retention(RetentionPolicy.RUNTIME)
@Target({
  ElementType.METHOD,
  ElementType.FIELD,
  ElementType.PARAMETER,
  ElementType.TYPE_USE,
  ElementType.ANNOTATION_TYPE
})
@Constraint(validatedBy = {})
@OneOf({"libx264", "libx265", "libvpx", "libvpx-vp9", "libsvtav1", "lcevc_h264", "lcevc_hevc"})
public @interface VideoCodec {

  String message() default "";

  Class<?>[] groups() default {};

  Class<? extends Payload>[] payload() default {};
}
