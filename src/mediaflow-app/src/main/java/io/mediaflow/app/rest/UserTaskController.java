package io.mediaflow.app.rest;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.CompleteJobRequest;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.SetVariablesRequest;
import io.mediaflow.app.engine.UserTaskChanges;
import io.mediaflow.app.engine.history.FormDefinition;
import io.mediaflow.app.engine.history.ProcessHistory;
import io.mediaflow.app.engine.history.TaskState;
import io.mediaflow.app.engine.history.UserTaskInstance;
import io.mediaflow.app.engine.history.Variable;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.OffsetDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.Collections;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.BiPredicate;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PatchMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * User tasks, as Camunda's REST API has them: search, one task, its form, its variables,
 * assignment, update, completion. The embedded engine runs them as job-based user tasks (see {@code
 * UserTasks}): a task is listed from its job's creation until the job is completed or cancelled,
 * and completing it completes the job, whoever holds it. Assignment and updates are kept in the
 * engine as the task's own variables ({@link UserTaskChanges}). As in Camunda, the API lets anyone
 * complete a task, assigned or not, to them or not; the console asks for it to be assigned to
 * oneself first, as Tasklist does.
 */
@RestController
@RequestMapping("/v2/user-tasks")
class UserTaskController {

  private static final String FORM_KEY_HEADER = "io.camunda.zeebe:formKey";

  private final ProcessHistory history;
  private final GatewayCalls gateway;
  private final Object changing = new Object();

  UserTaskController(ProcessHistory history, GatewayCalls gateway) {
    this.history = history;
    this.gateway = gateway;
  }

  @PostMapping("/search")
  ObjectNode search(@RequestBody(required = false) JsonNode query) {
    Map<String, BiPredicate<ObjectNode, JsonNode>> special =
        Map.of(
            "candidateGroup",
                (task, value) ->
                    Search.matches(task.get("candidateGroups"), value, "filter.candidateGroup"),
            "candidateUser",
                (task, value) ->
                    Search.matches(task.get("candidateUsers"), value, "filter.candidateUser"),
            "processInstanceVariables", (task, value) -> hasVariables(task, value, true),
            "localVariables", (task, value) -> hasVariables(task, value, false));
    return Search.of(query, special).apply(history.userTaskLookup(), this::shape);
  }

  @GetMapping("/{userTaskKey}")
  ObjectNode get(@PathVariable long userTaskKey) {
    return shape(task(userTaskKey));
  }

  /** The task's linked form; 204 when it has none. */
  @GetMapping("/{userTaskKey}/form")
  ResponseEntity<ObjectNode> form(@PathVariable long userTaskKey) {
    return formOf(task(userTaskKey))
        .map(form -> ResponseEntity.ok(Shapes.form(form)))
        .orElseGet(() -> ResponseEntity.noContent().build());
  }

  /**
   * The variables the task sees: its own scope's and every enclosing one's, the innermost by each
   * name.
   */
  @PostMapping("/{userTaskKey}/variables/search")
  ObjectNode variables(
      @PathVariable long userTaskKey,
      @RequestBody(required = false) JsonNode query,
      @RequestParam(defaultValue = "true") boolean truncateValues) {
    UserTaskInstance task = task(userTaskKey);
    return Search.of(query)
        .apply(
            history
                .variablesVisibleFrom(task.processInstanceKey(), task.elementInstanceKey())
                .values()
                .stream()
                .map(variable -> Shapes.variable(variable, truncateValues)));
  }

  /**
   * Completes the task with the given variables once its form accepts them (400 naming each field
   * and rule otherwise). Only the engine's acknowledgement of the job's completion is awaited.
   */
  @PostMapping("/{userTaskKey}/completion")
  ResponseEntity<Void> complete(
      @PathVariable long userTaskKey, @RequestBody(required = false) JsonNode request) {
    Map<String, Object> variables =
        RequestObject.of(request, "a user task completion", Set.of("variables", "action"))
            .variables();
    UserTaskInstance task = task(userTaskKey);
    if (task.state() != TaskState.CREATED) {
      throw ApiProblem.invalidState(
          "User task " + userTaskKey + " cannot be completed: it is " + task.state());
    }
    formOf(task)
        .ifPresent(
            form -> {
              var violations = FormValidation.violations(schema(form), values(task), variables);
              if (!violations.isEmpty()) {
                throw ApiProblem.invalid(
                    "The form '"
                        + form.formId()
                        + "' of user task "
                        + userTaskKey
                        + " refuses the variables: "
                        + String.join("; ", violations));
              }
            });
    gateway.await(
        gateway
            .gateway()
            .completeJob(
                CompleteJobRequest.newBuilder()
                    .setJobKey(userTaskKey)
                    .setVariables(GatewayCalls.json(variables))
                    .build()));
    return ResponseEntity.noContent().build();
  }

