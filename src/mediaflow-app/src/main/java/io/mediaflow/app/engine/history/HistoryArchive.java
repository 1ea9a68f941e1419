package io.mediaflow.app.engine.history;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.json.JsonMapper;
import io.mediaflow.app.engine.DurableFiles;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;
import java.util.stream.Stream;

/**
 * Where the ended instances' details (elements, variables, tasks, incidents, jobs, ...) are kept
 * once they ended, so that the heap holds only their {@link ProcessInstance}: a file per day the
 * instances ended on ({@code 2026-11-28.jsonl}), a {@link HistoryStore.SavedInstance} a line,
 * appended to and forced, never changed. Where each instance's line is ({@link Location}) is kept
 * in {@link HistoryStore}, written after the lines it points to: a line a crash left without its
 * location is never read. The retention deletes a day's file as a whole once every instance in it
 * has passed it.
 */
final class HistoryArchive {

  static final String FOLDER = "ended";

  private static final JsonMapper JSON =
      JsonMapper.builder()
          .findAndAddModules()
          .serializationInclusion(JsonInclude.Include.NON_NULL)
          .build();

  /** Where an instance's line is: the day's file, and the line's first byte in it. */
  record Location(LocalDate day, long offset) {}

  private final Path folder;

  HistoryArchive(Path folder) {
    this.folder = folder.resolve(FOLDER);
  }

  /**
   * Appends each ended instance to the file of the day it ended on, on disk when this returns;
   * where each one is, by its key.
   */
  Map<Long, Location> append(List<HistoryStore.SavedInstance> ended) {
    var locations = new HashMap<Long, Location>();
    try {
      Files.createDirectories(folder);
      for (List<HistoryStore.SavedInstance> sameDay : byDay(ended)) {
        LocalDate day = dayOf(sameDay.get(0));
        Path file = file(day);
        long offset = Files.exists(file) ? Files.size(file) : 0; // after a torn line: never read
        var out = new ByteArrayOutputStream();
        for (HistoryStore.SavedInstance instance : sameDay) {
          locations.put(instance.key(), new Location(day, offset + out.size()));
          out.write(JSON.writeValueAsBytes(instance));
          out.write('\n');
        }
        DurableFiles.writeAt(file, offset, out.toByteArray());
      }
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot keep the ended instances in " + folder, e);
    }
    return locations;
  }

  /** The instance at {@code at}. */
  HistoryStore.SavedInstance read(Location at) {
    var found = new ArrayList<HistoryStore.SavedInstance>(1);
    readEach(List.of(at), found::add);
    return found.get(0);
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
            JSON.readValue(buffer.array(), 0, buffer.limit(), HistoryStore.SavedInstance.class));
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

  /**
   * Deletes the files of the days before {@code day} that the store no longer names: every instance
   * in them ended before it and was dropped. A day the store still names keeps its file: the
   * engine's clock can be pinned to the past, so an instance ending now may have ended, by that
   * clock, on a day long past the retention, and it is dropped only once the instances that ended
   * before it are.
   */
  void deleteBefore(LocalDate day, Set<LocalDate> named) {
    if (!Files.isDirectory(folder)) {
      return;
    }
    try (Stream<Path> files = Files.list(folder)) {
      for (Path file : files.toList()) {
        String name = file.getFileName().toString();
        if (!name.endsWith(".jsonl")) {
          continue;
        }
        LocalDate fileDay = LocalDate.parse(name.substring(0, name.length() - ".jsonl".length()));
        if (fileDay.isBefore(day) && !named.contains(fileDay)) {
          Files.delete(file);
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot delete the ended instances past retention", e);
    }
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

  private static LocalDate dayOf(HistoryStore.SavedInstance instance) {
    return LocalDate.ofInstant(instance.instance().endDate(), ZoneOffset.UTC);
  }

  /** The instances in groups of the same day, each group in the order given. */
  private static List<List<HistoryStore.SavedInstance>> byDay(
      List<HistoryStore.SavedInstance> ended) {
    var groups = new LinkedHashMap<LocalDate, List<HistoryStore.SavedInstance>>();
    ended.forEach(
        instance -> groups.computeIfAbsent(dayOf(instance), d -> new ArrayList<>()).add(instance));
    return List.copyOf(groups.values());
  }
}
