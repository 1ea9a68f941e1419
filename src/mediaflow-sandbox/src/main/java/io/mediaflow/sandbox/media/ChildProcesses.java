package io.mediaflow.sandbox.media;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Starts the sandbox's programs (encoders, RTMP listeners, relays) so that they end with it,
 * however it ends: a {@code kill -9} of the JVM runs no shutdown hook, and an RTMP listener left
 * behind would hold its port. On Linux each program is started through util-linux's {@code setpriv
 * --pdeathsig KILL}, which asks the kernel to kill it when its parent dies. The kernel's parent is
 * the thread that started it, not the process, so every program is started from one platform thread
 * that lives as long as the JVM: a pool's thread, or a virtual thread's carrier, may end while the
 * program should run on. Where {@code setpriv} is missing, programs are started plainly (with a
 * warning once).
 */
public final class ChildProcesses {

  private static final Logger LOG = LoggerFactory.getLogger(ChildProcesses.class);
  private static final Path SETPRIV = Path.of("/usr/bin/setpriv");
  private static final List<String> PREFIX =
      Files.isExecutable(SETPRIV)
          ? List.of(SETPRIV.toString(), "--pdeathsig", "KILL", "--")
          : List.of();

  /** Never ends: a thread that ended would take its programs with it. */
  private static final ExecutorService LAUNCHER =
      Executors.newSingleThreadExecutor(
          Thread.ofPlatform().daemon().name("mediaflow-child-launcher").factory());

  static {
    if (PREFIX.isEmpty()) {
      LOG.warn(
          "{} is missing: programs the sandbox starts (encoders, RTMP listeners) outlive it if it is killed",
          SETPRIV);
    }
  }

  private ChildProcesses() {}

  /** Starts {@code builder}'s command, to be killed by the kernel when this JVM dies. */
  public static Process start(ProcessBuilder builder) throws IOException {
    var command = new ArrayList<>(PREFIX);
    command.addAll(builder.command());
    ProcessBuilder bound = builder.command(command);
    try {
      return LAUNCHER.submit(bound::start).get();
    } catch (ExecutionException e) {
      if (e.getCause() instanceof IOException io) {
        throw io;
      }
      throw new IllegalStateException("Cannot start " + command.get(PREFIX.size()), e.getCause());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException("Interrupted while starting " + command.get(PREFIX.size()), e);
    }
  }
}
