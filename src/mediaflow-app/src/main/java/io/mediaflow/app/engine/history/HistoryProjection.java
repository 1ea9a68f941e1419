package io.mediaflow.app.engine.history;

import io.camunda.zeebe.protocol.impl.record.value.usertask.UserTaskRecord;
import io.camunda.zeebe.protocol.record.Record;
import io.camunda.zeebe.protocol.record.RecordType;
import io.camunda.zeebe.protocol.record.intent.DecisionEvaluationIntent;
import io.camunda.zeebe.protocol.record.intent.FormIntent;
import io.camunda.zeebe.protocol.record.intent.IncidentIntent;
import io.camunda.zeebe.protocol.record.intent.JobBatchIntent;
import io.camunda.zeebe.protocol.record.intent.JobIntent;
import io.camunda.zeebe.protocol.record.intent.ProcessInstanceIntent;
import io.camunda.zeebe.protocol.record.intent.ProcessIntent;
import io.camunda.zeebe.protocol.record.intent.ProcessMessageSubscriptionIntent;
import io.camunda.zeebe.protocol.record.intent.UserTaskIntent;
import io.camunda.zeebe.protocol.record.intent.VariableIntent;
import io.camunda.zeebe.protocol.record.value.DecisionEvaluationRecordValue;
import io.camunda.zeebe.protocol.record.value.IncidentRecordValue;
import io.camunda.zeebe.protocol.record.value.JobBatchRecordValue;
import io.camunda.zeebe.protocol.record.value.JobRecordValue;
import io.camunda.zeebe.protocol.record.value.ProcessInstanceRecordValue;
import io.camunda.zeebe.protocol.record.value.ProcessInstanceRelated;
import io.camunda.zeebe.protocol.record.value.ProcessMessageSubscriptionRecordValue;
import io.camunda.zeebe.protocol.record.value.UserTaskRecordValue;
import io.camunda.zeebe.protocol.record.value.VariableRecordValue;
import io.camunda.zeebe.protocol.record.value.deployment.Form;
import io.mediaflow.app.engine.EngineRecordFeed;
import java.time.Instant;
import java.time.InstantSource;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.EnumSet;
import java.util.Map;
import java.util.Set;

/**
 * The history's projection of the engine's records (records in): each event of a deployment, an
 * element, a variable, a job, an incident or a message subscription updates {@link HistoryState},
 * and the instances that ended longer than {@link HistoryProperties#retention} ago are dropped. Fed
 * once per record by {@link EngineRecordFeed}, under the state's monitor.
 *
 * <p>A Camunda user task follows its {@code USER_TASK} records as Camunda's exporter reads them:
 * open from {@code CREATED}, {@code ASSIGNING}, {@code UPDATING} or {@code COMPLETING} while the
 * engine runs the listeners of a change, then {@code COMPLETED} or {@code CANCELED}; each event's
 * changed attributes (a command's, or a listener's corrections) are applied as it names them. A
 * job-based user task ({@link JobBasedUserTasks}) is an open task from its job's creation until the
 * job is completed, cancelled (its scope ended) or throws an error, whoever holds the job.
 */
final class HistoryProjection implements EngineRecordFeed.Subscriber {

  private final HistoryState state;
  private final HistoryProperties limits;
  private final InstantSource clock;

  HistoryProjection(HistoryState state, HistoryProperties limits, InstantSource clock) {
    this.state = state;
    this.limits = limits;
    this.clock = clock;
  }

  @Override
  public void accept(Record<?> record) {
    synchronized (state) {
      project(record);
    }
  }

