package io.mediaflow.app.engine.history;

import io.camunda.zeebe.model.bpmn.Bpmn;
import io.camunda.zeebe.model.bpmn.instance.FlowElement;
import io.camunda.zeebe.model.bpmn.instance.Process;
import io.camunda.zeebe.model.bpmn.instance.StartEvent;
import io.camunda.zeebe.model.bpmn.instance.UserTask;
import io.camunda.zeebe.model.bpmn.instance.zeebe.ZeebeFormDefinition;
import io.camunda.zeebe.protocol.record.Record;
import io.camunda.zeebe.protocol.record.RecordType;
import io.camunda.zeebe.protocol.record.intent.FormIntent;
import io.camunda.zeebe.protocol.record.intent.IncidentIntent;
import io.camunda.zeebe.protocol.record.intent.JobBatchIntent;
import io.camunda.zeebe.protocol.record.intent.JobIntent;
import io.camunda.zeebe.protocol.record.intent.ProcessInstanceIntent;
import io.camunda.zeebe.protocol.record.intent.ProcessIntent;
import io.camunda.zeebe.protocol.record.intent.ProcessMessageSubscriptionIntent;
import io.camunda.zeebe.protocol.record.intent.VariableIntent;
import io.camunda.zeebe.protocol.record.value.IncidentRecordValue;
import io.camunda.zeebe.protocol.record.value.JobBatchRecordValue;
import io.camunda.zeebe.protocol.record.value.JobRecordValue;
import io.camunda.zeebe.protocol.record.value.ProcessInstanceRecordValue;
import io.camunda.zeebe.protocol.record.value.ProcessInstanceRelated;
import io.camunda.zeebe.protocol.record.value.ProcessMessageSubscriptionRecordValue;
import io.camunda.zeebe.protocol.record.value.VariableRecordValue;
import io.camunda.zeebe.protocol.record.value.deployment.Form;
import io.mediaflow.app.engine.EngineRecordFeed;
import io.mediaflow.app.engine.UserTaskChanges;
import io.mediaflow.app.engine.UserTasks;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Supplier;
import java.util.function.UnaryOperator;
import org.camunda.bpm.model.xml.instance.ModelElementInstance;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.stereotype.Component;

/**
 * What the engine's records say about deployments and process instances, as the REST API and the
 * console show them: process definitions and forms, and per instance its element instances,
 * variables, user tasks, jobs and incidents, the sequence flows it took and its message
 * subscriptions. Fed once per record by {@link EngineRecordFeed}; every read first catches the feed
 * up, so it sees everything the engine has acknowledged. An ended instance's details are kept
 * within {@link HistoryProperties}.
 *
 * <p>User tasks are the engine's job-based ones: a job of type {@value UserTasks#JOB_TYPE} is an
 * open task from its creation until it is completed, cancelled (its scope ended) or throws an
 * error, whoever holds the job.
 */
@Component
public class ProcessHistory implements EngineRecordFeed.Subscriber {
  /**
   * What changed since the store last kept the history: new deployments, the instances a record
   * touched, the instances that ended (in that order) and those dropped.
   */
  private static final class Unsaved {
    final List<ProcessDefinition> definitions = new ArrayList<>();
    final List<FormDefinition> forms = new ArrayList<>();
    final Set<Long> instances = new LinkedHashSet<>();
    final List<Long> ended = new ArrayList<>();
    final List<Long> dropped = new ArrayList<>();
  }

  /**
   * What is known about one process instance besides its items in the indexes; dropped as a whole,
   * with them. {@code instance} is null while only its variables are known.
   */
  private static final class InstanceRecords {
    ProcessInstance instance;

    /**
     * The ids of the sequence flows taken, each once, in the order first taken (Camunda keeps them
     * so too).
     */
    final Set<String> sequenceFlows = new LinkedHashSet<>();

    final List<CorrelatedMessage> correlatedMessages = new ArrayList<>();
  }

