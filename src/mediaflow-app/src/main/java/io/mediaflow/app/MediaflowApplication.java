package io.mediaflow.app;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.context.properties.ConfigurationPropertiesScan;

/**
 * Mediaflow: the media platform's transcoding, live streaming and content delivery APIs as Zeebe
 * job workers.
 *
 * <p>With no configuration it runs the embedded default: the engine (its state in a data folder),
 * the sandbox and the workers on one machine. Pointing it at a real cluster and the real service is
 * configuration only (see README).
 */
@SpringBootApplication
@ConfigurationPropertiesScan
public class MediaflowApplication {

  public static void main(String[] args) {
    SpringApplication.run(MediaflowApplication.class, args);
  }
}
