package io.mediaflow.app.engine.history;

public enum TaskState {
  CREATED,
  COMPLETED,
  CANCELED,
  FAILED
}
