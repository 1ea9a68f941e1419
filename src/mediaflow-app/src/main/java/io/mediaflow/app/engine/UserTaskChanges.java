package io.mediaflow.app.engine;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.json.JsonMapper;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What Camunda's REST API changes of a user task (assignee, candidate groups and users, due and
 * follow-up date, priority) on top of what its model says, for the embedded engine's job-based user
 * tasks.
 *
 * <p>A job-based user task has these properties only as its job's custom headers ({@code
 * io.camunda.zeebe:assignee}, ...), which no command of the engine changes; and the engine refuses
 * the user task commands (assign, update), which are for Camunda user tasks. So a change is written
 * as a <em>local variable of the task's element instance</em>, named {@code mediaflow:<property>}
 * (a name no FEEL expression can reach), through the engine's own set-variables command. That puts
 * every change in the engine's log like any other command: it is durable as soon as the engine
 * acknowledges it, replayed after a {@code kill -9}, and read back by {@code ProcessHistory} from
 * the variable records, which keeps it with the task instead of among the variables (so variable
 * searches and a task's form never see it). The variables end with the task's scope and are not
 * propagated when the task completes. Writing commands of our own to the log would need a record
 * type and processor the engine lacks; an in-memory map beside the engine would be lost in a crash.
 *
 * <p>A change variable that exists overrides the header, with null meaning "none" (an unassigned
 * task, a cleared date); without one the header holds.
 */
public final class UserTaskChanges {

  private static final String PREFIX = "mediaflow:";
  public static final String ASSIGNEE = PREFIX + "assignee";
  public static final String CANDIDATE_GROUPS = PREFIX + "candidateGroups";
  public static final String CANDIDATE_USERS = PREFIX + "candidateUsers";
  public static final String DUE_DATE = PREFIX + "dueDate";
  public static final String FOLLOW_UP_DATE = PREFIX + "followUpDate";
  public static final String PRIORITY = PREFIX + "priority";
  private static final Set<String> NAMES =
      Set.of(ASSIGNEE, CANDIDATE_GROUPS, CANDIDATE_USERS, DUE_DATE, FOLLOW_UP_DATE, PRIORITY);

  private static final String HEADER = "io.camunda.zeebe:";

  /** Reads the JSON the engine writes in a task's headers and changes: a plain mapper. */
  private static final JsonMapper JSON = new JsonMapper();

  /** Camunda's priority of a user task that sets none. */
  public static final int DEFAULT_PRIORITY = 50;

  private UserTaskChanges() {}

  /**
   * Whether a variable by this name records a change of a user task (when local to the task's
   * element).
   */
  public static boolean isChange(String variableName) {
    return NAMES.contains(variableName);
  }

  /**
   * The task's properties as its model's headers give them, with the changes ({@code name -> JSON})
   * over them.
   */
  public static Properties properties(Map<String, String> headers, Map<String, String> changes) {
    return new Properties(
        text(headers, changes, "assignee"),
        list(headers, changes, "candidateGroups"),
        list(headers, changes, "candidateUsers"),
        text(headers, changes, "dueDate"),
        text(headers, changes, "followUpDate"),
        priority(headers, changes));
  }

  /** A user task's properties: what the REST API shows and searches by. */
  public record Properties(
      String assignee,
      List<String> candidateGroups,
      List<String> candidateUsers,
      String dueDate,
      String followUpDate,
      int priority) {}

  private static String text(
      Map<String, String> headers, Map<String, String> changes, String property) {
    if (changes.containsKey(PREFIX + property)) {
      JsonNode value = json(changes.get(PREFIX + property));
      return value.isNull() || value.asText().isEmpty() ? null : value.asText();
    }
    String header = headers.get(HEADER + property);
    return header == null || header.isBlank() ? null : header;
  }

  private static List<String> list(
      Map<String, String> headers, Map<String, String> changes, String property) {
    var entries = new ArrayList<String>();
    if (changes.containsKey(PREFIX + property)) {
      json(changes.get(PREFIX + property)).forEach(entry -> entries.add(entry.asText()));
      return List.copyOf(entries);
    }
    // The engine writes the model's candidates as a JSON list; a hand-written header may be a comma
    // list.
    String header = headers.get(HEADER + property);
    if (header == null || header.isBlank()) {
      return List.of();
    }
    try {
      JSON.readTree(header).forEach(entry -> entries.add(entry.asText()));
    } catch (JsonProcessingException notAList) {
      for (String entry : header.split(",")) {
        entries.add(entry.trim());
      }
    }
    return List.copyOf(entries);
  }

  private static int priority(Map<String, String> headers, Map<String, String> changes) {
    if (changes.containsKey(PRIORITY)) {
      JsonNode value = json(changes.get(PRIORITY));
      return value.canConvertToInt() ? value.asInt() : DEFAULT_PRIORITY;
    }
    String header = headers.get(HEADER + "priority");
    return header != null && header.matches("\\d{1,3}")
        ? Integer.parseInt(header)
        : DEFAULT_PRIORITY;
  }

  private static JsonNode json(String text) {
    try {
      return JSON.readTree(text == null ? "null" : text);
    } catch (JsonProcessingException e) {
      return JSON.getNodeFactory().textNode(text);
    }
  }
}
