package io.mediaflow.sandbox.state;

import java.nio.file.Path;
import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * Where the sandbox keeps what it knows.
 *
 * @param directory the folder of the sandbox's database ({@code state.mv.db}) and files ({@code
 *     files/}); the embedded default sets it to {@code sandbox/} in its data folder, so the
 *     sandbox's tasks, streams, domains and stored media survive a restart or a crash. Unset, the
 *     sandbox keeps them in memory and in a temporary folder it removes when it stops (what the
 *     sandbox's own tests want).
 */
@ConfigurationProperties("mediaflow.sandbox.state")
public record SandboxStateProperties(Path directory) {

  public boolean durable() {
    return directory != null;
  }
}
