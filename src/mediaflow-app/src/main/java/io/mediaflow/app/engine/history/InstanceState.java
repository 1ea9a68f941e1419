package io.mediaflow.app.engine.history;

public enum InstanceState {
  ACTIVE,
  COMPLETED,
  TERMINATED
}