  private void project(Record<?> record) {
    state.position = record.getPosition();
    if (record.getRecordType() != RecordType.EVENT) {
      return;
    }
    Instant at = Instant.ofEpochMilli(record.getTimestamp());
    if (record.getValue() instanceof ProcessInstanceRelated related) {
      state.unsaved.instances.add(related.getProcessInstanceKey());
    }
    switch (record.getValue()) {
      case io.camunda.zeebe.protocol.record.value.deployment.Process process
          when record.getIntent() == ProcessIntent.CREATED ->
          addDefinition(Deployments.definition(process));
      case Form form when record.getIntent() == FormIntent.CREATED ->
          addForm(Deployments.form(form));
      case ProcessInstanceRecordValue element ->
          onElement(record.getKey(), (ProcessInstanceIntent) record.getIntent(), element, at);
      case VariableRecordValue variable
          when record.getIntent() == VariableIntent.CREATED
              || record.getIntent() == VariableIntent.UPDATED ->
          onVariable(record.getKey(), variable, at);
      case DecisionEvaluationRecordValue evaluation
          when record.getIntent() == DecisionEvaluationIntent.EVALUATED ->
          state.use(at, evaluation.getTenantId(), UsageBucket::withDecisionInstance);
      case JobRecordValue job -> onJob(record.getKey(), (JobIntent) record.getIntent(), job, at);
      case UserTaskRecordValue task ->
          onUserTask(record.getKey(), (UserTaskIntent) record.getIntent(), task, at);
      case JobBatchRecordValue batch when record.getIntent() == JobBatchIntent.ACTIVATED ->
          onActivated(batch);
      case IncidentRecordValue incident ->
          onIncident(record.getKey(), (IncidentIntent) record.getIntent(), incident, at);
      case ProcessMessageSubscriptionRecordValue subscription ->
          onMessageSubscription(
              record.getKey(),
              (ProcessMessageSubscriptionIntent) record.getIntent(),
              subscription,
              at);
      default -> {}
    }
    state.dropEnded(clock.instant().minus(limits.retention()));
  }

  private void addForm(FormDefinition form) {
    state.forms.put(form.key(), form);
    state.unsaved.forms.add(form);
  }

  private void addDefinition(ProcessDefinition definition) {
    state.definitions.put(definition.key(), definition);
    state.unsaved.definitions.add(definition);
  }

  private void onElement(
      long key, ProcessInstanceIntent intent, ProcessInstanceRecordValue element, Instant at) {
    long instanceKey = element.getProcessInstanceKey();
    switch (intent) {
      case ELEMENT_ACTIVATING -> {
        HistoryState.InstanceRecords records =
            state.instances.computeIfAbsent(instanceKey, k -> new HistoryState.InstanceRecords());
        state.elements.put(
            new ElementInstance(
                key,
                instanceKey,
                element.getFlowScopeKey(),
                element.getProcessDefinitionKey(),
                element.getBpmnProcessId(),
                element.getElementId(),
                state.elementName(element.getProcessDefinitionKey(), element.getElementId()),
                element.getBpmnElementType(),
                element.getTenantId(),
                at,
                null,
                InstanceState.ACTIVE,
                null));
        if (key == instanceKey) {
          if (element.getParentProcessInstanceKey() < 0) {
            state.use(at, element.getTenantId(), UsageBucket::withProcessInstance);
          }
          state.setInstance(
              records,
              new ProcessInstance(
                  instanceKey,
                  element.getProcessDefinitionKey(),
                  element.getBpmnProcessId(),
                  element.getVersion(),
                  element.getParentProcessInstanceKey(),
                  element.getParentElementInstanceKey(),
                  element.getTenantId(),
                  at,
                  null,
                  InstanceState.ACTIVE,
                  false,
                  element.getTags()));
        }
      }
      case ELEMENT_COMPLETED, ELEMENT_TERMINATED -> {
        HistoryState.InstanceRecords records = state.instances.get(instanceKey);
        if (records == null) {
          return;
        }
        InstanceState outcome =
            intent == ProcessInstanceIntent.ELEMENT_COMPLETED
                ? InstanceState.COMPLETED
                : InstanceState.TERMINATED;
        HistoryState.update(state.elements, key, e -> e.ended(at, outcome));
        if (key == instanceKey && records.instance != null) {
          state.setInstance(records, records.instance.ended(at, outcome));
          // The engine confirms a waiting subscription's deletion only after the instance ended,
          // and the instance may have moved to the archive by then.
          state
              .messageSubscriptions
              .where(HistoryState.INSTANCE, Long.toString(instanceKey))
              .forEach(s -> state.messageSubscriptions.put(s.endedWithItsInstance(at)));
          state.ended.add(records.instance);
          state.toMove.add(instanceKey);
          state.unsaved.ended.add(instanceKey);
        }
      }
      case ELEMENT_MIGRATED -> onMigrated(key, element);
      case SEQUENCE_FLOW_TAKEN -> {
        HistoryState.InstanceRecords records = state.instances.get(instanceKey);
        if (records != null) {
          records.sequenceFlows.add(element.getElementId());
        }
      }
      default -> {}
    }
  }

