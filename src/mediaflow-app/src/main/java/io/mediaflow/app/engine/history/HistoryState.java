package io.mediaflow.app.engine.history;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.NavigableSet;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.UnaryOperator;

/**
 * What the history holds, which {@link HistoryProjection} writes from the engine's records and
 * {@link ProcessHistory} reads: definitions, forms, the instances and each kind of their items in
 * an index of its own, the ended instances in order, and what changed since the store last kept it.
 * An ended instance leaves the heap, its own record and its items, for {@link EndedInstances} at
 * the store's next save ({@link #moved}); every read that may concern it asks there as well. Not
 * thread-safe: its users hold its monitor.
 */
final class HistoryState {
  /**
   * What changed since the store last kept the history: new deployments, the instances a record
   * touched, the instances that ended (in that order) and those dropped (past the retention, or
   * moved to {@link EndedInstances}).
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
  // The fields of each kind of item an instance has, which its index and, once the instance ended
  // and moved out, its postings in EndedInstances find it by.
  private static final Map<String, Function<ElementInstance, String>> ELEMENT_FIELDS =
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
          e -> e.type().name());
  private static final Map<String, Function<Variable, String>> VARIABLE_FIELDS =
      Map.of(
          INSTANCE,
          v -> Long.toString(v.processInstanceKey()),
          "scopeKey",
          v -> Long.toString(v.scopeKey()),
          "name",
          Variable::name);
  private static final Map<String, Function<UserTaskInstance, String>> USER_TASK_FIELDS =
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
          t -> t.properties().assignee());
  private static final Map<String, Function<Job, String>> JOB_FIELDS =
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
          Job::state);
  private static final Map<String, Function<Incident, String>> INCIDENT_FIELDS =
      Map.of(
          INSTANCE,
          i -> Long.toString(i.processInstanceKey()),
          "processDefinitionId",
          Incident::processId,
          "elementId",
          Incident::elementId,
          "state",
          i -> i.state().name());
  private static final Map<String, Function<MessageSubscription, String>>
      MESSAGE_SUBSCRIPTION_FIELDS =
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
              MessageSubscription::state);

  final Map<Long, InstanceRecords> instances = new LinkedHashMap<>();
  // Each kind by key, and by the fields searches filter by most: named and written as the REST
  // API's shapes are.
  final HistoryIndex<ProcessInstance> processInstances =
      new HistoryIndex<>(
          "processInstances",
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
      new HistoryIndex<>("elements", ElementInstance::key, ELEMENT_FIELDS);
  final HistoryIndex<Variable> variables =
      new HistoryIndex<>("variables", Variable::key, VARIABLE_FIELDS);
  final HistoryIndex<UserTaskInstance> userTasks =
      new HistoryIndex<>("userTasks", UserTaskInstance::key, USER_TASK_FIELDS);
  final HistoryIndex<Job> jobs = new HistoryIndex<>("jobs", Job::key, JOB_FIELDS);
  final HistoryIndex<Incident> incidents =
      new HistoryIndex<>("incidents", Incident::key, INCIDENT_FIELDS);
  final HistoryIndex<MessageSubscription> messageSubscriptions =
      new HistoryIndex<>(
          "messageSubscriptions", MessageSubscription::key, MESSAGE_SUBSCRIPTION_FIELDS);

  /**
   * What the engine was used for, by minute and tenant (Camunda's usage metrics): kept whole, not
   * dropped with the instances it counts.
   */
  final Map<UsageBucket.Key, UsageBucket> usage = new LinkedHashMap<>();

  /**
   * Ended instances still in the heap, the earliest end first (not the order they ended in: the
   * engine's clock may have been pinned to the past meanwhile).
   */
  final NavigableSet<ProcessInstance> ended =
      new TreeSet<>(
          Comparator.comparing(ProcessInstance::endDate).thenComparingLong(ProcessInstance::key));

  /** The ended instances still in the heap, the earliest first: {@link EndedInstances}' next. */
  final Set<Long> toMove = new LinkedHashSet<>();

  /** Where the ended instances go; none where a test keeps nothing, and every one stays here. */
  private final EndedInstances moved;

  /** What changed since the store last kept the history. */
  Unsaved unsaved = new Unsaved();

  /** The position of the last record read. */
  long position = -1;

  HistoryState(EndedInstances moved) {
    this.moved = moved;
  }

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
   * Drops the instances that ended before {@code oldest}, with everything recorded about them, here
   * and in {@link EndedInstances}.
   */
  void dropEnded(Instant oldest) {
    while (!ended.isEmpty() && ended.first().endDate().isBefore(oldest)) {
      drop(ended.pollFirst().key());
    }
    if (moved != null) {
      moved.deleteEndedBefore(oldest);
    }
  }

