package io.mediaflow.app.engine;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.channels.Channels;
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

  private static final int BUFFER = 1 << 16;

  private DurableFiles() {}

  /**
   * What is written, handed to a stream as it is made: content that can reach hundreds of megabytes
   * (the history of thousands of instances in flight) is never held whole in the heap.
   */
  @FunctionalInterface
  public interface Content {
    void writeTo(OutputStream out) throws IOException;
  }

  /**
   * Replaces {@code file} with {@code content}: written beside it, forced, renamed over it, its
   * folder forced.
   */
  public static void replace(Path file, byte[] content) throws IOException {
    replace(file, out -> out.write(content));
  }

  /** {@link #replace(Path, byte[])}, the content written as it is made; returns its length. */
  public static long replace(Path file, Content content) throws IOException {
    Path folder = file.getParent();
    Path next = folder.resolve(file.getFileName() + ".next");
    Files.createDirectories(folder);
    long written;
    try (FileChannel channel =
        FileChannel.open(
            next,
            StandardOpenOption.CREATE,
            StandardOpenOption.WRITE,
            StandardOpenOption.TRUNCATE_EXISTING)) {
      written = write(channel, content);
      channel.force(true);
    }
    Files.move(next, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
    forceDirectory(folder);
    return written;
  }

  /**
   * Writes {@code content} into {@code file} at {@code position} (its end, or where a torn tail a
   * crash left begins), forced; a file begun at 0 has its name forced too. Returns its length.
   */
  public static long writeAt(Path file, long position, Content content) throws IOException {
    long written;
    try (FileChannel channel =
        FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE)) {
      channel.position(position);
      written = write(channel, content);
      channel.force(false);
    }
    if (position == 0) {
      forceDirectory(file.getParent());
    }
    return written;
  }

  /** Writes the content at the channel's position, through a buffer; returns its length. */
  private static long write(FileChannel channel, Content content) throws IOException {
    long start = channel.position();
    // Not closed: that would close the channel before it is forced.
    var out = new BufferedOutputStream(Channels.newOutputStream(channel), BUFFER);
    content.writeTo(out);
    out.flush();
    return channel.position() - start;
  }

  /** A new or renamed file's name is only durable once its folder is forced too. */
  public static void forceDirectory(Path folder) throws IOException {
    try (FileChannel directory = FileChannel.open(folder, StandardOpenOption.READ)) {
      directory.force(true);
    }
  }
}
