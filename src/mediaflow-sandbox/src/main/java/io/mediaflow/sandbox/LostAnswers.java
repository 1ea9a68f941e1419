package io.mediaflow.sandbox;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.springframework.stereotype.Component;

/**
 * Test control: requests whose answer is lost after the sandbox did the work, as when a connection
 * is cut or a proxy times out between the service and its client. A client sees a transport fault
 * and cannot tell whether the request took effect; this is how the workers' recovery of creates is
 * tested.
 */
@Component
public class LostAnswers {

  /**
   * One armed fault.
   *
   * @param method the request's method, e.g. {@code POST}
   * @param path the request's path below the application, e.g. {@code
   *     /sandbox/live/v1/live-streams}
   * @param times how many more matching requests lose their answer
   */
  record Fault(String method, String path, int times) {}

  private final List<Fault> armed = new ArrayList<>();
  private int lost;

  public synchronized void arm(String method, String path, int times) {
    armed.add(new Fault(method.toUpperCase(Locale.ROOT), path, times));
  }

  /** Whether this request's answer is to be lost; counts it against its fault. */
  synchronized boolean take(String method, String path) {
    for (int i = 0; i < armed.size(); i++) {
      Fault fault = armed.get(i);
      if (fault.method().equalsIgnoreCase(method) && fault.path().equals(path)) {
        if (fault.times() <= 1) {
          armed.remove(i);
        } else {
          armed.set(i, new Fault(fault.method(), fault.path(), fault.times() - 1));
        }
        return true;
      }
    }
    return false;
  }

  /** A request whose answer was lost has done its work. */
  synchronized void lost() {
    lost++;
  }

  synchronized boolean anyArmed() {
    return !armed.isEmpty();
  }

  /** The armed faults, and how many requests have done their work and lost their answer. */
  public synchronized Map<String, Object> state() {
    return Map.of("armed", List.copyOf(armed), "lost", lost);
  }

  public synchronized void clear() {
    armed.clear();
  }
}