  /**
   * The instance of an item, the field every index has: what an instance's own reads and its drop
   * go by.
   */
  private static final String INSTANCE = "processInstanceKey";

  private final EngineRecordFeed feed;
  private final HistoryProperties limits;
  private final Clock clock;
  private final Map<Long, ProcessDefinition> definitions = new LinkedHashMap<>();
  private final Map<Long, FormDefinition> forms = new LinkedHashMap<>();
  private final Map<Long, InstanceRecords> instances = new LinkedHashMap<>();
  // Each kind by key, and by the fields searches filter by most: named and written as the REST
  // API's shapes are.
  private final HistoryIndex<ProcessInstance> processInstances =
      new HistoryIndex<>(
          ProcessInstance::key,
          Map.of(
              INSTANCE,
              i -> Long.toString(i.key()),
              "processDefinitionId",
              ProcessInstance::processId,
              "processDefinitionKey",
              i -> Long.toString(i.definitionKey()),
              "state",
              i -> i.state().name()));
  private final HistoryIndex<ElementInstance> elements =
      new HistoryIndex<>(
          ElementInstance::key,
          Map.of(
              INSTANCE,
              e -> Long.toString(e.processInstanceKey()),
              "processDefinitionId",
              ElementInstance::processId,
              "elementId",
              ElementInstance::elementId,
              "state",
              e -> e.state().name(),
              "type",
              e -> e.type().name()));
  private final HistoryIndex<Variable> variables =
      new HistoryIndex<>(
          Variable::key,
          Map.of(
              INSTANCE,
              v -> Long.toString(v.processInstanceKey()),
              "scopeKey",
              v -> Long.toString(v.scopeKey()),
              "name",
              Variable::name));
  private final HistoryIndex<UserTaskInstance> userTasks =
      new HistoryIndex<>(
          UserTaskInstance::key,
          Map.of(
              INSTANCE,
              t -> Long.toString(t.processInstanceKey()),
              "processDefinitionId",
              UserTaskInstance::processId,
              "elementId",
              UserTaskInstance::elementId,
              "elementInstanceKey",
              t -> Long.toString(t.elementInstanceKey()),
              "state",
              t -> t.state().name(),
              "assignee",
              t -> t.properties().assignee()));
  private final HistoryIndex<Job> jobs =
      new HistoryIndex<>(
          Job::key,
          Map.of(
              INSTANCE,
              j -> Long.toString(j.processInstanceKey()),
              "processDefinitionId",
              Job::processId,
              "elementId",
              Job::elementId,
              "type",
              Job::type,
              "state",
              Job::state));
  private final HistoryIndex<Incident> incidents =
      new HistoryIndex<>(
          Incident::key,
          Map.of(
              INSTANCE,
              i -> Long.toString(i.processInstanceKey()),
              "processDefinitionId",
              Incident::processId,
              "elementId",
              Incident::elementId,
              "state",
              i -> i.state().name()));
  private final HistoryIndex<MessageSubscription> messageSubscriptions =
      new HistoryIndex<>(
          MessageSubscription::key,
          Map.of(
              INSTANCE,
              s -> Long.toString(s.processInstanceKey()),
              "processDefinitionId",
              MessageSubscription::processId,
              "elementId",
              MessageSubscription::elementId,
              "messageName",
              MessageSubscription::messageName,
              "messageSubscriptionState",
              MessageSubscription::state));

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

  /** Ended instances, the earliest first. */
  private final ArrayDeque<ProcessInstance> ended = new ArrayDeque<>();

  /**
   * Where the engine's history is kept beside its log; none where a test feeds the records by hand.
   */
  private final Optional<HistoryStore> store;

  /** What changed since the store last kept the history. */
  private Unsaved unsaved = new Unsaved();

  /** The position of the last record read. */
  private long position = -1;

  @Autowired
  ProcessHistory(EngineRecordFeed feed, HistoryProperties limits, Optional<HistoryStore> store) {
    this(feed, limits, store, Clock.systemUTC());
  }

