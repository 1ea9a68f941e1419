package io.mediaflow.transcoding.query;

import jakarta.validation.Constraint;
import jakarta.validation.Payload;
import jakarta.validation.ReportAsSingleViolation;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * A {@code width}, {@code height} or {@code resolution}: a whole number of pixels from 1 to {@link
 * #MAX}. Document 3 gives no upper bound; 16384 is the sandbox's, kept here in one place so the
 * plugin refuses what the sandbox refuses (the shared fixtures check both) and can be corrected in
 * one place should the real service differ.
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
@Min(1)
@Max(Pixels.MAX)
public @interface Pixels {

  int MAX = 16384;

  String message() default "must be from 1 to " + MAX + " pixels";

  Class<?>[] groups() default {};

  Class<? extends Payload>[] payload() default {};
}
