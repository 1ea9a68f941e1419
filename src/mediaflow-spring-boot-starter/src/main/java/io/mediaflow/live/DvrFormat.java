package io.mediaflow.live;

import io.mediaflow.api.constraint.OneOf;
import jakarta.validation.Constraint;
import jakarta.validation.Payload;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import java.util.List;

/** A DVR recording format of document 2; forms offer the same list ({@link #FORMATS}). */
@Retention(RetentionPolicy.RUNTIME)
@Target({
  ElementType.METHOD,
  ElementType.FIELD,
  ElementType.PARAMETER,
  ElementType.TYPE_USE,
  ElementType.ANNOTATION_TYPE
})
@Constraint(validatedBy = {})
@OneOf({"mp4", "ts", "hls"})
public @interface DvrFormat {

  List<String> FORMATS = List.of(DvrFormat.class.getAnnotation(OneOf.class).value());

  String message() default "";

  Class<?>[] groups() default {};

  Class<? extends Payload>[] payload() default {};
}
