package io.mediaflow.worker.internal;

import io.camunda.client.api.response.ActivatedJob;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * Names, in an invalid-input incident, the process variable the caller gave rather than only the field the
 * operation checked. A worker's rules name a field as the operation sees it ({@code format[0].stream[1].resolution},
 * {@code name}, {@code lifetime}); the caller gave {@code ladder}, {@code streamName}, {@code tokenLifetime}. The model
 * says where its inputs came from in the task header {@value #HEADER}: entries {@code variable: field, field}
 * separated by {@code ;}, each field written as the worker's messages name it, e.g.
 * {@code ladder: query.format[0].stream, format[0].stream; streamName: name}. A field also covers what lies inside it,
 * so the message {@code format[0].stream[1].resolution: must be ...} becomes
 * {@code ladder[1].resolution: must be ... (field format[0].stream[1].resolution)}.
 *
 * <p>In a multi-instance task, {@code [i]} in a variable stands for the index of the element the job works on
 * ({@code simulcastTargets[i].url}), counted from 0 like every other index in the messages.
 */
final class InputVariables {

  static final String HEADER = "inputVariables";
  private static final String VIOLATIONS = "; ";
  private static final String RULE = ": ";

  private InputVariables() {}

  /** The message of an {@link io.mediaflow.api.InvalidRequestException} with each field named as the caller knows it. */
  static String name(ActivatedJob job, String message) {
    String header = job.getCustomHeaders().get(HEADER);
    if (header == null || header.isBlank()) {
      return message;
    }
    Map<String, String> variables = parse(header, elementIndex(job));
    return Arrays.stream(message.split(VIOLATIONS, -1))
        .map(violation -> name(violation, variables))
        .collect(Collectors.joining(VIOLATIONS));
  }

  private static String name(String violation, Map<String, String> variables) {
    int end = violation.indexOf(RULE);
    if (end <= 0 || violation.substring(0, end).contains(" ")) {
      return violation;
    }
    String field = violation.substring(0, end);
    String covering = null;
    for (String candidate : variables.keySet()) {
      boolean covers = field.equals(candidate)
          || (field.startsWith(candidate) && ".[".indexOf(field.charAt(candidate.length())) >= 0);
      if (covers && (covering == null || candidate.length() > covering.length())) {
        covering = candidate;
      }
    }
    if (covering == null) {
      return violation;
    }
    String variable = variables.get(covering) + field.substring(covering.length());
    return variable + violation.substring(end) + (variable.equals(field) ? "" : " (field " + field + ")");
  }

  /** Field to variable, from {@code variable: field, field; variable: field}. */
  private static Map<String, String> parse(String header, String index) {
    var variables = new LinkedHashMap<String, String>();
    for (String entry : header.split(";")) {
      int colon = entry.indexOf(':');
      if (colon <= 0) {
        continue;
      }
      String variable = entry.substring(0, colon).trim().replace("[i]", index);
      for (String field : entry.substring(colon + 1).split(",")) {
        if (!field.isBlank()) {
          variables.put(field.trim(), variable);
        }
      }
    }
    return variables;
  }

  /** The engine's index of a multi-instance element, from 1; workers fetch it for {@link #elementIndex}. */
  static final String LOOP_COUNTER = "loopCounter";

  /** The multi-instance element's index from 0 ({@code loopCounter} counts from 1); {@code [i]} outside a loop. */
  private static String elementIndex(ActivatedJob job) {
    return job.getVariablesAsMap().get(LOOP_COUNTER) instanceof Number counter ? "[" + (counter.longValue() - 1) + "]" : "[i]";
  }
}
