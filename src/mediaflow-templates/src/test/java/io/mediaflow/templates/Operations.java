package io.mediaflow.templates;

import io.mediaflow.api.operation.Operation;

/** The plugin's input records are package-private: tests find them as the build does, by type. */
final class Operations {

  private Operations() {}

  static Class<?> of(String jobType) {
    return ElementTemplates.operations("io.mediaflow").stream()
        .filter(input -> input.getAnnotation(Operation.class).type().equals(jobType))
        .findFirst()
        .orElseThrow(() -> new IllegalArgumentException("no operation " + jobType));
  }
}