  /**
   * A migrated element instance: the record names its new definition and element (the instance's
   * own record its new process and version), which the instance and its element are shown with from
   * then on.
   */
  private void onMigrated(long key, ProcessInstanceRecordValue element) {
    long definitionKey = element.getProcessDefinitionKey();
    String name = state.elementName(definitionKey, element.getElementId());
    HistoryState.update(
        state.elements,
        key,
        e -> e.migrated(definitionKey, element.getBpmnProcessId(), element.getElementId(), name));
    HistoryState.InstanceRecords records = state.instances.get(element.getProcessInstanceKey());
    if (key == element.getProcessInstanceKey() && records != null && records.instance != null) {
      state.setInstance(
          records,
          records.instance.migrated(
              definitionKey, element.getBpmnProcessId(), element.getVersion()));
    }
  }

  /**
   * A new instance's variables are written before its process element activates. A change of a
   * job-based user task is kept with the task, not among the variables.
   */
  private void onVariable(long key, VariableRecordValue variable, Instant at) {
    if (state.movedOut(variable.getProcessInstanceKey())) {
      return; // ended and moved out of the heap: not begun again as an instance of variables only
    }
    state.instances.computeIfAbsent(
        variable.getProcessInstanceKey(), k -> new HistoryState.InstanceRecords());
    if (JobBasedUserTasks.isChange(variable.getName())) {
      for (UserTaskInstance task :
          state.userTasks.where("elementInstanceKey", Long.toString(variable.getScopeKey()))) {
        if (task.jobBased() && task.state() == TaskState.CREATED) {
          UserTaskInstance changed = task.changed(variable.getName(), variable.getValue());
          state.userTasks.put(changed);
          if (JobBasedUserTasks.ASSIGNEE.equals(variable.getName())) {
            assigned(changed, at);
          }
          return;
        }
      }
    }
    state.variables.put(
        new Variable(
            key,
            variable.getScopeKey(),
            variable.getProcessInstanceKey(),
            variable.getName(),
            variable.getValue(),
            variable.getTenantId()));
  }

  private void onJob(long key, JobIntent intent, JobRecordValue job, Instant at) {
    HistoryState.InstanceRecords records = state.instances.get(job.getProcessInstanceKey());
    if (records == null) {
      return;
    }
    Job previous = state.jobs.get(key);
    String jobState =
        JOB_STATES.contains(intent)
            ? intent.name()
            : previous == null ? "CREATED" : previous.state();
    boolean ended =
        intent == JobIntent.COMPLETED
            || intent == JobIntent.CANCELED
            || intent == JobIntent.ERROR_THROWN;
    state.jobs.put(
        new Job(
            key,
            job.getType(),
            Deployments.emptyToNull(job.getWorker()),
            jobState,
            job.getRetries(),
            job.getDeadline() > 0 ? Instant.ofEpochMilli(job.getDeadline()) : null,
            Deployments.emptyToNull(job.getErrorCode()),
            Deployments.emptyToNull(job.getErrorMessage()),
            intent == JobIntent.FAILED && job.getRetries() > 0,
            ended ? at : previous == null ? null : previous.endTime(),
            job.getElementId(),
            job.getElementInstanceKey(),
            job.getProcessInstanceKey(),
            job.getProcessDefinitionKey(),
            job.getBpmnProcessId(),
            Map.copyOf(job.getCustomHeaders()),
            job.getJobKind().name(),
            job.getJobListenerEventType().name(),
            job.getTenantId()));
    if (JobBasedUserTasks.JOB_TYPE.equals(job.getType())) {
      onUserTaskJob(key, intent, job, at);
    }
  }

  /** An activation gives each job its worker, deadline and retries; it is no state of the job's. */
  private void onActivated(JobBatchRecordValue batch) {
    for (int i = 0; i < batch.getJobKeys().size() && i < batch.getJobs().size(); i++) {
      JobRecordValue job = batch.getJobs().get(i);
      HistoryState.InstanceRecords records = state.instances.get(job.getProcessInstanceKey());
      if (records != null) {
        state.unsaved.instances.add(job.getProcessInstanceKey());
        HistoryState.update(
            state.jobs,
            batch.getJobKeys().get(i),
            known ->
                known.activated(
                    Deployments.emptyToNull(batch.getWorker()),
                    Instant.ofEpochMilli(job.getDeadline()),
                    job.getRetries()));
      }
    }
  }

