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
 * An identifier the content delivery API generates ({@code id}, {@code domain_id}, {@code
 * stream_id}): a UUID. Null is valid.
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
@Pattern(regexp = "[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}")
public @interface ServiceId {

  @OverridesAttribute(constraint = Pattern.class, name = "message")
  String message() default "must be an id in UUID form, as the service generates them";

  Class<?>[] groups() default {};

  Class<? extends Payload>[] payload() default {};
}
