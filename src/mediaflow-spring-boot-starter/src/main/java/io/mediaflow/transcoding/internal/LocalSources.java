package io.mediaflow.transcoding.internal;

import io.mediaflow.api.InvalidRequestException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;

/**
 * The one folder on the worker's machine that a process may have uploaded: {@value #SETTING}.
 * Without it, a local path is refused, so that a process variable cannot send any file the worker
 * can read ({@code /etc/passwd}, a key store) to the service. A path is taken inside the folder
 * when relative, and followed through links before it is checked, so neither {@code ..} nor a link
 * leads out.
 */
public class LocalSources {

  static final String SETTING = "mediaflow.transcoding.local-source-directory";

  private final String directory;

  /**
   * @param directory the folder, or null or blank for none
   */
  public LocalSources(String directory) {
    this.directory = directory == null ? "" : directory;
  }

  /**
   * The file {@code path} names, once it is known to lie in the folder.
   *
   * @param field the input that holds the path, named in the refusal
   */
  public Path file(String field, String path) {
    if (directory.isBlank()) {
      throw InvalidRequestException.field(
          field,
          "is a path on the worker's machine, and reading local files is off;"
              + " set "
              + SETTING
              + " to the folder sources may be read from, or give a URL or tus:<file_uuid>");
    }
    Path folder;
    try {
      folder = Path.of(directory).toRealPath();
    } catch (IOException e) {
      throw InvalidRequestException.field(
          field, SETTING + " names no folder that can be read (" + directory + ")");
    }
    Path file;
    try {
      file = folder.resolve(path).toRealPath();
    } catch (NoSuchFileException e) {
      throw InvalidRequestException.field(field, "no such file in " + SETTING);
    } catch (IOException | java.nio.file.InvalidPathException e) {
      throw InvalidRequestException.field(field, "cannot be read as a file in " + SETTING);
    }
    if (!file.startsWith(folder)) {
      throw InvalidRequestException.field(
          field, "lies outside " + SETTING + "; only files inside it are read");
    }
    if (!Files.isRegularFile(file)) {
      throw InvalidRequestException.field(field, "is not a file in " + SETTING);
    }
    return file;
  }
}