  private void onUserTaskJob(long key, JobIntent intent, JobRecordValue job, Instant at) {
    TaskState endState =
        switch (intent) {
          case COMPLETED -> TaskState.COMPLETED;
          case CANCELED -> TaskState.CANCELED;
          case ERROR_THROWN -> TaskState.FAILED;
          default -> null;
        };
    if (intent == JobIntent.CREATED) {
      ProcessDefinition definition = state.definitions.get(job.getProcessDefinitionKey());
      String name = state.elementName(job.getProcessDefinitionKey(), job.getElementId());
      state.userTasks.put(
          new UserTaskInstance(
              key,
              job.getElementInstanceKey(),
              job.getProcessInstanceKey(),
              job.getProcessDefinitionKey(),
              job.getBpmnProcessId(),
              job.getProcessDefinitionVersion(),
              job.getElementId(),
              name == null ? job.getElementId() : name,
              definition == null ? null : definition.userTaskForms().get(job.getElementId()),
              Map.copyOf(job.getCustomHeaders()),
              job.getTenantId(),
              at,
              null,
              TaskState.CREATED,
              Map.of(),
              UserTaskInstance.Implementation.JOB_WORKER,
              null,
              null,
              null));
      assigned(state.userTasks.get(key), at);
    } else if (intent == JobIntent.MIGRATED) {
      ProcessDefinition definition = state.definitions.get(job.getProcessDefinitionKey());
      String name = state.elementName(job.getProcessDefinitionKey(), job.getElementId());
      HistoryState.update(
          state.userTasks,
          key,
          task ->
              task.migrated(
                  job.getProcessDefinitionKey(),
                  job.getBpmnProcessId(),
                  job.getProcessDefinitionVersion(),
                  job.getElementId(),
                  name == null ? job.getElementId() : name,
                  definition == null ? null : definition.userTaskForms().get(job.getElementId())));
    } else if (endState != null) {
      HistoryState.update(state.userTasks, key, task -> task.withState(endState, at));
    }
  }

  private void onUserTask(long key, UserTaskIntent intent, UserTaskRecordValue task, Instant at) {
    if (state.instances.get(task.getProcessInstanceKey()) == null) {
      return;
    }
    switch (intent) {
      case CREATING -> {
        ProcessDefinition definition = state.definitions.get(task.getProcessDefinitionKey());
        String name = state.elementName(task.getProcessDefinitionKey(), task.getElementId());
        state.userTasks.put(
            new UserTaskInstance(
                key,
                task.getElementInstanceKey(),
                task.getProcessInstanceKey(),
                task.getProcessDefinitionKey(),
                task.getBpmnProcessId(),
                task.getProcessDefinitionVersion(),
                task.getElementId(),
                name == null ? task.getElementId() : name,
                definition == null ? null : definition.userTaskForms().get(task.getElementId()),
                Map.copyOf(task.getCustomHeaders()),
                task.getTenantId(),
                task.getCreationTimestamp() > 0
                    ? Instant.ofEpochMilli(task.getCreationTimestamp())
                    : at,
                null,
                TaskState.CREATING,
                Map.of(),
                UserTaskInstance.Implementation.ZEEBE_USER_TASK,
                new UserTaskInstance.Properties(
                    Deployments.emptyToNull(task.getAssignee()),
                    task.getCandidateGroupsList(),
                    task.getCandidateUsersList(),
                    dateTime(task.getDueDate()),
                    dateTime(task.getFollowUpDate()),
                    task.getPriority()),
                task.getFormKey() > 0 ? task.getFormKey() : null,
                Deployments.emptyToNull(task.getExternalFormReference())));
      }
      case CREATED, ASSIGNED, UPDATED -> changed(key, task, TaskState.CREATED, null, at);
      case COMPLETED -> changed(key, task, TaskState.COMPLETED, at, at);
      case CANCELED -> changed(key, task, TaskState.CANCELED, at, at);
      case ASSIGNING, CLAIMING -> inState(key, TaskState.ASSIGNING);
      case UPDATING -> inState(key, TaskState.UPDATING);
      case COMPLETING -> inState(key, TaskState.COMPLETING);
      case CANCELING -> inState(key, TaskState.CANCELING);
      case ASSIGNMENT_DENIED, UPDATE_DENIED, COMPLETION_DENIED -> inState(key, TaskState.CREATED);
      case MIGRATED -> {
        ProcessDefinition definition = state.definitions.get(task.getProcessDefinitionKey());
        String name = state.elementName(task.getProcessDefinitionKey(), task.getElementId());
        HistoryState.update(
            state.userTasks,
            key,
            migrated ->
                migrated.migrated(
                    task.getProcessDefinitionKey(),
                    task.getBpmnProcessId(),
                    task.getProcessDefinitionVersion(),
                    task.getElementId(),
                    name == null ? task.getElementId() : name,
                    definition == null
                        ? null
                        : definition.userTaskForms().get(task.getElementId())));
      }
      default -> {} // CORRECTED: the corrections come with the event that ends the change
    }
  }