  ProcessHistory(
      EngineRecordFeed feed, HistoryProperties limits, Optional<HistoryStore> store, Clock clock) {
    this.feed = feed;
    this.limits = limits;
    this.store = store;
    this.clock = clock;
    store.flatMap(HistoryStore::loaded).ifPresent(this::restore);
    feed.subscribe(this);
  }

  // ---- kept beside the engine's log, which is deleted below a snapshot

  /**
   * Keeps everything read so far in the store (what changed since the last time, or everything when
   * the store is due to be rewritten) and returns the position from which on the history still
   * needs the engine's log: the log below it may be deleted. The store writes outside the lock, so
   * that reads need not wait for the disk.
   */
  long keep() {
    feed.catchUp();
    HistoryStore kept = store.orElseThrow();
    long at;
    HistoryStore.Saved whole = null;
    HistoryStore.Changes changes = null;
    synchronized (this) {
      at = position;
      if (kept.rewriteDue()) {
        whole =
            new HistoryStore.Saved(
                position,
                List.copyOf(definitions.values()),
                List.copyOf(forms.values()),
                instances.keySet().stream().map(this::saved).toList(),
                List.copyOf(ended));
      } else {
        changes =
            new HistoryStore.Changes(
                position,
                List.copyOf(unsaved.definitions),
                List.copyOf(unsaved.forms),
                unsaved.instances.stream().filter(instances::containsKey).map(this::saved).toList(),
                List.copyOf(unsaved.ended),
                List.copyOf(unsaved.dropped));
      }
      unsaved = new Unsaved(); // a failed write makes the store's next save a rewrite, which holds
      // everything
    }
    if (whole != null) {
      kept.rewrite(whole);
    } else {
      kept.append(changes);
    }
    return at + 1;
  }

  private HistoryStore.SavedInstance saved(long key) {
    InstanceRecords records = instances.get(key);
    String instance = Long.toString(key);
    return new HistoryStore.SavedInstance(
        key,
        records.instance,
        elements.where(INSTANCE, instance),
        variables.where(INSTANCE, instance),
        userTasks.where(INSTANCE, instance),
        incidents.where(INSTANCE, instance),
        jobs.where(INSTANCE, instance),
        List.copyOf(records.sequenceFlows),
        messageSubscriptions.where(INSTANCE, instance),
        List.copyOf(records.correlatedMessages));
  }

  private void restore(HistoryStore.Saved saved) {
    position = saved.position();
    saved.definitions().forEach(definition -> definitions.put(definition.key(), definition));
    saved.forms().forEach(form -> forms.put(form.key(), form));
    for (HistoryStore.SavedInstance instance : saved.instances()) {
      InstanceRecords records = new InstanceRecords();
      setInstance(records, instance.instance());
      instance.elements().forEach(elements::put);
      instance.variables().forEach(variables::put);
      instance.userTasks().forEach(userTasks::put);
      instance.incidents().forEach(incidents::put);
      if (instance.jobs() != null) { // none in a history kept before jobs were
        instance.jobs().forEach(jobs::put);
      }
      if (instance.sequenceFlows() != null) { // none in a history kept before sequence flows were
        records.sequenceFlows.addAll(instance.sequenceFlows());
      }
      if (instance.messageSubscriptions() != null) { // nor before message subscriptions were
        instance.messageSubscriptions().forEach(messageSubscriptions::put);
        records.correlatedMessages.addAll(instance.correlatedMessages());
      }
      instances.put(instance.key(), records);
    }
    ended.addAll(saved.ended());
  }

  // ---- reads: each first catches the feed up, then answers from a consistent state

  public List<ProcessDefinition> processDefinitions() {
    return read(() -> List.copyOf(definitions.values()));
  }

  public Optional<ProcessDefinition> processDefinition(long key) {
    return read(() -> Optional.ofNullable(definitions.get(key)));
  }

