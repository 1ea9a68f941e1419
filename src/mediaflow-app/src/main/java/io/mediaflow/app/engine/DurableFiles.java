package io.mediaflow.app.engine;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;

/**
 * Writes of the data folder that a crash, of the application or of the machine, leaves whole or not
 * at all.
 */
public final class DurableFiles {

  private DurableFiles() {}

  /**
   * Replaces {@code file} with {@code content}: written beside it, forced, renamed over it, its
   * folder forced.
   */
  public static void replace(Path file, byte[] content) throws IOException {
    Path folder = file.getParent();
    Path next = folder.resolve(file.getFileName() + ".next");
    Files.createDirectories(folder);
    try (FileChannel channel =
        FileChannel.open(
            next,
            StandardOpenOption.CREATE,
            StandardOpenOption.WRITE,
            StandardOpenOption.TRUNCATE_EXISTING)) {
      ByteBuffer bytes = ByteBuffer.wrap(content);
      while (bytes.hasRemaining()) {
        channel.write(bytes);
      }
      channel.force(true);
    }
    Files.move(next, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
    forceDirectory(folder);
  }

  /** A new or renamed file's name is only durable once its folder is forced too. */
  public static void forceDirectory(Path folder) throws IOException {
    try (FileChannel directory = FileChannel.open(folder, StandardOpenOption.READ)) {
      directory.force(true);
    }
  }
}
