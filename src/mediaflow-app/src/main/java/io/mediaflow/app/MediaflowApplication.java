package io.mediaflow.app;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.AutoConfigurationExcludeFilter;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.context.TypeExcludeFilter;
import org.springframework.boot.context.properties.ConfigurationPropertiesScan;
import org.springframework.context.annotation.ComponentScan;
import org.springframework.context.annotation.FilterType;

/**
 * Mediaflow: the media platform's transcoding, live streaming and content delivery APIs as Zeebe
 * job workers.
 *
 * <p>With no configuration it runs the embedded default: the engine (its state in a data folder),
 * the sandbox and the workers on one machine. Pointing it at a real cluster and the real service is
 * configuration only (see README).
 *
 * <p>{@code @SpringBootApplication}, but for one filter more: the embedded default's beans are left
 * to {@link EmbeddedDefault}, which finds them only when it is switched on.
 */
@SpringBootConfiguration
@EnableAutoConfiguration
@ComponentScan(
    excludeFilters = {
      @ComponentScan.Filter(type = FilterType.CUSTOM, classes = TypeExcludeFilter.class),
      @ComponentScan.Filter(
          type = FilterType.CUSTOM,
          classes = AutoConfigurationExcludeFilter.class),
      @ComponentScan.Filter(type = FilterType.REGEX, pattern = EmbeddedDefault.MEMBERS)
    })
@ConfigurationPropertiesScan
public class MediaflowApplication {

  public static void main(String[] args) {
    SpringApplication.run(MediaflowApplication.class, args);
  }
}
