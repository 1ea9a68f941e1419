package io.mediaflow.transcoding.query;

import jakarta.validation.Constraint;
import jakarta.validation.Payload;
import jakarta.validation.ReportAsSingleViolation;
import jakarta.validation.constraints.Size;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Document 3, Limits: a job's {@code payload}, returned in its callbacks, is up to 1000 characters
 * (longer gives error 9).
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
@ReportAsSingleViolation
@Size(max = JobPayload.MAX)
public @interface JobPayload {

  int MAX = 1000;

  String message() default "must be at most " + MAX + " characters";

  Class<?>[] groups() default {};

  Class<? extends Payload>[] payload() default {};
}
