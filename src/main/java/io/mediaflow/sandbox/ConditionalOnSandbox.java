package io.mediaflow.sandbox;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/** A part of the sandbox: present unless {@code mediaflow.sandbox.enabled} is false (a real deployment). */
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.TYPE, ElementType.METHOD})
@Documented
@ConditionalOnSandbox
public @interface ConditionalOnSandbox {}
