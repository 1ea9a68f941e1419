package io.mediaflow.app.engine.history;

import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.UnaryOperator;

/**
 * What the history holds, which {@link HistoryProjection} writes from the engine's records and
 * {@link ProcessHistory} reads: definitions, forms, the instances and each kind of their items in
 * an index of its own, the ended instances in order, and what changed since the store last kept it.
 * Not thread-safe: its users hold its monitor.
 */
final class HistoryState {
  /**
   * What changed since the store last kept the history: new deployments, the instances a record
   * touched, the instances that ended (in that order) and those dropped.
   */
  static final class Unsaved {
    final List<ProcessDefinition> definitions = new ArrayList<>();
    final List<FormDefinition> forms = new ArrayList<>();
    final Set<Long> instances = new LinkedHashSet<>();
    final List<Long> ended = new ArrayList<>();
    final List<Long> dropped = new ArrayList<>();
    final Set<UsageBucket.Key> usage = new LinkedHashSet<>();
  }

  /**
   * What is known about one process instance besides its items in the indexes; dropped as a whole,
   * with them. {@code instance} is null while only its variables are known.
   */
  static final class InstanceRecords {
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
  static final String INSTANCE = "processInstanceKey";

  /** The instance that called an instance: what {@link InstanceTree} goes down by. */
  static final String PARENT = "parentProcessInstanceKey";

  final Map<Long, ProcessDefinition> definitions = new LinkedHashMap<>();
  final Map<Long, FormDefinition> forms = new LinkedHashMap<>();
  final Map<Long, InstanceRecords> instances = new LinkedHashMap<>();
  // Each kind by key, and by the fields searches filter by most: named and written as the REST
  // API's shapes are.
  final HistoryIndex<ProcessInstance> processInstances =
      new HistoryIndex<>(
          ProcessInstance::key,
          Map.of(
              INSTANCE,
              i -> Long.toString(i.key()),
              PARENT,
              i -> Long.toString(i.parentProcessInstanceKey()),
              "processDefinitionId",
              ProcessInstance::processId,
              "processDefinitionKey",
              i -> Long.toString(i.definitionKey()),
              "state",
              i -> i.state().name()));
  final HistoryIndex<ElementInstance> elements =
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
  final HistoryIndex<Variable> variables =
      new HistoryIndex<>(
          Variable::key,
          Map.of(
              INSTANCE,
              v -> Long.toString(v.processInstanceKey()),
              "scopeKey",
              v -> Long.toString(v.scopeKey()),
              "name",
              Variable::name));
  final HistoryIndex<UserTaskInstance> userTasks =
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
  final HistoryIndex<Job> jobs =
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
  final HistoryIndex<Incident> incidents =
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
  final HistoryIndex<MessageSubscription> messageSubscriptions =
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

  /**
   * What the engine was used for, by minute and tenant (Camunda's usage metrics): kept whole, not
   * dropped with the instances it counts.
   */
  final Map<UsageBucket.Key, UsageBucket> usage = new LinkedHashMap<>();

  /** Ended instances, the earliest first. */
  final ArrayDeque<ProcessInstance> ended = new ArrayDeque<>();

  /** What changed since the store last kept the history. */
  Unsaved unsaved = new Unsaved();

  /** The position of the last record read. */
  long position = -1;

  /** An instance's own record, and its entry in the index of instances. */
  void setInstance(InstanceRecords records, ProcessInstance instance) {
    records.instance = instance;
    if (instance != null) {
      processInstances.put(instance);
    }
  }

  /** Counts a use {@code at} for {@code tenantId} in its minute's bucket. */
  void use(Instant at, String tenantId, UnaryOperator<UsageBucket> use) {
    var key = UsageBucket.Key.of(at, tenantId);
    usage.put(key, use.apply(usage.getOrDefault(key, UsageBucket.empty(key))));
    unsaved.usage.add(key);
  }

  static <T> void update(HistoryIndex<T> index, long key, UnaryOperator<T> change) {
    T item = index.get(key);
    if (item != null) {
      index.put(change.apply(item));
    }
  }

  String elementName(long definitionKey, String elementId) {
    ProcessDefinition definition = definitions.get(definitionKey);
    return definition == null ? null : definition.elementNames().get(elementId);
  }

  /**
   * Drops the ended instances beyond {@code maxEnded} or ended before {@code oldest}, with
   * everything recorded about them.
   */
  void dropEnded(Instant oldest, int maxEnded) {
    while (!ended.isEmpty()
        && (ended.size() > maxEnded || ended.peekFirst().endDate().isBefore(oldest))) {
      drop(ended.removeFirst().key());
    }
  }

  /** Drops the instance {@code key} with everything recorded about it. */
  private void drop(long key) {
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

  HistoryStore.SavedInstance saved(long key) {
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

  void restore(HistoryStore.Saved saved) {
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
    if (saved.usage() != null) { // none in a history kept before usage was
      saved.usage().forEach(bucket -> usage.put(bucket.key(), bucket));
    }
  }
}
