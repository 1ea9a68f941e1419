package io.mediaflow.app.engine.history;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.json.JsonMapper;
import io.camunda.zeebe.protocol.Protocol;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Job-based user tasks: a model's user task without {@code zeebe:userTask}, which the engine runs
 * as a job of type {@value #JOB_TYPE}, and every user task of a version of Mediaflow that deployed
 * the processes that way (their history, and their tasks still open, outlast an upgrade).
 *
 * <p>Such a task has its assignee, candidates, dates and priority only as its job's custom headers
 * ({@code io.camunda.zeebe:assignee}, ...), which no command of the engine changes: the engine's
 * user task commands are for Camunda user tasks. So the REST API writes a change as a <em>local
 * variable of the task's element instance</em>, named {@code mediaflow:<property>} (a name no FEEL
 * expression can reach), through the engine's own set-variables command: it is in the engine's log
 * like every other command, replayed after a {@code kill -9}, and read back by {@link
 * ProcessHistory} from the variable records, which keeps it with the task instead of among the
 * variables (so variable searches and a task's form never see it). The variables end with the
 * task's scope and are not propagated when the task completes.
 *
 * <p>A change variable that exists overrides the header, with null meaning "none" (an unassigned
 * task, a cleared date); without one the header holds.
 */
public final class JobBasedUserTasks {

  /** The type of a job-based user task's job. */
  public static final String JOB_TYPE = Protocol.USER_TASK_JOB_TYPE;

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

  private JobBasedUserTasks() {}

  /**
   * Whether a variable by this name records a change of a user task (when local to the task's
   * element).
   */
  static boolean isChange(String variableName) {
    return NAMES.contains(variableName);
  }

  /**
   * The task's properties as its model's headers give them, with the changes ({@code name -> JSON})
   * over them.
   */
  static UserTaskInstance.Properties properties(
      Map<String, String> headers, Map<String, String> changes) {
    return new UserTaskInstance.Properties(
        text(headers, changes, "assignee"),
        list(headers, changes, "candidateGroups"),
        list(headers, changes, "candidateUsers"),
        text(headers, changes, "dueDate"),
        text(headers, changes, "followUpDate"),
        priority(headers, changes));
  }

  /** The key of the form the engine linked, when the headers name one (not an embedded form). */
  static Long formKey(Map<String, String> headers) {
    String formKey = headers.get(Protocol.USER_TASK_FORM_KEY_HEADER_NAME);
    return formKey != null && formKey.matches("\\d+") ? Long.valueOf(formKey) : null;
  }

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
      return value.canConvertToInt() ? value.asInt() : UserTaskInstance.DEFAULT_PRIORITY;
    }
    String header = headers.get(HEADER + "priority");
    return header != null && header.matches("\\d{1,3}")
        ? Integer.parseInt(header)
        : UserTaskInstance.DEFAULT_PRIORITY;
  }

  private static JsonNode json(String text) {
    try {
      return JSON.readTree(text == null ? "null" : text);
    } catch (JsonProcessingException e) {
      return JSON.getNodeFactory().textNode(text);
    }
  }
}