  /** Drops the instance {@code key} with everything recorded about it. */
  private void drop(long key) {
    instances.remove(key);
    toMove.remove(key);
    unsaved.dropped.add(key);
    processInstances.remove(key);
    removeItems(key);
  }

  private void removeItems(long key) {
    String instance = Long.toString(key);
    for (HistoryIndex<?> index :
        List.of(elements, variables, userTasks, jobs, incidents, messageSubscriptions)) {
      index.removeWhere(INSTANCE, instance);
    }
  }

  /**
   * The ended instances are in {@link EndedInstances} now: they leave the heap, and the store's
   * next save takes them out of its file. The engine writes an instance's records before the one
   * that ends it, but for the confirmation of a waiting message subscription's deletion, which the
   * end itself anticipates ({@link MessageSubscription#endedWithItsInstance}); a record that comes
   * after they were read is not shown.
   */
  void moved(List<HistoryStore.SavedInstance> saved) {
    Set<Long> keys = new HashSet<>();
    for (HistoryStore.SavedInstance instance : saved) {
      if (toMove.remove(instance.key())) { // else dropped meanwhile
        keys.add(instance.key());
        instances.remove(instance.key());
        processInstances.remove(instance.key());
        removeItems(instance.key());
        unsaved.ended.remove(instance.key());
        unsaved.dropped.add(instance.key());
      }
    }
    ended.removeIf(instance -> keys.contains(instance.key()));
  }

  // ---- an instance's items, wherever they are

  /**
   * The values an ended instance's items have in the indexed fields, each as one code of its kind,
   * field and value ({@link #posting}): what {@link EndedInstances} finds it by when a search names
   * no instance.
   */
  static long[] postings(HistoryStore.SavedInstance saved) {
    var codes = new HashSet<Long>();
    post(codes, "elements", ELEMENT_FIELDS, saved.elements());
    post(codes, "variables", VARIABLE_FIELDS, saved.variables());
    post(codes, "userTasks", USER_TASK_FIELDS, saved.userTasks());
    post(codes, "jobs", JOB_FIELDS, saved.jobs());
    post(codes, "incidents", INCIDENT_FIELDS, saved.incidents());
    post(codes, "messageSubscriptions", MESSAGE_SUBSCRIPTION_FIELDS, saved.messageSubscriptions());
    return codes.stream().mapToLong(Long::longValue).toArray();
  }

  private static <T> void post(
      Set<Long> codes, String kind, Map<String, Function<T, String>> fields, List<T> items) {
    if (items == null) {
      return; // none in a history kept before they were
    }
    for (T item : items) {
      fields.forEach(
          (field, value) -> {
            String text = value.apply(item);
            if (text != null && !field.equals(INSTANCE)) {
              codes.add(posting(kind, field, text));
            }
          });
    }
  }

  /**
   * One code of a kind of item, a field and a value: two that differ may share it, which finds an
   * instance the filter then leaves out, never misses one.
   */
  static long posting(String kind, String field, String value) {
    return (long) (kind + '.' + field).hashCode() << 32 | value.hashCode() & 0xffffffffL;
  }

  /** Whether the instance ended and left the heap. */
  boolean movedOut(long instanceKey) {
    return !instances.containsKey(instanceKey) && moved != null && moved.contains(instanceKey);
  }

  /** The instance's own record, from the heap or from {@link EndedInstances}. */
  ProcessInstance instance(long instanceKey) {
    ProcessInstance instance = processInstances.get(instanceKey);
    return instance != null || moved == null ? instance : moved.instance(instanceKey).orElse(null);
  }

  /**
   * The instances that have, for each indexed field named, one of its values, by key: those in the
   * heap and those in {@link EndedInstances}, the latter each read when it is asked for.
   */
  List<ProcessInstance> processInstancesMatching(Map<String, Set<String>> wanted) {
    List<ProcessInstance> inHeap = processInstances.matching(wanted);
    if (moved == null) {
      return inHeap;
    }
    long[] movedKeys = moved.keysMatching(wanted);
    if (movedKeys.length == 0) {
      return inHeap;
    }
    return KeyOrder.merge(inHeap, ProcessInstance::key, movedKeys, moved::instances);
  }

