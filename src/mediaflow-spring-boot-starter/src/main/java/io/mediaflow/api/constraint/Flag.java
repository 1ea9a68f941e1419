package io.mediaflow.api.constraint;

import jakarta.validation.Constraint;
import jakarta.validation.Payload;
import jakarta.validation.ReportAsSingleViolation;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/** The API's integer switches ({@code fmp4}, {@code sprite}, {@code use_v2}, ...): 0 or 1. */
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
@Min(0)
@Max(1)
public @interface Flag {

  String message() default "must be 0 or 1";

  Class<?>[] groups() default {};

  Class<? extends Payload>[] payload() default {};
}
