package io.mediaflow.sandbox;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Ports nobody listens at, for the tests' servers and receivers, never one twice in a JVM: the
 * kernel hands a port just closed out again now and then (5 times in 20,000 here), so two servers
 * could be given one port, or a receiver the port of a stream's ingest.
 */
public final class FreePorts {

  private static final Set<Integer> TAKEN = ConcurrentHashMap.newKeySet();

  private FreePorts() {}

  public static int take() {
    while (true) {
      try (var socket = new ServerSocket(0)) {
        if (TAKEN.add(socket.getLocalPort())) {
          return socket.getLocalPort();
        }
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
  }

  /**
   * A port the sandbox handed out (a stream's ingest): free until its listener starts, never to be
   * taken.
   */
  public static void exclude(int port) {
    TAKEN.add(port);
  }
}