  public Optional<FormDefinition> form(long key) {
    return read(() -> Optional.ofNullable(forms.get(key)));
  }

  /** The newest version of a form, as a user task or start event linked by form id gets it. */
  public Optional<FormDefinition> latestForm(String formId) {
    return read(
        () ->
            forms.values().stream()
                .filter(form -> form.formId().equals(formId))
                .max(Comparator.comparingInt(FormDefinition::version)));
  }

  public List<ProcessInstance> processInstances() {
    return read(processInstances::all);
  }

  public Optional<ProcessInstance> processInstance(long key) {
    return get(processInstances, key);
  }

  public Lookup<ProcessInstance> processInstanceLookup() {
    return lookup(processInstances);
  }

  /**
   * The ids of the sequence flows an instance took, each once; empty when the instance is not
   * known.
   */
  public List<String> sequenceFlows(long processInstanceKey) {
    return read(
        () ->
            Optional.ofNullable(instances.get(processInstanceKey))
                .map(records -> List.copyOf(records.sequenceFlows))
                .orElse(List.of()));
  }

  public List<ElementInstance> elementInstances() {
    return read(elements::all);
  }

  public Optional<ElementInstance> elementInstance(long key) {
    return get(elements, key);
  }

  public Lookup<ElementInstance> elementInstanceLookup() {
    return lookup(elements);
  }

  public List<Variable> variables() {
    return read(variables::all);
  }

  public Optional<Variable> variable(long key) {
    return get(variables, key);
  }

  public Lookup<Variable> variableLookup() {
    return lookup(variables);
  }

  public List<UserTaskInstance> userTasks() {
    return read(userTasks::all);
  }

  public Optional<UserTaskInstance> userTask(long key) {
    return get(userTasks, key);
  }

  public Lookup<UserTaskInstance> userTaskLookup() {
    return lookup(userTasks);
  }

  public List<Job> jobs() {
    return read(jobs::all);
  }

  public Lookup<Job> jobLookup() {
    return lookup(jobs);
  }

  public List<Incident> incidents() {
    return read(incidents::all);
  }

  public Lookup<Incident> incidentLookup() {
    return lookup(incidents);
  }

  public List<MessageSubscription> messageSubscriptions() {
    return read(messageSubscriptions::all);
  }

  public Lookup<MessageSubscription> messageSubscriptionLookup() {
    return lookup(messageSubscriptions);
  }

  public List<CorrelatedMessage> correlatedMessages() {
    return read(
        () ->
            instances.values().stream()
                .flatMap(records -> records.correlatedMessages.stream())
                .toList());
  }

  public Optional<Incident> incident(long key) {
    return get(incidents, key);
  }

  /**
   * The variables an element instance sees: its own and those of every enclosing scope up to its
   * process instance, by name, the innermost winning.
   */
  public Map<String, Variable> variablesVisibleFrom(
      long processInstanceKey, long elementInstanceKey) {
    return read(
        () -> {
          var visible = new LinkedHashMap<String, Variable>();
          for (long scope = elementInstanceKey; scope > 0; ) {
            variables.where("scopeKey", Long.toString(scope)).stream()
                .filter(v -> v.processInstanceKey() == processInstanceKey)
                .forEach(v -> visible.putIfAbsent(v.name(), v));
            ElementInstance element = elements.get(scope);
            scope = element == null || scope == processInstanceKey ? -1 : element.flowScopeKey();
          }
          return visible;
        });
  }

  private <T> Optional<T> get(HistoryIndex<T> index, long key) {
    return read(() -> Optional.ofNullable(index.get(key)));
  }

  private <T> Lookup<T> lookup(HistoryIndex<T> index) {
    return new Lookup<>(index.fields(), wanted -> read(() -> index.matching(wanted)));
  }

  private <T> T read(Supplier<T> query) {
    feed.catchUp();
    synchronized (this) {
      return query.get();
    }
  }

  // ---- the feed

