package io.mediaflow;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;

/**
 * The sockets listening on a local TCP port, read from Linux's {@code /proc/net/tcp} and {@code
 * /proc/net/tcp6} ({@code tcp6} only where IPv6 is on). Read from the kernel's tables rather than
 * found out by connecting: a listener that takes one connection (ffmpeg's {@code -listen 1}) would
 * spend it on the probe.
 */
public final class ListeningSockets {

  private static final Path TCP = Path.of("/proc/net/tcp");
  private static final Path TCP6 = Path.of("/proc/net/tcp6");

  /** The state column's value for a listening socket. */
  private static final String LISTEN = "0A";

  private ListeningSockets() {}

  /**
   * The local addresses, as the tables spell them (hexadecimal, {@code 0100007F} for 127.0.0.1), of
   * the sockets listening on {@code port}; empty when none does.
   */
  public static List<String> addresses(int port) {
    String hexPort = HexFormat.of().withUpperCase().toHexDigits((short) port);
    var addresses = new ArrayList<String>();
    for (Path table : Files.isReadable(TCP6) ? List.of(TCP, TCP6) : List.of(TCP)) {
      for (String line : lines(table)) {
        String[] fields = line.trim().split("\\s+");
        // local_address (address:port) is the second field, st the fourth
        if (fields.length > 3 && fields[3].equals(LISTEN)) {
          String[] local = fields[1].split(":");
          if (local.length == 2 && local[1].equals(hexPort)) {
            addresses.add(local[0]);
          }
        }
      }
    }
    return addresses;
  }

  private static List<String> lines(Path table) {
    try {
      return Files.readAllLines(table);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