  private void inState(long key, TaskState taskState) {
    HistoryState.update(state.userTasks, key, task -> task.withState(taskState, null));
  }

  /**
   * A Camunda user task in {@code taskState} with the attributes the event names as changed; an
   * assignee it names counts as a user.
   */
  private void changed(
      long key, UserTaskRecordValue event, TaskState taskState, Instant completedAt, Instant at) {
    UserTaskInstance task = state.userTasks.get(key);
    if (task == null) {
      return;
    }
    UserTaskInstance.Properties properties = task.properties();
    String assignee = properties.assignee();
    var candidateGroups = properties.candidateGroups();
    var candidateUsers = properties.candidateUsers();
    String dueDate = properties.dueDate();
    String followUpDate = properties.followUpDate();
    int priority = properties.priority();
    for (String attribute : event.getChangedAttributes()) {
      switch (attribute) {
        case UserTaskRecord.ASSIGNEE -> assignee = Deployments.emptyToNull(event.getAssignee());
        case UserTaskRecord.CANDIDATE_GROUPS -> candidateGroups = event.getCandidateGroupsList();
        case UserTaskRecord.CANDIDATE_USERS -> candidateUsers = event.getCandidateUsersList();
        case UserTaskRecord.DUE_DATE -> dueDate = dateTime(event.getDueDate());
        case UserTaskRecord.FOLLOW_UP_DATE -> followUpDate = dateTime(event.getFollowUpDate());
        case UserTaskRecord.PRIORITY -> priority = event.getPriority();
        default -> {} // variables: not an attribute of the task
      }
    }
    UserTaskInstance changed =
        task.withProperties(
                new UserTaskInstance.Properties(
                    assignee, candidateGroups, candidateUsers, dueDate, followUpDate, priority))
            .withState(taskState, completedAt);
    state.userTasks.put(changed);
    if (event.getChangedAttributes().contains(UserTaskRecord.ASSIGNEE)) {
      assigned(changed, at);
    }
  }

  /**
   * A date of a Camunda user task as the REST API writes dates (ISO 8601 with an offset); the
   * engine keeps it as it was given or evaluated, which may name a zone; empty is none.
   */
  private static String dateTime(String text) {
    if (text == null || text.isEmpty()) {
      return null;
    }
    try {
      return ZonedDateTime.parse(text)
          .toOffsetDateTime()
          .format(DateTimeFormatter.ISO_OFFSET_DATE_TIME);
    } catch (DateTimeParseException notADate) {
      return text;
    }
  }

  /**
   * A task assigned (by its model, a listener's correction, or through the REST API) counts its
   * assignee as a user.
   */
  private void assigned(UserTaskInstance task, Instant at) {
    String assignee = task.properties().assignee();
    if (assignee != null) {
      state.use(at, task.tenantId(), bucket -> bucket.withAssignee(assignee));
    }
  }