  @Override
  public synchronized void accept(Record<?> record) {
    position = record.getPosition();
    if (record.getRecordType() != RecordType.EVENT) {
      return;
    }
    Instant at = Instant.ofEpochMilli(record.getTimestamp());
    if (record.getValue() instanceof ProcessInstanceRelated related) {
      unsaved.instances.add(related.getProcessInstanceKey());
    }
    switch (record.getValue()) {
      case io.camunda.zeebe.protocol.record.value.deployment.Process process
          when record.getIntent() == ProcessIntent.CREATED ->
          addDefinition(process);
      case Form form when record.getIntent() == FormIntent.CREATED -> addForm(form);
      case ProcessInstanceRecordValue element ->
          onElement(record.getKey(), (ProcessInstanceIntent) record.getIntent(), element, at);
      case VariableRecordValue variable
          when record.getIntent() == VariableIntent.CREATED
              || record.getIntent() == VariableIntent.UPDATED ->
          onVariable(record.getKey(), variable);
      case JobRecordValue job -> onJob(record.getKey(), (JobIntent) record.getIntent(), job, at);
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
    dropExpired();
  }

  private void addForm(Form form) {
    var definition =
        new FormDefinition(
            form.getFormKey(),
            form.getFormId(),
            form.getVersion(),
            form.getResourceName(),
            form.getTenantId(),
            new String(form.getResource(), StandardCharsets.UTF_8));
    forms.put(definition.key(), definition);
    unsaved.forms.add(definition);
  }

  private void addDefinition(io.camunda.zeebe.protocol.record.value.deployment.Process process) {
    byte[] xml = process.getResource();
    var model = Bpmn.readModelFromStream(new ByteArrayInputStream(xml));
    String name = null;
    var elementNames = new HashMap<String, String>();
    var userTaskForms = new HashMap<String, String>();
    String startFormId = null;
    for (Process candidate : model.getModelElementsByType(Process.class)) {
      if (candidate.getId().equals(process.getBpmnProcessId())) {
        name = candidate.getName();
      }
    }
    for (FlowElement element : model.getModelElementsByType(FlowElement.class)) {
      if (!processOf(element).getId().equals(process.getBpmnProcessId())) {
        continue;
      }
      if (element.getName() != null) {
        elementNames.put(element.getId(), element.getName());
      }
      var form = element.getSingleExtensionElement(ZeebeFormDefinition.class);
      if (form != null && form.getFormId() != null) {
        if (element instanceof UserTask) {
          userTaskForms.put(element.getId(), form.getFormId());
        } else if (element instanceof StartEvent && element.getParentElement() instanceof Process) {
          startFormId = form.getFormId();
        }
      }
    }
    var definition =
        new ProcessDefinition(
            process.getProcessDefinitionKey(),
            process.getBpmnProcessId(),
            name,
            process.getVersion(),
            emptyToNull(process.getVersionTag()),
            process.getResourceName(),
            process.getTenantId(),
            xml,
            Map.copyOf(elementNames),
            Map.copyOf(userTaskForms),
            startFormId);
    definitions.put(definition.key(), definition);
    unsaved.definitions.add(definition);
  }

  private void onElement(
      long key, ProcessInstanceIntent intent, ProcessInstanceRecordValue element, Instant at) {
    long instanceKey = element.getProcessInstanceKey();
    switch (intent) {
      case ELEMENT_ACTIVATING -> {
        InstanceRecords records =
            instances.computeIfAbsent(instanceKey, k -> new InstanceRecords());
        elements.put(
            new ElementInstance(
                key,
                instanceKey,
                element.getFlowScopeKey(),
                element.getProcessDefinitionKey(),
                element.getBpmnProcessId(),
                element.getElementId(),
                elementName(element.getProcessDefinitionKey(), element.getElementId()),
                element.getBpmnElementType(),
                element.getTenantId(),
                at,
                null,
                InstanceState.ACTIVE,
                null));
        if (key == instanceKey) {
          setInstance(
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
                  false));
        }
      }
      case ELEMENT_COMPLETED, ELEMENT_TERMINATED -> {
        InstanceRecords records = instances.get(instanceKey);
        if (records == null) {
          return;
        }
        InstanceState state =
            intent == ProcessInstanceIntent.ELEMENT_COMPLETED
                ? InstanceState.COMPLETED
                : InstanceState.TERMINATED;
        update(elements, key, e -> e.ended(at, state));
        if (key == instanceKey && records.instance != null) {
          var i = records.instance;
          setInstance(
              records,
              new ProcessInstance(
                  i.key(),
                  i.definitionKey(),
                  i.processId(),
                  i.version(),
                  i.parentProcessInstanceKey(),
                  i.parentElementInstanceKey(),
                  i.tenantId(),
                  i.startDate(),
                  at,
                  state,
                  i.hasIncident()));
          ended.add(records.instance);
          unsaved.ended.add(instanceKey);
        }
      }
      case SEQUENCE_FLOW_TAKEN -> {
        InstanceRecords records = instances.get(instanceKey);
        if (records != null) {
          records.sequenceFlows.add(element.getElementId());
        }
      }
      default -> {}
    }
  }

