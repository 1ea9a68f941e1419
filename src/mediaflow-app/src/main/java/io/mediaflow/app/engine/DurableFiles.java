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

  /**
   * Writes {@code content} into {@code file} at {@code position} (its end, or where a torn tail a
   * crash left begins), forced; a file begun at 0 has its name forced too.
   */
  public static void writeAt(Path file, long position, byte[] content) throws IOException {
    try (FileChannel channel =
        FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE)) {
      channel.position(position);
      ByteBuffer bytes = ByteBuffer.wrap(content);
      while (bytes.hasRemaining()) {
        channel.write(bytes);
      }
      channel.force(false);
    }
    if (position == 0) {
      forceDirectory(file.getParent());
    }
  }

  /** A new or renamed file's name is only durable once its folder is forced too. */
  public static void forceDirectory(Path folder) throws IOException {
    try (FileChannel directory = FileChannel.open(folder, StandardOpenOption.READ)) {
      directory.force(true);
    }
  }
}
