package io.mediaflow.app.rest;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.camunda.client.protocol.rest.UserTaskAssignmentRequest;
import io.camunda.client.protocol.rest.UserTaskCompletionRequest;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.CompleteJobRequest;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.SetVariablesRequest;
import io.mediaflow.app.engine.gateway.UserTaskChangeset;
import io.mediaflow.app.engine.history.FormDefinition;
import io.mediaflow.app.engine.history.JobBasedUserTasks;
import io.mediaflow.app.engine.history.Lookup;
import io.mediaflow.app.engine.history.ProcessHistory;
import io.mediaflow.app.engine.history.TaskState;
import io.mediaflow.app.engine.history.UserTaskInstance;
import io.mediaflow.app.engine.history.Variable;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.Collections;
import java.util.HashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
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
 * assignment, update, completion.
 *
 * <p>A Camunda user task ({@code zeebe:userTask}) is changed by the engine's own user task
 * commands, written through the gateway as Zeebe's REST gateway writes them ({@code ASSIGN}, {@code
 * CLAIM}, {@code UPDATE}, {@code COMPLETE}, with the request's {@code action}); the engine runs the
 * task's listeners, checks the task's state and answers, a listener's denial as a rejection. A
 * job-based user task has no such commands: completing it completes its job, whoever holds it, and
 * its assignment and updates are kept in the engine as the task's own variables ({@link
 * JobBasedUserTasks}). As in Camunda, the API lets anyone complete a task, assigned or not, to them
 * or not; the console asks for it to be assigned to oneself first, as Tasklist does.
 */
@RestController
@RequestMapping("/v2/user-tasks")
class UserTaskController {

  private final ProcessHistory history;
  private final GatewayCalls gateway;

  /**
   * One change of a job-based task at a time: a claim checks the current assignee and writes the
   * new one without another in between (the engine does this itself for a Camunda user task).
   */
  private final Object changingJobBased = new Object();

  UserTaskController(ProcessHistory history, GatewayCalls gateway) {
    this.history = history;
    this.gateway = gateway;
  }

  /**
   * The Camunda user tasks, as Camunda 8.8 lists them: a job-based task is a job there ({@code POST
   * /v2/jobs/search}), listed as a task only by the console ({@link ConsoleUserTaskController}).
   */
  @PostMapping("/search")
  ObjectNode search(@RequestBody(required = false) JsonNode query) {
    Lookup<UserTaskInstance> every = history.userTaskLookup();
    return search(
        query,
        new Lookup<>(
            every.fields(),
            wanted ->
                every.matching().apply(wanted).stream().filter(task -> !task.jobBased()).toList()));
  }

  /** The search over the tasks of {@code tasks}, with the task search's filters of its own. */
  ObjectNode search(JsonNode query, Lookup<UserTaskInstance> tasks) {
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
    return Search.of(query, special).apply(tasks, this::shape);
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
   * and rule otherwise), answered when the engine completed it: for a Camunda user task, after its
   * {@code completing} listeners.
   */
  @PostMapping("/{userTaskKey}/completion")
  ResponseEntity<Void> complete(
      @PathVariable long userTaskKey,
      @RequestBody(required = false) UserTaskCompletionRequest request) {
    var body = Objects.requireNonNullElseGet(request, UserTaskCompletionRequest::new);
    Map<String, Object> variables = Objects.requireNonNullElse(body.getVariables(), Map.of());
    String action = Objects.requireNonNullElse(body.getAction(), "");
    Optional<UserTaskInstance> known = history.userTask(userTaskKey);
    Optional<UserTaskInstance> jobBased = known.filter(UserTaskInstance::jobBased);
    if (jobBased.isPresent()) {
      UserTaskInstance task = openJobBased(jobBased.get(), "complete");
      checkForm(task, variables);
      gateway.await(
          gateway
              .gateway()
              .completeJob(
                  CompleteJobRequest.newBuilder()
                      .setJobKey(userTaskKey)
                      .setVariables(GatewayCalls.json(variables))
                      .build()));
    } else {
      // Whether the task may be completed is the engine's to say; the form only of an open one.
      known
          .filter(task -> task.state() == TaskState.CREATED)
          .ifPresent(task -> checkForm(task, variables));
      gateway.await(
          gateway.gateway().completeUserTask(userTaskKey, GatewayCalls.json(variables), action));
    }
    return ResponseEntity.noContent().build();
  }

