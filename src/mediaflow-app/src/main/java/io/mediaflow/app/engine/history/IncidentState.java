package io.mediaflow.app.engine.history;

public enum IncidentState {
  ACTIVE,
  RESOLVED
}
