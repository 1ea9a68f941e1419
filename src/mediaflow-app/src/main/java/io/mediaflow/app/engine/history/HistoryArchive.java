package io.mediaflow.app.engine.history;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.LocalDate;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.function.Consumer;
import java.util.stream.Stream;

/**
 * Where an earlier version kept the ended instances' details: a file per day the instances ended on
 * ({@code ended/2026-11-28.jsonl}), a {@link HistoryStore.SavedInstance} a line, each line's place
 * ({@link Location}) named in {@link HistoryStore}'s file. Read once, when {@link HistoryStore}
 * carries such a folder over to {@link EndedInstances}, then deleted.
 */
final class HistoryArchive {

  static final String FOLDER = "ended";

  /** Where an instance's line is: the day's file, and the line's first byte in it. */
  record Location(LocalDate day, long offset) {}

  private final Path folder;

  HistoryArchive(Path folder) {
    this.folder = folder.resolve(FOLDER);
  }

  /**
   * Reads the instances at the locations, one at a time, each file once and in the order of its
   * lines: a search over every ended instance holds only what it keeps of each.
   */
  void readEach(Collection<Location> locations, Consumer<HistoryStore.SavedInstance> action) {
    List<Location> sorted =
        locations.stream()
            .sorted(Comparator.comparing(Location::day).thenComparingLong(Location::offset))
            .toList();
    ByteBuffer buffer = ByteBuffer.allocate(64 * 1024);
    LocalDate open = null;
    FileChannel channel = null;
    try {
      for (Location at : sorted) {
        if (!at.day().equals(open)) {
          if (channel != null) {
            channel.close();
          }
          channel = FileChannel.open(file(at.day()), StandardOpenOption.READ);
          open = at.day();
        }
        buffer = line(channel, at.offset(), buffer);
        action.accept(
            HistoryStore.JSON.readValue(
                buffer.array(), 0, buffer.limit(), HistoryStore.SavedInstance.class));
      }
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot read the ended instances in " + folder, e);
    } finally {
      if (channel != null) {
        try {
          channel.close();
        } catch (IOException e) {
          // read already, or failed for the reason thrown
        }
      }
    }
  }

  /** Deletes the folder, once what it held is kept elsewhere. */
  void delete() throws IOException {
    if (!Files.isDirectory(folder)) {
      return;
    }
    try (Stream<Path> files = Files.list(folder)) {
      for (Path file : files.toList()) {
        Files.delete(file);
      }
    }
    Files.delete(folder);
  }

  /** The line at {@code offset}, without its newline, in the buffer (grown if need be). */
  private static ByteBuffer line(FileChannel channel, long offset, ByteBuffer buffer)
      throws IOException {
    buffer.clear();
    long position = offset;
    while (true) {
      int read = channel.read(buffer, position);
      for (int i = buffer.position() - Math.max(read, 0); i < buffer.position(); i++) {
        if (buffer.get(i) == '\n') {
          buffer.limit(i);
          buffer.position(0);
          return buffer;
        }
      }
      if (read < 0) {
        throw new IOException("The line at byte " + offset + " has no end");
      }
      position += read;
      if (!buffer.hasRemaining()) {
        ByteBuffer larger = ByteBuffer.allocate(buffer.capacity() * 2);
        buffer.flip();
        larger.put(buffer);
        buffer = larger;
      }
    }
  }

  private Path file(LocalDate day) {
    return folder.resolve(day + ".jsonl");
  }
}