  /**
   * Assigns the task. With {@code allowOverride} false (a claim) a task assigned to someone else is
   * refused with 409, as Camunda's engine refuses it; assigning it to whom it is assigned already
   * is no change.
   */
  @PostMapping("/{userTaskKey}/assignment")
  ResponseEntity<Void> assign(
      @PathVariable long userTaskKey, @RequestBody(required = false) JsonNode request) {
    RequestObject body =
        RequestObject.of(
            request, "a user task assignment", Set.of("assignee", "allowOverride", "action"));
    String assignee = body.text("assignee", null);
    if (assignee == null || assignee.isBlank()) {
      throw ApiProblem.invalid("assignee is required and must not be blank");
    }
    boolean allowOverride = body.bool("allowOverride", true);
    body.text("action", null);
    // One change at a time: a claim checks the current assignee and writes the new one without
    // another in between.
    synchronized (changing) {
      String operation = allowOverride ? "assign" : "claim";
      UserTaskInstance task = openTask(userTaskKey, operation);
      String current = task.properties().assignee();
      if (!allowOverride && current != null && !current.equals(assignee)) {
        throw ApiProblem.invalidState(
            "Expected to claim user task with key '"
                + userTaskKey
                + "', but it has already been assigned");
      }
      change(task, Collections.singletonMap(UserTaskChanges.ASSIGNEE, assignee));
    }
    return ResponseEntity.noContent().build();
  }

  @DeleteMapping("/{userTaskKey}/assignee")
  ResponseEntity<Void> unassign(@PathVariable long userTaskKey) {
    synchronized (changing) {
      change(
          openTask(userTaskKey, "unassign"),
          Collections.singletonMap(UserTaskChanges.ASSIGNEE, null));
    }
    return ResponseEntity.noContent().build();
  }

  /**
   * Changes the task's {@code dueDate}, {@code followUpDate} (RFC 3339 date-times; an empty text
   * clears one), {@code candidateGroups}, {@code candidateUsers} (an empty list clears them) and
   * {@code priority} (0 to 100); what the changeset leaves out or sets to null stays.
   */
  @PatchMapping("/{userTaskKey}")
  ResponseEntity<Void> update(
      @PathVariable long userTaskKey, @RequestBody(required = false) JsonNode request) {
    RequestObject body =
        RequestObject.of(request, "a user task update", Set.of("changeset", "action"));
    RequestObject changeset =
        body.object(
            "changeset",
            Set.of("dueDate", "followUpDate", "candidateUsers", "candidateGroups", "priority"));
    String action = body.text("action", null);
    Map<String, Object> changes = new HashMap<>();
    putDate(changeset, "dueDate", UserTaskChanges.DUE_DATE, changes);
    putDate(changeset, "followUpDate", UserTaskChanges.FOLLOW_UP_DATE, changes);
    Optional.ofNullable(changeset.texts("candidateGroups"))
        .ifPresent(groups -> changes.put(UserTaskChanges.CANDIDATE_GROUPS, groups));
    Optional.ofNullable(changeset.texts("candidateUsers"))
        .ifPresent(users -> changes.put(UserTaskChanges.CANDIDATE_USERS, users));
    long priority = changeset.number("priority", 0, -1);
    if (priority > 100) {
      throw ApiProblem.invalid(
          "changeset.priority must be within the [0,100] range, got " + priority);
    }
    if (priority >= 0) {
      changes.put(UserTaskChanges.PRIORITY, priority);
    }
    if (changes.isEmpty() && action == null) {
      throw ApiProblem.invalid(
          "No update data provided: give an action or at least one of changeset.dueDate,"
              + " followUpDate, candidateUsers, candidateGroups, priority");
    }
    synchronized (changing) {
      UserTaskInstance task = openTask(userTaskKey, "update");
      if (!changes.isEmpty()) {
        change(task, changes);
      }
    }
    return ResponseEntity.noContent().build();
  }

