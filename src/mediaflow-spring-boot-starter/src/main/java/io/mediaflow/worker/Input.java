package io.mediaflow.worker;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * One input of an operation as the modeller sees it in the element template. Whether it is required and its
 * limits come from the component's Jakarta constraints, which the worker also enforces.
 */
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.RECORD_COMPONENT)
public @interface Input {

  String label();

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
