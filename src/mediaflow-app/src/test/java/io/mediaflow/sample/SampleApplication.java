package io.mediaflow.sample;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;

/**
 * A Mediaflow user's application, as the README's "Use the plugin in your own application"
 * describes it: Spring Boot, camunda-spring-boot-starter and mediaflow-spring-boot-starter,
 * configured by its {@code application.yml} (next to this class), and nothing else of the project.
 * It lives outside {@code io.mediaflow.app}, so nothing of the embedded default is scanned; the
 * sandbox's auto-configuration stays off because nothing switches it on.
 */
@SpringBootApplication
public class SampleApplication {

  public static void main(String[] args) {
    SpringApplication.run(SampleApplication.class, args);
  }
}
