package io.mediaflow.delivery;

import jakarta.validation.Constraint;
import jakarta.validation.OverridesAttribute;
import jakarta.validation.Payload;
import jakarta.validation.ReportAsSingleViolation;
import jakarta.validation.constraints.Pattern;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * A media storage bucket name, with the object-storage rule: 3 to 63 lower-case letters, digits,
 * dots or hyphens, starting and ending with a letter or digit, no two dots in a row. Null is valid.
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
@Pattern(regexp = "(?!.*\\.\\.)[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]")
public @interface BucketName {

  @OverridesAttribute(constraint = Pattern.class, name = "message")
  String message() default
      "must be a bucket name: 3 to 63 lower-case letters, digits, dots or hyphens, starting and"
          + " ending with a letter or digit";

  Class<?>[] groups() default {};

  Class<? extends Payload>[] payload() default {};
}
