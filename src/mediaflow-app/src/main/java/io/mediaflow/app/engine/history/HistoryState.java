package io.mediaflow.app.engine.history;

import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.UnaryOperator;
import java.util.stream.Stream;
import org.agrona.collections.Long2LongHashMap;

/**
 * What the history holds, which {@link HistoryProjection} writes from the engine's records and
 * {@link ProcessHistory} reads: definitions, forms, the instances and each kind of their items in
 * an index of its own, the ended instances in order, and what changed since the store last kept it.
 * An ended instance's items leave the heap for {@link HistoryArchive} at the store's next save
 * ({@link #archived}): its own record stays in the index of instances, which searches filter and
 * sort by, and its items are read from the archive when a search or a get needs them. Not
 * thread-safe: its users hold its monitor.
 */
final class HistoryState {
  /**
   * What changed since the store last kept the history: new deployments, the instances a record
   * touched, those whose items moved to the archive, the instances that ended (in that order) and
   * those dropped.
   */
  static final class Unsaved {
    final List<ProcessDefinition> definitions = new ArrayList<>();
    final List<FormDefinition> forms = new ArrayList<>();
    final Set<Long> instances = new LinkedHashSet<>();
    final List<HistoryStore.ArchivedInstance> archived = new ArrayList<>();
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

  /** The ended instances whose items are still here, the earliest first: the archive's next. */
  final Set<Long> toArchive = new LinkedHashSet<>();

  /** The ended instances whose items are in the archive. */
  final Map<Long, HistoryStore.ArchivedInstance> archived = new HashMap<>();

  /** The archived instance of each archived item's key, for a get by the item's key. */
  private final Long2LongHashMap archivedItems = new Long2LongHashMap(-1);

  /** Where the archived items are; none where a test keeps nothing, and nothing is archived. */
  private final HistoryArchive archive;

  /** What changed since the store last kept the history. */
  Unsaved unsaved = new Unsaved();

  /** The position of the last record read. */
  long position = -1;

