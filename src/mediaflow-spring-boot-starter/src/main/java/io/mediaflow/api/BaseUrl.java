package io.mediaflow.api;

import jakarta.validation.Constraint;
import jakarta.validation.Payload;
import jakarta.validation.ReportAsSingleViolation;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * An API's base address in the application's configuration: required, since the plugin has no
 * address of its own to fall back on, and an http(s) address, so a typo shows at start-up rather
 * than at the first job.
 */
@NotNull
@Pattern(regexp = "https?://\\S+")
@ReportAsSingleViolation
@Constraint(validatedBy = {})
@Target({ElementType.FIELD, ElementType.PARAMETER})
@Retention(RetentionPolicy.RUNTIME)
public @interface BaseUrl {

  String message() default "must be set to the API's http:// or https:// address";

  Class<?>[] groups() default {};

  Class<? extends Payload>[] payload() default {};
}