  /**
   * A new instance's variables are written before its process element activates. A change of a user
   * task is kept with the task, not among the variables.
   */
  private void onVariable(long key, VariableRecordValue variable) {
    instances.computeIfAbsent(variable.getProcessInstanceKey(), k -> new InstanceRecords());
    if (UserTaskChanges.isChange(variable.getName())) {
      for (UserTaskInstance task :
          userTasks.where("elementInstanceKey", Long.toString(variable.getScopeKey()))) {
        if (task.state() == TaskState.CREATED) {
          userTasks.put(task.changed(variable.getName(), variable.getValue()));
          return;
        }
      }
    }
    variables.put(
        new Variable(
            key,
            variable.getScopeKey(),
            variable.getProcessInstanceKey(),
            variable.getName(),
            variable.getValue(),
            variable.getTenantId()));
  }

  private void onJob(long key, JobIntent intent, JobRecordValue job, Instant at) {
    InstanceRecords records = instances.get(job.getProcessInstanceKey());
    if (records == null) {
      return;
    }
    Job previous = jobs.get(key);
    String state =
        JOB_STATES.contains(intent)
            ? intent.name()
            : previous == null ? "CREATED" : previous.state();
    boolean ended =
        intent == JobIntent.COMPLETED
            || intent == JobIntent.CANCELED
            || intent == JobIntent.ERROR_THROWN;
    jobs.put(
        new Job(
            key,
            job.getType(),
            emptyToNull(job.getWorker()),
            state,
            job.getRetries(),
            job.getDeadline() > 0 ? Instant.ofEpochMilli(job.getDeadline()) : null,
            emptyToNull(job.getErrorCode()),
            emptyToNull(job.getErrorMessage()),
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
    if (UserTasks.JOB_TYPE.equals(job.getType())) {
      onUserTaskJob(key, intent, job, at);
    }
  }

  /** An activation gives each job its worker, deadline and retries; it is no state of the job's. */
  private void onActivated(JobBatchRecordValue batch) {
    for (int i = 0; i < batch.getJobKeys().size() && i < batch.getJobs().size(); i++) {
      JobRecordValue job = batch.getJobs().get(i);
      InstanceRecords records = instances.get(job.getProcessInstanceKey());
      if (records != null) {
        unsaved.instances.add(job.getProcessInstanceKey());
        update(
            jobs,
            batch.getJobKeys().get(i),
            known ->
                known.activated(
                    emptyToNull(batch.getWorker()),
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
      ProcessDefinition definition = definitions.get(job.getProcessDefinitionKey());
      String name = elementName(job.getProcessDefinitionKey(), job.getElementId());
      userTasks.put(
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
              Map.of()));
    } else if (endState != null) {
      update(userTasks, key, task -> task.ended(at, endState));
    }
  }

  private void onIncident(
      long key, IncidentIntent intent, IncidentRecordValue incident, Instant at) {
    InstanceRecords records = instances.get(incident.getProcessInstanceKey());
    if (records == null) {
      return;
    }
    if (intent == IncidentIntent.CREATED) {
      incidents.put(
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
      update(elements, incident.getElementInstanceKey(), e -> e.withIncident(key));
    } else if (intent == IncidentIntent.RESOLVED) {
      update(incidents, key, Incident::resolved);
      update(
          elements,
          incident.getElementInstanceKey(),
          e -> Long.valueOf(key).equals(e.incidentKey()) ? e.withIncident(null) : e);
    } else {
      return;
    }
    var i = records.instance;
    if (i != null) {
      boolean open =
          incidents.where(INSTANCE, Long.toString(i.key())).stream()
              .anyMatch(x -> x.state() == IncidentState.ACTIVE);
      setInstance(
          records,
          new ProcessInstance(
              i.key(),
              i.definitionKey(),
              i.processId(),
              i.version(),
              i.parentProcessInstanceKey(),
              i.parentElementInstanceKey(),
              i.tenantId(),
              i.startDate(),
              i.endDate(),
              i.state(),
              open));
    }
  }

  private void onMessageSubscription(
      long key,
      ProcessMessageSubscriptionIntent intent,
      ProcessMessageSubscriptionRecordValue subscription,
      Instant at) {
    InstanceRecords records = instances.get(subscription.getProcessInstanceKey());
    if (records == null
        || records.instance == null
        || !MESSAGE_SUBSCRIPTION_STATES.contains(
            intent)) { // the -ING intents are commands' steps, not states
      return;
    }
    long definitionKey = records.instance.definitionKey();
    messageSubscriptions.put(
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

  /**
   * The intents of a subscription that Camunda's message subscription search names as its state.
   */
  private static final Set<ProcessMessageSubscriptionIntent> MESSAGE_SUBSCRIPTION_STATES =
      EnumSet.of(
          ProcessMessageSubscriptionIntent.CREATED, ProcessMessageSubscriptionIntent.CORRELATED,
          ProcessMessageSubscriptionIntent.DELETED, ProcessMessageSubscriptionIntent.MIGRATED);

  /**
   * Drops the ended instances beyond the configured count or age, with everything recorded about
   * them.
   */
  private void dropExpired() {
    Instant oldest = clock.instant().minus(limits.maxAge());
    while (!ended.isEmpty()
        && (ended.size() > limits.maxCompletedInstances()
            || ended.peekFirst().endDate().isBefore(oldest))) {
      long key = ended.removeFirst().key();
      instances.remove(key);
      unsaved.dropped.add(key);
      String instance = Long.toString(key);
      for (HistoryIndex<?> index :
          List.of(
              processInstances,
              elements,
              variables,
              userTasks,
              jobs,
              incidents,
              messageSubscriptions)) {
        index.removeWhere(INSTANCE, instance);
      }
    }
  }

  /** An instance's own record, and its entry in the index of instances. */
  private void setInstance(InstanceRecords records, ProcessInstance instance) {
    records.instance = instance;
    if (instance != null) {
      processInstances.put(instance);
    }
  }

  private static <T> void update(HistoryIndex<T> index, long key, UnaryOperator<T> change) {
    T item = index.get(key);
    if (item != null) {
      index.put(change.apply(item));
    }
  }

  private String elementName(long definitionKey, String elementId) {
    ProcessDefinition definition = definitions.get(definitionKey);
    return definition == null ? null : definition.elementNames().get(elementId);
  }

  private static Process processOf(ModelElementInstance element) {
    ModelElementInstance parent = element.getParentElement();
    while (!(parent instanceof Process process)) {
      parent = parent.getParentElement();
    }
    return process;
  }

  private static String emptyToNull(String value) {
    return value == null || value.isEmpty() ? null : value;
  }
}
