package io.mediaflow.app.engine.history;

/** A variable; {@code value} is its JSON text. */
public record Variable(
    long key, long scopeKey, long processInstanceKey, String name, String value, String tenantId) {

  public Variable {
    name = SharedNames.of(name);
    tenantId = SharedNames.of(tenantId);
  }
}
