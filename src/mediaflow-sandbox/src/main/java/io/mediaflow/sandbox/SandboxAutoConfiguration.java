package io.mediaflow.sandbox;

import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.context.properties.ConfigurationPropertiesScan;
import org.springframework.context.annotation.ComponentScan;
import org.springframework.context.annotation.FilterType;

/**
 * The sandbox: a local implementation of the service's three APIs under {@code /sandbox}. Every
 * sandbox bean is found by this one scan, so {@code mediaflow.sandbox.enabled} (off unless set)
 * switches all of them, and every {@code /sandbox} path, on or off in one place.
 */
@AutoConfiguration
@ConditionalOnProperty(name = "mediaflow.sandbox.enabled", havingValue = "true")
@ComponentScan(
    basePackageClasses = SandboxAutoConfiguration.class,
    excludeFilters =
        @ComponentScan.Filter(
            type = FilterType.ASSIGNABLE_TYPE,
            classes = SandboxAutoConfiguration.class))
@ConfigurationPropertiesScan(basePackageClasses = SandboxAutoConfiguration.class)
public class SandboxAutoConfiguration {}
