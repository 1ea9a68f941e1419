package io.mediaflow.api.constraint;

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
 * A fully qualified domain name: two or more labels of letters, digits and inner hyphens, 253
 * characters at most, no trailing dot, and a top label that is not all digits (an IP address such
 * as 169.254.169.254 is not a domain name). A pattern, so an element template carries the same rule
 * to Camunda Modeler. Null is valid.
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
@Pattern(
    regexp =
        "(?=.{1,253}$)([A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?\\.)+(?![0-9]+$)[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?")
public @interface Fqdn {

  @OverridesAttribute(constraint = Pattern.class, name = "message")
  String message() default
      "must be a fully qualified domain name such as video.example.com (two or more labels of"
          + " letters, digits and inner hyphens, no trailing dot, not an IP address)";

  Class<?>[] groups() default {};

  Class<? extends Payload>[] payload() default {};
}
