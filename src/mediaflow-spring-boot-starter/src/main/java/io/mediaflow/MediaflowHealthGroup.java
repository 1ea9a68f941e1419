package io.mediaflow;

import java.util.Map;
import org.springframework.boot.DefaultPropertiesPropertySource;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.env.EnvironmentPostProcessor;
import org.springframework.core.env.ConfigurableEnvironment;

/**
 * Declares the health group {@code mediaflow} (the plugin's indicators) as a default property, the
 * lowest precedence there is: an application's own {@code
 * management.endpoint.health.group.mediaflow.*} settings win. Spring Boot configures groups from
 * properties only, hence an environment post-processor rather than a bean.
 */
public class MediaflowHealthGroup implements EnvironmentPostProcessor {

  static final String INCLUDE = "management.endpoint.health.group.mediaflow.include";

  @Override
  public void postProcessEnvironment(
      ConfigurableEnvironment environment, SpringApplication application) {
    // Spring Boot refuses to start with a group that names a missing contributor, so the group
    // follows the contributor's own switch (see ConditionalOnEnabledHealthIndicator).
    boolean enabled =
        environment.getProperty(
            "management.health.mediaflow.enabled",
            Boolean.class,
            environment.getProperty("management.health.defaults.enabled", Boolean.class, true));
    if (enabled) {
      DefaultPropertiesPropertySource.addOrMerge(
          Map.of(INCLUDE, "mediaflow"), environment.getPropertySources());
    }
  }
}
