package io.mediaflow.api.constraint;

import io.mediaflow.api.ApiJson;
import io.mediaflow.api.internal.Constraints;
import jakarta.validation.Constraint;
import jakarta.validation.ConstraintValidator;
import jakarta.validation.ConstraintValidatorContext;
import jakarta.validation.Payload;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;

/**
 * A text that must be one of a fixed list of values: those {@link #value()} names, or the JSON
 * values of an enum's constants ({@link #enumType()}), so an enum that a form or template offers as
 * choices is also the rule. Null is valid (add {@code @NotNull} where the value is required). The
 * message names the values.
 */
@Retention(RetentionPolicy.RUNTIME)
@Target({
  ElementType.METHOD,
  ElementType.FIELD,
  ElementType.PARAMETER,
  ElementType.TYPE_USE,
  ElementType.ANNOTATION_TYPE
})
@Constraint(validatedBy = OneOf.Check.class)
public @interface OneOf {

  String[] value() default {};

  /** An enum whose constants' JSON values are the allowed values. */
  Class<? extends Enum<?>>[] enumType() default {};

  /** Empty: "must be one of" and the values. */
  String message() default "";

  Class<?>[] groups() default {};

  Class<? extends Payload>[] payload() default {};

  /** Checks {@link OneOf}. */
  final class Check implements ConstraintValidator<OneOf, String> {

    private List<String> allowed;
    private String message;

    @Override
    public void initialize(OneOf oneOf) {
      allowed = values(oneOf);
      message =
          oneOf.message().isEmpty()
              ? "must be one of " + String.join(", ", allowed)
              : oneOf.message();
    }

    /** The allowed values, in the order given. */
    public static List<String> values(OneOf oneOf) {
      return Stream.concat(
              Arrays.stream(oneOf.value()),
              Arrays.stream(oneOf.enumType())
                  .flatMap(type -> Arrays.stream(type.getEnumConstants()))
                  .map(constant -> ApiJson.MAPPER.convertValue(constant, String.class)))
          .toList();
    }

    @Override
    public boolean isValid(String value, ConstraintValidatorContext context) {
      if (value == null || allowed.contains(value)) {
        return true;
      }
      Constraints.report(context, message);
      return false;
    }
  }
}