  HistoryState(HistoryArchive archive) {
    this.archive = archive;
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

  /** Drops the instances that ended before {@code oldest}, with everything recorded about them. */
  void dropEnded(Instant oldest) {
    while (!ended.isEmpty() && ended.peekFirst().endDate().isBefore(oldest)) {
      drop(ended.removeFirst().key());
    }
  }

  /** Drops the instance {@code key} with everything recorded about it. */
  private void drop(long key) {
    instances.remove(key);
    toArchive.remove(key);
    unsaved.dropped.add(key);
    processInstances.remove(key);
    HistoryStore.ArchivedInstance archivedInstance = archived.remove(key);
    if (archivedInstance != null) {
      for (long item : archivedInstance.items()) {
        archivedItems.remove(item);
      }
    }
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
   * The ended instance's items are in the archive at {@code at} now: they leave the heap, its own
   * record stays. The engine writes an instance's records before the one that ends it, but for the
   * confirmation of a waiting message subscription's deletion, which the end itself anticipates
   * ({@link MessageSubscription#endedWithItsInstance}); a record that comes after {@code saved} was
   * read is not shown.
   */
  void archived(HistoryStore.SavedInstance saved, HistoryArchive.Location at) {
    long key = saved.key();
    if (!toArchive.remove(key)) {
      return; // dropped meanwhile
    }
    long[] items =
        Stream.of(saved.elements(), saved.variables(), saved.userTasks(), saved.incidents())
            .flatMap(List::stream)
            .mapToLong(HistoryState::keyOf)
            .toArray();
    var archivedInstance = new HistoryStore.ArchivedInstance(processInstances.get(key), at, items);
    instances.remove(key);
    removeItems(key);
    addArchived(archivedInstance);
    unsaved.archived.add(archivedInstance);
  }

  private void addArchived(HistoryStore.ArchivedInstance archivedInstance) {
    long key = archivedInstance.instance().key();
    processInstances.put(archivedInstance.instance());
    archived.put(key, archivedInstance);
    for (long item : archivedInstance.items()) {
      archivedItems.put(item, key);
    }
  }

  private static long keyOf(Object item) {
    return switch (item) {
      case ElementInstance element -> element.key();
      case Variable variable -> variable.key();
      case UserTaskInstance task -> task.key();
      case Incident incident -> incident.key();
      default -> throw new IllegalArgumentException("No item of an instance: " + item);
    };
  }

  // ---- an instance's items, wherever they are

  /** The items of one kind of the instance, by key: from the heap, or from the archive. */
  <T> List<T> itemsOf(
      HistoryIndex<T> index,
      Function<HistoryStore.SavedInstance, List<T>> ofInstance,
      long instanceKey) {
    HistoryStore.ArchivedInstance archivedInstance = archived.get(instanceKey);
    return archivedInstance == null
        ? index.where(INSTANCE, Long.toString(instanceKey))
        : ofInstance.apply(archive.read(archivedInstance.at()));
  }

  /** The days of the archive's files that hold an instance kept. */
  Set<LocalDate> archivedDays() {
    var days = new HashSet<LocalDate>();
    archived.values().forEach(instance -> days.add(instance.at().day()));
    return days;
  }

  /** The ended instance's details from the archive, if they are there. */
  Optional<HistoryStore.SavedInstance> archivedDetails(long instanceKey) {
    return Optional.ofNullable(archived.get(instanceKey)).map(a -> archive.read(a.at()));
  }

  /**
   * The items of one kind that have, for each indexed field named, one of its values, by key: those
   * in the heap from the index, and those of archived instances read from the archive, only the
   * instances named when the filter names instances, else every one, one at a time.
   */
  <T> List<T> matching(
      HistoryIndex<T> index,
      Function<HistoryStore.SavedInstance, List<T>> ofInstance,
      Map<String, Set<String>> wanted) {
    List<T> found = new ArrayList<>(index.matching(wanted));
    Set<String> instanceKeys = wanted.get(INSTANCE);
    List<HistoryArchive.Location> locations =
        instanceKeys == null
            ? archived.values().stream().map(HistoryStore.ArchivedInstance::at).toList()
            : instanceKeys.stream()
                .map(HistoryState::parseKey)
                .map(archived::get)
                .filter(Objects::nonNull)
                .map(HistoryStore.ArchivedInstance::at)
                .toList();
    if (!locations.isEmpty()) {
      archive.readEach(
          locations,
          saved ->
              ofInstance.apply(saved).stream()
                  .filter(item -> index.matches(item, wanted))
                  .forEach(found::add));
      found.sort(Comparator.comparingLong(index::keyOf));
    }
    return found;
  }

  /** Reads every archived instance, one at a time. */
  void eachArchived(Consumer<HistoryStore.SavedInstance> action) {
    if (!archived.isEmpty()) {
      archive.readEach(
          archived.values().stream().map(HistoryStore.ArchivedInstance::at).toList(), action);
    }
  }

  /** The item with the key, from the heap or from its instance in the archive. */
  <T> T get(
      HistoryIndex<T> index, Function<HistoryStore.SavedInstance, List<T>> ofInstance, long key) {
    T item = index.get(key);
    long instanceKey = archivedItems.get(key);
    if (item != null || instanceKey < 0) {
      return item;
    }
    return itemsOf(index, ofInstance, instanceKey).stream()
        .filter(archivedItem -> index.keyOf(archivedItem) == key)
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
    if (saved.archived() != null) { // none in a history kept before the archive was
      saved.archived().forEach(this::addArchived);
    }
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
        toArchive.add(instance.key());
      }
    }
    ended.addAll(saved.ended());
    if (saved.usage() != null) { // none in a history kept before usage was
      saved.usage().forEach(bucket -> usage.put(bucket.key(), bucket));
    }
  }
}
