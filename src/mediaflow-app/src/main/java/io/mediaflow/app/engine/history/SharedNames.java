package io.mediaflow.app.engine.history;

/**
 * One copy of each name a model gives (process and element ids, job types, variable and message
 * names, tenants) among the items the history keeps: each record read from the log brings its own
 * copy, and a running instance's element instances, variables and jobs would otherwise each hold
 * theirs. The JVM's string table holds them, and lets go of a name no item holds any more.
 */
final class SharedNames {

  private SharedNames() {}

  static String of(String name) {
    return name == null ? null : name.intern();
  }
}
