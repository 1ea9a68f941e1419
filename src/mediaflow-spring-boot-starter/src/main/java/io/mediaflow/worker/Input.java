package io.mediaflow.worker;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * One input of an operation, declared once for the worker and the element template: the worker refuses a job that
 * breaks {@link #required} or {@link #maxLength} ({@code InputReader}), and the template shows the same rules as
 * its constraints. The rules of the API's request itself are the client's ({@code *Rules}).
 */
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.RECORD_COMPONENT)
public @interface Input {

  String label();

  /** A job without it (null, a blank text, an empty list) is refused, and the template marks it not empty. */
  boolean required() default false;

  /** The longest text accepted, in characters; the template's {@code maxLength}. */
  int maxLength() default Integer.MAX_VALUE;

  String description() default "";

  /** The template's initial value, a FEEL expression ({@code =...}) or a literal; empty for none. */
  String value() default "";

  /**
   * Allowed literal values, shown as a dropdown. An enum-typed input needs none: its constants' JSON values are
   * the choices, so the worker and the template read them from one place.
   */
  String[] choices() default {};

  /**
   * An enum whose constants' JSON values are the allowed values of this text input, where the rules that check the
   * request read them too; none, or one.
   */
  Class<? extends Enum<?>>[] choicesFrom() default {};
}
