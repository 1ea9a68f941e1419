package io.mediaflow.sandbox.state;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.stereotype.Component;
import org.springframework.util.FileSystemUtils;

/**
 * The folders of the sandbox's files: stored objects, job outputs, uploads, DVR recordings, jobs'
 * working files. Durable, they are under {@code files/} of {@link
 * SandboxStateProperties#directory()} and stay; otherwise under one temporary folder removed when
 * the sandbox stops, so nothing is left in the system's temporary directory. All are on one file
 * system, so a file moves from a job's working folder to its storage without a copy.
 */
@Component
public class SandboxFolders implements DisposableBean {

  private final Path root;
  private final boolean temporary;

  public SandboxFolders(SandboxStateProperties properties) throws IOException {
    this.temporary = !properties.durable();
    this.root =
        temporary
            ? Files.createTempDirectory("mediaflow-sandbox-")
            : Files.createDirectories(properties.directory().toAbsolutePath().resolve("files"));
  }

  /** The folder {@code name}, created when it is not there. */
  public Path folder(String name) {
    try {
      return Files.createDirectories(root.resolve(name));
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot create the sandbox's folder " + name, e);
    }
  }

  /**
   * The folder {@code name}, empty: for files nothing refers to after a restart (jobs' working
   * files, which a restarted job fetches again).
   */
  public Path emptyFolder(String name) {
    Path folder = root.resolve(name);
    try {
      FileSystemUtils.deleteRecursively(folder);
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot empty the sandbox's folder " + name, e);
    }
    return folder(name);
  }

  @Override
  public void destroy() throws IOException {
    if (temporary) {
      FileSystemUtils.deleteRecursively(root);
    }
  }
}