  /**
   * Assigns the task. With {@code allowOverride} false (a claim) a task assigned to someone else is
   * refused with 409, as Camunda's engine refuses it; assigning it to whom it is assigned already
   * is no change. Answered once assigned: for a Camunda user task, after its {@code assigning}
   * listeners, whose corrections may name another assignee.
   */
  @PostMapping("/{userTaskKey}/assignment")
  ResponseEntity<Void> assign(
      @PathVariable long userTaskKey,
      @RequestBody(required = false) UserTaskAssignmentRequest request) {
    var body = Objects.requireNonNullElseGet(request, UserTaskAssignmentRequest::new);
    String assignee = body.getAssignee();
    if (assignee == null || assignee.isBlank()) {
      throw ApiProblem.invalid("assignee is required and must not be blank");
    }
    boolean allowOverride = !Boolean.FALSE.equals(body.getAllowOverride());
    String action = Objects.requireNonNullElse(body.getAction(), "");
    if (jobBased(userTaskKey).isEmpty()) {
      gateway.await(
          gateway
              .gateway()
              .assignUserTask(
                  userTaskKey, assignee, action.isBlank() ? "assign" : action, allowOverride));
      return ResponseEntity.noContent().build();
    }
    synchronized (changingJobBased) {
      // Read again under the lock: the claim's check is of the assignee the task has now.
      UserTaskInstance task = openJobBased(task(userTaskKey), allowOverride ? "assign" : "claim");
      String current = task.properties().assignee();
      if (!allowOverride && current != null && !current.equals(assignee)) {
        throw ApiProblem.invalidState(
            "Expected to claim user task with key '"
                + userTaskKey
                + "', but it has already been assigned");
      }
      change(task, Collections.singletonMap(JobBasedUserTasks.ASSIGNEE, assignee));
    }
    return ResponseEntity.noContent().build();
  }

  @DeleteMapping("/{userTaskKey}/assignee")
  ResponseEntity<Void> unassign(@PathVariable long userTaskKey) {
    if (jobBased(userTaskKey).isEmpty()) {
      // As Zeebe's REST gateway unassigns: an assignment to nobody.
      gateway.await(gateway.gateway().assignUserTask(userTaskKey, "", "unassign", true));
      return ResponseEntity.noContent().build();
    }
    synchronized (changingJobBased) {
      change(
          openJobBased(task(userTaskKey), "unassign"),
          Collections.singletonMap(JobBasedUserTasks.ASSIGNEE, null));
    }
    return ResponseEntity.noContent().build();
  }

  /**
   * Changes the task's {@code dueDate}, {@code followUpDate} (RFC 3339 date-times; an empty text
   * clears one), {@code candidateGroups}, {@code candidateUsers} (an empty list clears them) and
   * {@code priority} (0 to 100); what the changeset leaves out or sets to null stays. An update of
   * a Camunda user task with only an {@code action} changes nothing but runs its {@code updating}
   * listeners.
   */
  @PatchMapping("/{userTaskKey}")
  ResponseEntity<Void> update(
      @PathVariable long userTaskKey,
      @RequestBody(required = false) UserTaskUpdateRequest request) {
    var body = Objects.requireNonNullElseGet(request, () -> new UserTaskUpdateRequest(null, null));
    var changes =
        Objects.requireNonNullElseGet(
            body.changeset(),
            () -> new UserTaskUpdateRequest.Changeset(null, null, null, null, null));
    String action = Objects.requireNonNullElse(body.action(), "");
    Integer priority = changes.priority();
    if (priority != null && (priority < 0 || priority > 100)) {
      throw ApiProblem.invalid(
          "changeset.priority must be within the [0,100] range, got " + priority);
    }
    var changeset =
        new UserTaskChangeset(
            date(changes.dueDate(), "dueDate"),
            date(changes.followUpDate(), "followUpDate"),
            changes.candidateUsers(),
            changes.candidateGroups(),
            priority);
    if (changeset.isEmpty() && action.isBlank()) {
      throw ApiProblem.invalid(
          "No update data provided: give an action or at least one of changeset.dueDate,"
              + " followUpDate, candidateUsers, candidateGroups, priority");
    }
    if (jobBased(userTaskKey).isEmpty()) {
      gateway.await(gateway.gateway().updateUserTask(userTaskKey, changeset, action));
      return ResponseEntity.noContent().build();
    }
    synchronized (changingJobBased) {
      UserTaskInstance task = openJobBased(task(userTaskKey), "update");
      if (!changeset.isEmpty()) {
        change(task, jobBasedChanges(changeset));
      }
    }
    return ResponseEntity.noContent().build();
  }

