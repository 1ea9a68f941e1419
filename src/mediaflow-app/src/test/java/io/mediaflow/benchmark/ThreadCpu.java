package io.mediaflow.benchmark;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.Map;
import java.util.stream.Stream;

/**
 * The CPU time of a JVM's threads by what they do, read from Linux's {@code /proc/<pid>/task}: its
 * JIT compilers, its garbage collectors, and the rest (the application). A replica's first hundreds
 * of jobs cost it mostly compiling; what a job costs a replica that has run for days is the rest
 * and the collector's share. Snapshots are per thread, so a compiler thread the JVM ends between
 * two snapshots loses only what it spent in between.
 */
final class ThreadCpu {

  enum Kind {
    JIT,
    GC,
    APPLICATION
  }

  /** Clock ticks per second of {@code /proc}'s times; 100 on every Linux the JDK runs on. */
  private static final double TICKS_PER_SECOND = 100;

  private record Thread(Kind kind, String name, long ticks) {}

  /** One moment's times, per thread ID. */
  static final class Snapshot {
    private final Map<String, Thread> threads;

    private Snapshot(Map<String, Thread> threads) {
      this.threads = threads;
    }

    /**
     * Seconds of CPU since {@code earlier} per group of threads, of the threads alive now: a
     * thread's name without its numbers, so the threads of one pool add up.
     */
    Map<String, Double> byGroup(Snapshot earlier) {
      var seconds = new java.util.TreeMap<String, Double>();
      threads.forEach(
          (id, now) -> {
            Thread before = earlier.threads.get(id);
            long ticks = now.ticks() - (before == null ? 0 : before.ticks());
            seconds.merge(
                now.name().replaceAll("[0-9]+", "#"), ticks / TICKS_PER_SECOND, Double::sum);
          });
      return seconds;
    }

    /** Seconds of CPU per kind since {@code earlier}, of the threads alive now. */
    Map<Kind, Double> since(Snapshot earlier) {
      var seconds = new EnumMap<Kind, Double>(Kind.class);
      for (Kind kind : Kind.values()) {
        seconds.put(kind, 0.0);
      }
      threads.forEach(
          (id, now) -> {
            Thread before = earlier.threads.get(id);
            long ticks = now.ticks() - (before == null ? 0 : before.ticks());
            seconds.merge(now.kind(), ticks / TICKS_PER_SECOND, Double::sum);
          });
      return seconds;
    }
  }

  private ThreadCpu() {}

  /** The threads of process {@code pid} as they are now; none where there is no {@code /proc}. */
  static Snapshot of(long pid) {
    var threads = new HashMap<String, Thread>();
    try (Stream<Path> tasks = Files.list(Path.of("/proc", Long.toString(pid), "task"))) {
      for (Path task : tasks.toList()) {
        try {
          String stat = Files.readString(task.resolve("stat"));
          String name = stat.substring(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
          // After the name: state, then 10 fields before utime and stime (proc(5), fields 14, 15).
          String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
          threads.put(
              task.getFileName().toString(),
              new Thread(
                  kind(name), name, Long.parseLong(fields[11]) + Long.parseLong(fields[12])));
        } catch (NoSuchFileException ended) {
          // The thread ended while the others were read.
        }
      }
    } catch (IOException noProc) {
      return new Snapshot(Map.of());
    }
    return new Snapshot(threads);
  }

  /** HotSpot's names for its compiler and collector threads (at most 15 characters in Linux). */
  private static Kind kind(String name) {
    if (name.startsWith("C1 CompilerThre") || name.startsWith("C2 CompilerThre")) {
      return Kind.JIT;
    }
    if (name.startsWith("GC Thread") || name.startsWith("G1 ")) {
      return Kind.GC;
    }
    return Kind.APPLICATION;
  }
}