  private void onIncident(
      long key, IncidentIntent intent, IncidentRecordValue incident, Instant at) {
    HistoryState.InstanceRecords records = state.instances.get(incident.getProcessInstanceKey());
    if (records == null) {
      return;
    }
    if (intent == IncidentIntent.CREATED) {
      state.incidents.put(
          new Incident(
              key,
              incident.getProcessInstanceKey(),
              incident.getProcessDefinitionKey(),
              incident.getBpmnProcessId(),
              incident.getElementId(),
              incident.getElementInstanceKey(),
              incident.getJobKey(),
              incident.getErrorType().name(),
              incident.getErrorMessage(),
              incident.getTenantId(),
              at,
              IncidentState.ACTIVE));
      HistoryState.update(
          state.elements, incident.getElementInstanceKey(), e -> e.withIncident(key));
    } else if (intent == IncidentIntent.RESOLVED) {
      HistoryState.update(state.incidents, key, Incident::resolved);
      HistoryState.update(
          state.elements,
          incident.getElementInstanceKey(),
          e -> Long.valueOf(key).equals(e.incidentKey()) ? e.withIncident(null) : e);
    } else if (intent == IncidentIntent.MIGRATED) {
      // The record names the definition and element the incident's element instance was migrated
      // to.
      HistoryState.update(
          state.incidents,
          key,
          i ->
              i.migrated(
                  incident.getProcessDefinitionKey(),
                  incident.getBpmnProcessId(),
                  incident.getElementId()));
      return;
    } else {
      return;
    }
    markIncidents(incident.getProcessInstanceKey());
  }

  /**
   * Whether the instance and each instance that called it has an open incident in itself or in an
   * instance called beneath it: Camunda's exporter marks every process instance on an incident's
   * tree path, so that a parent shows the incident of the instance it called.
   */
  private void markIncidents(long processInstanceKey) {
    for (ProcessInstance instance : InstanceTree.callers(state, processInstanceKey)) {
      boolean open =
          InstanceTree.withCalled(state, instance.key()).stream()
              .flatMap(key -> state.incidents.where(HistoryState.INSTANCE, key.toString()).stream())
              .anyMatch(i -> i.state() == IncidentState.ACTIVE);
      if (open != instance.hasIncident()) {
        state.setInstance(state.instances.get(instance.key()), instance.withIncident(open));
        state.unsaved.instances.add(instance.key());
      }
    }
  }

  private void onMessageSubscription(
      long key,
      ProcessMessageSubscriptionIntent intent,
      ProcessMessageSubscriptionRecordValue subscription,
      Instant at) {
    HistoryState.InstanceRecords records =
        state.instances.get(subscription.getProcessInstanceKey());
    if (records == null
        || records.instance == null
        || !MESSAGE_SUBSCRIPTION_STATES.contains(
            intent)) { // the -ING intents are commands' steps, not states
      return;
    }
    long definitionKey = records.instance.definitionKey();
    state.messageSubscriptions.put(
        new MessageSubscription(
            key,
            subscription.getProcessInstanceKey(),
            definitionKey,
            subscription.getBpmnProcessId(),
            subscription.getElementId(),
            subscription.getElementInstanceKey(),
            subscription.getMessageName(),
            subscription.getCorrelationKey(),
            subscription.getTenantId(),
            at,
            intent.name()));
    if (intent == ProcessMessageSubscriptionIntent.CORRELATED) {
      records.correlatedMessages.add(
          new CorrelatedMessage(
              key,
              subscription.getMessageKey(),
              subscription.getProcessInstanceKey(),
              definitionKey,
              subscription.getBpmnProcessId(),
              subscription.getElementId(),
              subscription.getElementInstanceKey(),
              subscription.getMessageName(),
              subscription.getCorrelationKey(),
              subscription.getTenantId(),
              at));
    }
  }

  /** The intents of a subscription that Camunda's message subscription search names as its */
  private static final Set<ProcessMessageSubscriptionIntent> MESSAGE_SUBSCRIPTION_STATES =
      EnumSet.of(
          ProcessMessageSubscriptionIntent.CREATED, ProcessMessageSubscriptionIntent.CORRELATED,
          ProcessMessageSubscriptionIntent.DELETED, ProcessMessageSubscriptionIntent.MIGRATED);

  /** The job records whose intent is a state of Camunda's job search ({@code JobStateEnum}). */
  private static final Set<JobIntent> JOB_STATES =
      EnumSet.of(
          JobIntent.CREATED,
          JobIntent.COMPLETED,
          JobIntent.CANCELED,
          JobIntent.ERROR_THROWN,
          JobIntent.FAILED,
          JobIntent.MIGRATED,
          JobIntent.RETRIES_UPDATED,
          JobIntent.TIMED_OUT);
}
