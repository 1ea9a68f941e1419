package io.mediaflow;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Collections;
import java.util.List;
import java.util.jar.JarFile;
import java.util.zip.ZipEntry;
import org.junit.jupiter.api.Test;

/**
 * The plugin's jar, as users get it, holds the plugin and nothing of the sandbox, the embedded
 * default, the build-only template generators or the embedded engine (the starter's pom bans them
 * as dependencies; this catches them arriving as classes, by a misplaced source, a shaded copy or a
 * resource). Runs at {@code verify}, after the jar is built.
 */
class StarterJarIT {

  private static final List<String> FOREIGN =
      List.of(
          "io/mediaflow/sandbox/",
          "io/mediaflow/app/",
          "io/mediaflow/templates/",
          "io/camunda/zeebe/engine/",
          "org/bytedeco/",
          "sandbox/");
  private static final String AUTO_CONFIGURATIONS =
      "META-INF/spring/org.springframework.boot.autoconfigure.AutoConfiguration.imports";

  @Test
  void theJarHoldsThePluginAndNothingElseOfTheProject() throws IOException {
    try (var jar = new JarFile(Path.of(System.getProperty("mediaflow.starter.jar")).toFile())) {
      List<String> entries =
          Collections.list(jar.entries()).stream().map(ZipEntry::getName).toList();

      assertThat(entries)
          .as("the plugin itself")
          .contains(
              "io/mediaflow/MediaflowAutoConfiguration.class",
              "io/mediaflow/worker/internal/JobRunner.class");
      assertThat(entries)
          .as("entries of the sandbox, the app, the generators or the in-memory engine")
          .filteredOn(entry -> FOREIGN.stream().anyMatch(entry::startsWith))
          .isEmpty();
      String autoConfigurations =
          new String(
              jar.getInputStream(jar.getEntry(AUTO_CONFIGURATIONS)).readAllBytes(),
              StandardCharsets.UTF_8);
      assertThat(autoConfigurations.strip().lines())
          .containsExactly(
              "io.mediaflow.MediaflowAutoConfiguration",
              "io.mediaflow.MediaflowHealthAutoConfiguration");
    }
  }
}
