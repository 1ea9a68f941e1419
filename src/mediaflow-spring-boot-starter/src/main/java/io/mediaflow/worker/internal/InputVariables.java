package io.mediaflow.worker.internal;

import io.camunda.client.api.response.ActivatedJob;
import io.mediaflow.api.Violation;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Names, in an invalid-input incident, the process variable the caller gave rather than only the
 * field the operation checked. A worker's rules name a field as the operation sees it ({@code
 * format[0].stream[1].resolution}, {@code name}, {@code lifetime}); the caller gave {@code ladder},
 * {@code streamName}, {@code tokenLifetime}. The model says where its inputs came from in the task
 * header {@value #HEADER}: entries {@code variable: field, field} separated by {@code ;}, each
 * field written as the worker's messages name it, e.g. {@code ladder: query.format[0].stream,
 * format[0].stream; streamName: name}. A field also covers what lies inside it, so the violation of
 * {@code format[0].stream[1].resolution} becomes one of {@code ladder[1].resolution}, its rule
 * followed by {@code (field format[0].stream[1].resolution)}.
 *
 * <p>In a multi-instance task, {@code [i]} in a variable stands for the index of the element the
 * job works on ({@code simulcastTargets[i].url}), counted from 0 like every other index in the
 * messages.
 */
final class InputVariables {

  static final String HEADER = "inputVariables";

  private InputVariables() {}

  /**
   * The violations of an {@link io.mediaflow.api.InvalidRequestException}, each field named as the
   * caller knows it.
   */
  static List<Violation> name(ActivatedJob job, List<Violation> violations) {
    String header = job.getCustomHeaders().get(HEADER);
    if (header == null || header.isBlank()) {
      return violations;
    }
    Map<String, String> variables = parse(header, elementIndex(job));
    return violations.stream().map(violation -> name(violation, variables)).toList();
  }

  private static Violation name(Violation violation, Map<String, String> variables) {
    String field = violation.field();
    String covering = null;
    for (String candidate : variables.keySet()) {
      boolean covers =
          field.equals(candidate)
              || (field.startsWith(candidate)
                  && ".[".indexOf(field.charAt(candidate.length())) >= 0);
      if (covers && (covering == null || candidate.length() > covering.length())) {
        covering = candidate;
      }
    }
    if (covering == null) {
      return violation;
    }
    String variable = variables.get(covering) + field.substring(covering.length());
    return new Violation(
        variable, violation.rule() + (variable.equals(field) ? "" : " (field " + field + ")"));
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

  /**
   * The engine's index of a multi-instance element, from 1; workers fetch it for {@link
   * #elementIndex}.
   */
  static final String LOOP_COUNTER = "loopCounter";

  /**
   * The multi-instance element's index from 0 ({@code loopCounter} counts from 1); {@code [i]}
   * outside a loop.
   */
  private static String elementIndex(ActivatedJob job) {
    return job.getVariablesAsMap().get(LOOP_COUNTER) instanceof Number counter
        ? "[" + (counter.longValue() - 1) + "]"
        : "[i]";
  }
}