  /** The keys of the instances whose own scope has the variable with the value. */
  Set<Long> instancesWithVariable(String name, String value) {
    Set<Long> keys = new TreeSet<>();
    for (Variable variable : variables.where("name", name)) {
      if (variable.scopeKey() == variable.processInstanceKey() && variable.value().equals(value)) {
        keys.add(variable.processInstanceKey());
      }
    }
    if (moved != null) {
      for (long key : moved.keysWithVariable(name, value)) {
        keys.add(key);
      }
    }
    return keys;
  }

  /** The items of one kind of the instance, by key: from the heap, or from where it moved. */
  <T> List<T> itemsOf(
      HistoryIndex<T> index,
      Function<HistoryStore.SavedInstance, List<T>> ofInstance,
      long instanceKey) {
    if (instances.containsKey(instanceKey) || moved == null) {
      return index.where(INSTANCE, Long.toString(instanceKey));
    }
    return movedDetails(instanceKey).map(ofInstance).orElse(List.of());
  }

  /** The ended instance's details from {@link EndedInstances}, if they are there. */
  Optional<HistoryStore.SavedInstance> movedDetails(long instanceKey) {
    return moved == null || instances.containsKey(instanceKey)
        ? Optional.empty()
        : moved.details(instanceKey);
  }

  /**
   * The items of one kind that have, for each indexed field named, one of its values, by key: those
   * in the heap from the index, and those of the instances that moved out, only the instances named
   * when the filter names instances, else every one, one at a time.
   */
  <T> List<T> matching(
      HistoryIndex<T> index,
      Function<HistoryStore.SavedInstance, List<T>> ofInstance,
      Map<String, Set<String>> wanted) {
    List<T> found = new ArrayList<>(index.matching(wanted));
    if (moved == null) {
      return found;
    }
    Set<String> instanceKeys = wanted.get(INSTANCE);
    Consumer<HistoryStore.SavedInstance> add =
        saved -> {
          if (!instances.containsKey(saved.key())) { // a copy a crash left in both: the heap's
            ofInstance.apply(saved).stream()
                .filter(item -> index.matches(item, wanted))
                .forEach(found::add);
          }
        };
    if (instanceKeys == null) {
      List<Set<Long>> postings = postingsOf(index, wanted);
      if (postings.isEmpty()) {
        moved.eachDetails(add);
      } else {
        moved.details(moved.keysWithPostings(postings)).forEach(add);
      }
    } else {
      moved
          .details(
              instanceKeys.stream().map(HistoryState::parseKey).filter(Objects::nonNull).toList())
          .forEach(add);
    }
    found.sort(Comparator.comparingLong(index::keyOf));
    return found;
  }

  /**
   * For each indexed field the filter names, the codes of its values ({@link #posting}); empty when
   * it names none, and every ended instance is read.
   */
  private static List<Set<Long>> postingsOf(
      HistoryIndex<?> index, Map<String, Set<String>> wanted) {
    var postings = new ArrayList<Set<Long>>();
    wanted.forEach(
        (field, values) -> {
          if (index.fields().contains(field)) {
            var codes = new HashSet<Long>();
            values.forEach(value -> codes.add(posting(index.kind(), field, value)));
            postings.add(codes);
          }
        });
    return postings;
  }

  /** Reads every instance that moved out, one at a time. */
  void eachMoved(Consumer<HistoryStore.SavedInstance> action) {
    if (moved != null) {
      moved.eachDetails(
          saved -> {
            if (!instances.containsKey(saved.key())) {
              action.accept(saved);
            }
          });
    }
  }

  /** The item with the key, from the heap or from its instance where it moved. */
  <T> T get(
      HistoryIndex<T> index, Function<HistoryStore.SavedInstance, List<T>> ofInstance, long key) {
    T item = index.get(key);
    if (item != null || moved == null) {
      return item;
    }
    long instanceKey = moved.instanceOfItem(key);
    if (instanceKey < 0) {
      return null;
    }
    return itemsOf(index, ofInstance, instanceKey).stream()
        .filter(movedItem -> index.keyOf(movedItem) == key)
        .findFirst()
        .orElse(null);
  }

  private static Long parseKey(String key) {
    try {
      return Long.parseLong(key);
    } catch (NumberFormatException e) {
      return null;
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
      if (records.instance != null && records.instance.state() != InstanceState.ACTIVE) {
        toMove.add(instance.key());
      }
    }
    ended.addAll(saved.ended());
    if (saved.usage() != null) { // none in a history kept before usage was
      saved.usage().forEach(bucket -> usage.put(bucket.key(), bucket));
    }
  }
}