  /**
   * The changeset's date as the change of {@code variable}: none when left out, null when cleared
   * ("").
   */
  private static void putDate(
      RequestObject changeset, String name, String variable, Map<String, Object> changes) {
    String text = changeset.text(name, null);
    if (text == null) {
      return;
    }
    try {
      changes.put(
          variable,
          text.isEmpty()
              ? null
              : OffsetDateTime.parse(text).format(DateTimeFormatter.ISO_OFFSET_DATE_TIME));
    } catch (DateTimeParseException e) {
      throw ApiProblem.invalid(
          "changeset."
              + name
              + " must be an RFC 3339 date-time such as"
              + " 2025-06-30T17:00:00Z, or empty to clear it; got '"
              + text
              + "'");
    }
  }

  /**
   * Records the changes in the engine (see {@link UserTaskChanges}); returns once the engine
   * acknowledged them.
   */
  private void change(UserTaskInstance task, Map<String, Object> changes) {
    gateway.await(
        gateway
            .gateway()
            .setVariables(
                SetVariablesRequest.newBuilder()
                    .setElementInstanceKey(task.elementInstanceKey())
                    .setVariables(GatewayCalls.json(changes))
                    .setLocal(true)
                    .build()));
  }

  /** The task, when it is open; 404 when there is none, 409 when it ended. */
  private UserTaskInstance openTask(long key, String operation) {
    UserTaskInstance task = task(key);
    if (task.state() != TaskState.CREATED) {
      throw ApiProblem.invalidState(
          "Expected to "
              + operation
              + " user task with key '"
              + key
              + "', but it is in state '"
              + task.state()
              + "'");
    }
    return task;
  }

  private UserTaskInstance task(long key) {
    return history
        .userTask(key)
        .orElseThrow(() -> ApiProblem.notFound("No user task with key " + key));
  }

  private ObjectNode shape(UserTaskInstance task) {
    return Shapes.userTask(
        task,
        history.processDefinition(task.definitionKey()).orElse(null),
        formOf(task).orElse(null));
  }

  /**
   * The form the engine linked (its key in the job's headers), else the newest one with the model's
   * form id.
   */
  private Optional<FormDefinition> formOf(UserTaskInstance task) {
    String formKey = task.headers().get(FORM_KEY_HEADER);
    if (formKey != null && formKey.matches("\\d+")) {
      var linked = history.form(Long.parseLong(formKey));
      if (linked.isPresent()) {
        return linked;
      }
    }
    return task.formId() == null ? Optional.empty() : history.latestForm(task.formId());
  }

  private Map<String, Object> values(UserTaskInstance task) {
    var values = new HashMap<String, Object>();
    history
        .variablesVisibleFrom(task.processInstanceKey(), task.elementInstanceKey())
        .forEach((name, variable) -> values.put(name, read(variable.value())));
    return values;
  }

  /**
   * Process variables: those of the task's process instance; local ones: those of the task's own
   * scope.
   */
  private boolean hasVariables(ObjectNode task, JsonNode filters, boolean processScope) {
    long instanceKey = task.get("processInstanceKey").asLong();
    long scopeKey = processScope ? instanceKey : task.get("elementInstanceKey").asLong();
    Map<String, Variable> inScope =
        new HashMap<>(history.variablesVisibleFrom(instanceKey, scopeKey));
    inScope.values().removeIf(variable -> variable.scopeKey() != scopeKey);
    return Search.hasVariables(
        inScope,
        filters,
        processScope ? "filter.processInstanceVariables" : "filter.localVariables");
  }

  private static JsonNode schema(FormDefinition form) {
    try {
      return CamundaJson.MAPPER.readTree(form.schema());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  static Object read(String json) {
    try {
      return CamundaJson.MAPPER.readValue(json, Object.class);
    } catch (IOException e) {
      return json;
    }
  }
}