  /**
   * The changeset's date: none when left out, empty when cleared; else an RFC 3339 date-time, as
   * Camunda checks it.
   */
  private static String date(String text, String name) {
    if (text == null || text.isEmpty()) {
      return text;
    }
    try {
      ZonedDateTime.parse(text);
      return text;
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
   * A changeset as the variables that record it on a job-based task: a date as an offset date-time,
   * a cleared one as null.
   */
  private static Map<String, Object> jobBasedChanges(UserTaskChangeset changeset) {
    Map<String, Object> changes = new HashMap<>();
    if (changeset.dueDate() != null) {
      changes.put(JobBasedUserTasks.DUE_DATE, offsetDateTime(changeset.dueDate()));
    }
    if (changeset.followUpDate() != null) {
      changes.put(JobBasedUserTasks.FOLLOW_UP_DATE, offsetDateTime(changeset.followUpDate()));
    }
    if (changeset.candidateGroups() != null) {
      changes.put(JobBasedUserTasks.CANDIDATE_GROUPS, changeset.candidateGroups());
    }
    if (changeset.candidateUsers() != null) {
      changes.put(JobBasedUserTasks.CANDIDATE_USERS, changeset.candidateUsers());
    }
    if (changeset.priority() != null) {
      changes.put(JobBasedUserTasks.PRIORITY, changeset.priority());
    }
    return changes;
  }

  private static String offsetDateTime(String date) {
    return date.isEmpty()
        ? null
        : ZonedDateTime.parse(date)
            .toOffsetDateTime()
            .format(DateTimeFormatter.ISO_OFFSET_DATE_TIME);
  }

  /**
   * Records the changes of a job-based task in the engine (see {@link JobBasedUserTasks}); returns
   * once the engine acknowledged them.
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

  /** The task, when it is a job-based one: the engine's user task commands are not for those. */
  private Optional<UserTaskInstance> jobBased(long key) {
    return history.userTask(key).filter(UserTaskInstance::jobBased);
  }

  /** The job-based task, when it is open; 409 when it ended. */
  private static UserTaskInstance openJobBased(UserTaskInstance task, String operation) {
    if (task.state() != TaskState.CREATED) {
      throw ApiProblem.invalidState(
          "Expected to "
              + operation
              + " user task with key '"
              + task.key()
              + "', but it is in state '"
              + task.state()
              + "'");
    }
    return task;
  }

  /** 400 naming each field and rule when the task's form refuses the variables. */
  private void checkForm(UserTaskInstance task, Map<String, Object> variables) {
    formOf(task)
        .ifPresent(
            form -> {
              var violations = FormValidation.violations(schema(form), values(task), variables);
              if (!violations.isEmpty()) {
                throw ApiProblem.invalid(
                    "The form '"
                        + form.formId()
                        + "' of user task "
                        + task.key()
                        + " refuses the variables: "
                        + String.join("; ", violations));
              }
            });
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

  /** The form the engine linked, else the newest one with the model's form id. */
  private Optional<FormDefinition> formOf(UserTaskInstance task) {
    if (task.formKey() != null) {
      var linked = history.form(task.formKey());
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
