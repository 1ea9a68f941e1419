package io.mediaflow.api.internal;

import io.mediaflow.api.InvalidRequestException;
import io.mediaflow.api.Violation;
import java.util.ArrayList;
import java.util.List;

/**
 * Collects every broken rule of a request before it is sent, so one error lists them all (a user
 * fixing a rendition ladder wants to see each bad field at once, not one per attempt).
 */
public final class Rules {

  private final List<Violation> violations = new ArrayList<>();

  public Rules require(boolean holds, String field, String rule) {
    if (!holds) {
      violations.add(new Violation(field, rule));
    }
    return this;
  }

  /** Violations found by constraints, to report with the rules this collector checks in code. */
  public Rules addAll(List<Violation> found) {
    violations.addAll(found);
    return this;
  }

  public Rules add(String field, String rule) {
    violations.add(new Violation(field, rule));
    return this;
  }

  public boolean isEmpty() {
    return violations.isEmpty();
  }

  public void throwIfBroken() {
    if (!violations.isEmpty()) {
      throw new InvalidRequestException(violations);
    }
  }
}
