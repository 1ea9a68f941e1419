package io.mediaflow.api.operation;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * One input of an operation as Camunda Modeler shows it. Its rules are the Jakarta constraints
 * beside it ({@code @NotBlank}, {@code @Size}, ...): the client refuses a request that breaks them,
 * the worker a job ({@code InputReader}), and the element template carries them as its constraints
 * (the build-only {@code io.mediaflow.templates.ElementTemplates}). The process variable it is read
 * from is the component's name, which the template binds.
 */
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.RECORD_COMPONENT)
public @interface Input {

  String label();

  String description() default "";

  /**
   * The template's initial value, a FEEL expression ({@code =...}) or a literal; empty for none.
   */
  String value() default "";

  /**
   * Allowed literal values, shown as a dropdown. An enum-typed input needs none: its constants'
   * JSON values are the choices, so the worker and the template read them from one place.
   */
  String[] choices() default {};

  /**
   * An enum whose constants' JSON values are the allowed values of this text input, where the rules
   * that check the request read them too; none, or one.
   */
  Class<? extends Enum<?>>[] choicesFrom() default {};
}
