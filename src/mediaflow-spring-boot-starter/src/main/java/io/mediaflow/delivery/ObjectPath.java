package io.mediaflow.delivery;

import io.mediaflow.delivery.signing.internal.ContentAddresses;
import jakarta.validation.Constraint;
import jakarta.validation.ConstraintValidator;
import jakarta.validation.ConstraintValidatorContext;
import jakarta.validation.Payload;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import java.util.Arrays;

/**
 * An object's path inside a bucket (leading slashes aside): segments that are neither empty nor
 * {@code .} or {@code ..}, so a signed or purged path cannot climb out of the object it names. Null
 * is valid (a purge without a path is one of the whole bucket; add {@code @NotNull} where a path
 * must be given); a blank path names no object and is refused.
 */
@Retention(RetentionPolicy.RUNTIME)
@Target({
  ElementType.METHOD,
  ElementType.FIELD,
  ElementType.PARAMETER,
  ElementType.TYPE_USE,
  ElementType.ANNOTATION_TYPE
})
@Constraint(validatedBy = ObjectPath.Check.class)
public @interface ObjectPath {

  /** The rule, also for a path that must be given ({@code @NotNull(message = RULE)}). */
  String RULE =
      "must be the path of an object inside the bucket, such as videos/clip/master.m3u8"
          + " (no empty, . or .. segments)";

  String message() default RULE;

  Class<?>[] groups() default {};

  Class<? extends Payload>[] payload() default {};

  /** Checks {@link ObjectPath}. */
  final class Check implements ConstraintValidator<ObjectPath, String> {

    @Override
    public boolean isValid(String value, ConstraintValidatorContext context) {
      if (value == null) {
        return true;
      }
      String path = ContentAddresses.objectPath(value);
      return !path.isEmpty()
          && Arrays.stream(path.split("/", -1))
              .noneMatch(
                  segment -> segment.isEmpty() || segment.equals(".") || segment.equals(".."));
    }
  }
}
