package io.mediaflow.app.engine.history;

import io.mediaflow.app.engine.EngineRecordFeed;
import io.mediaflow.app.engine.clock.EngineClock;
import java.time.Instant;
import java.time.InstantSource;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import java.util.function.Supplier;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.stereotype.Component;

/**
 * What the engine's records say about deployments and process instances, as the REST API and the
 * console show them: process definitions and forms, and per instance its element instances,
 * variables, user tasks, jobs and incidents, the sequence flows it took and its message
 * subscriptions (records out). Its {@link HistoryProjection} is fed once per record by {@link
 * EngineRecordFeed}; every read first catches the feed up, so it sees everything the engine has
 * acknowledged. An ended instance is kept for {@link HistoryProperties#retention}, on disk ({@link
 * EndedInstances}) from the store's next save on, where it is searched; everything else is kept
 * beside the engine's log in {@link HistoryStore}.
 */
@Component
public class ProcessHistory {

  private final EngineRecordFeed feed;

  /**
   * Where the engine's history is kept beside its log; none where a test feeds the records by hand.
   */
  private final Optional<HistoryStore> store;

  /** The decisions, kept in the same store; none where a test feeds process records alone. */
  private final Optional<DecisionHistory> decisions;

  private final HistoryProperties limits;

  /** The engine's clock, on which the records are dated and the retention is counted. */
  private final InstantSource clock;

  private final HistoryState state;

  @Autowired
  ProcessHistory(
      EngineRecordFeed feed,
      HistoryProperties limits,
      Optional<HistoryStore> store,
      DecisionHistory decisions,
      EngineClock clock) {
    this(feed, limits, store, Optional.of(decisions), clock);
  }

  ProcessHistory(
      EngineRecordFeed feed,
      HistoryProperties limits,
      Optional<HistoryStore> store,
      Optional<DecisionHistory> decisions,
      InstantSource clock) {
    this.feed = feed;
    this.store = store;
    this.decisions = decisions;
    this.limits = limits;
    this.clock = clock;
    this.state = new HistoryState(store.map(HistoryStore::ended).orElse(null));
    feed.subscribe(this::restore, new HistoryProjection(state, limits, clock));
  }

  // ---- kept beside the engine's log, which is deleted below a snapshot

  /** What the store kept, before the first record or query: the file is read meanwhile. */
  private void restore() {
    store
        .flatMap(HistoryStore::loaded)
        .ifPresent(
            saved -> {
              synchronized (state) {
                state.restore(saved);
              }
            });
  }

  /**
   * Keeps everything read so far in the store (what changed since the last time, or everything when
   * the store is due to be rewritten), the decisions as of the same record, and returns the
   * position from which on the history still needs the engine's log: the log below it may be
   * deleted. The instances that ended since the last time move to {@link EndedInstances} first (on
   * disk before the store's file says so). The store writes outside the lock, so that reads need
   * not wait for the disk; a failed write makes the store's next save a rewrite, which holds
   * everything.
   */
  long keep() {
    HistoryStore kept = store.orElseThrow();
    moveEnded(kept.ended());
    Instant oldest = clock.instant().minus(limits.retention());
    long position;
    if (kept.rewriteDue()) {
      HistoryStore.Saved whole = feed.caughtUp(() -> whole(oldest));
      kept.rewrite(whole);
      position = whole.position();
    } else {
      HistoryStore.Changes changes = feed.caughtUp(() -> changes(oldest));
      kept.append(changes);
      position = changes.position();
    }
    return position + 1;
  }

  /**
   * Writes the ended instances and the decision instances to {@link EndedInstances} (outside the
   * lock), then lets them leave the heap.
   */
  private void moveEnded(EndedInstances ended) {
    var position = new long[1];
    var evaluated = new ArrayList<DecisionHistory.DecisionInstance>();
    List<HistoryStore.SavedInstance> toMove =
        feed.caughtUp(
            () -> {
              decisions.ifPresent(history -> evaluated.addAll(history.toMove()));
              synchronized (state) {
                position[0] = state.position;
                return state.toMove.stream().map(state::saved).toList();
              }
            });
    ended.add(toMove, evaluated, position[0]);
    synchronized (state) {
      state.moved(toMove);
    }
    decisions.ifPresent(history -> history.moved(evaluated));
  }

  private HistoryStore.Saved whole(Instant oldest) {
    synchronized (state) {
      state.dropEnded(oldest);
      state.unsaved = new HistoryState.Unsaved();
      return new HistoryStore.Saved(
          state.position,
          List.copyOf(state.definitions.values()),
          List.copyOf(state.forms.values()),
          state.instances.keySet().stream().map(state::saved).toList(),
          null,
          List.copyOf(state.ended),
          List.copyOf(state.usage.values()),
          decisions.map(DecisionHistory::whole).orElse(null));
    }
  }

  private HistoryStore.Changes changes(Instant oldest) {
    synchronized (state) {
      state.dropEnded(oldest);
      HistoryState.Unsaved unsaved = state.unsaved;
      state.unsaved = new HistoryState.Unsaved();
      return new HistoryStore.Changes(
          state.position,
          List.copyOf(unsaved.definitions),
          List.copyOf(unsaved.forms),
          unsaved.instances.stream()
              .filter(state.instances::containsKey)
              .map(state::saved)
              .toList(),
          List.copyOf(unsaved.ended),
          List.copyOf(unsaved.dropped),
          unsaved.usage.stream().map(state.usage::get).toList(),
          decisions.map(DecisionHistory::changes).orElse(null));
    }
  }

  // ---- reads: each first catches the feed up, then answers from a consistent state

  public List<ProcessDefinition> processDefinitions() {
    return read(() -> List.copyOf(state.definitions.values()));
  }

  public Optional<ProcessDefinition> processDefinition(long key) {
    return read(() -> Optional.ofNullable(state.definitions.get(key)));
  }

  public Optional<FormDefinition> form(long key) {
    return read(() -> Optional.ofNullable(state.forms.get(key)));
  }

  /** The newest version of a form, as a user task or start event linked by form id gets it. */
  public Optional<FormDefinition> latestForm(String formId) {
    return read(
        () ->
            state.forms.values().stream()
                .filter(form -> form.formId().equals(formId))
                .max(Comparator.comparingInt(FormDefinition::version)));
  }

  /** The usage buckets whose minute overlaps {@code [from, to)}, of every tenant. */
  public List<UsageBucket> usage(Instant from, Instant to) {
    return read(
        () -> state.usage.values().stream().filter(bucket -> bucket.overlaps(from, to)).toList());
  }

  public List<ProcessInstance> processInstances() {
    return processInstanceLookup().matching().apply(Map.of());
  }

  public Optional<ProcessInstance> processInstance(long key) {
    return read(() -> Optional.ofNullable(state.instance(key)));
  }

  public Lookup<ProcessInstance> processInstanceLookup() {
    return new Lookup<>(
        state.processInstances.fields(),
        wanted -> read(() -> state.processInstancesMatching(wanted)));
  }

  /**
   * The keys of the instances that have, at their own scope, a variable {@code name} whose value
   * (as JSON) is {@code value}, ascending: what a search by variable narrows by first.
   */
  public Set<Long> instancesWithVariable(String name, String value) {
    return read(() -> state.instancesWithVariable(name, value));
  }

  /**
   * The ids of the sequence flows an instance took, each once; empty when the instance is not
   * known.
   */
  public List<String> sequenceFlows(long processInstanceKey) {
    return read(
        () ->
            Optional.ofNullable(state.instances.get(processInstanceKey))
                .map(records -> List.copyOf(records.sequenceFlows))
                .or(
                    () ->
                        state
                            .movedDetails(processInstanceKey)
                            .map(HistoryStore.SavedInstance::sequenceFlows))
                .orElse(List.of()));
  }

  /**
   * The instance and the instances that called it through call activities, the root first; empty
   * when the instance is not known.
   */
  public List<ProcessInstance> callHierarchy(long processInstanceKey) {
    return read(() -> InstanceTree.callers(state, processInstanceKey));
  }

  /** The incidents of the instance and of every instance called beneath it, by key. */
  public List<Incident> incidentsWithCalled(long processInstanceKey) {
    return read(
        () ->
            InstanceTree.withCalled(state, processInstanceKey).stream()
                .flatMap(
                    key ->
                        state
                            .itemsOf(state.incidents, HistoryStore.SavedInstance::incidents, key)
                            .stream())
                .sorted(Comparator.comparingLong(Incident::key))
                .toList());
  }

  /**
   * Per element of the instance, how many of its element instances are active, canceled, under an
   * incident and completed; empty when the instance is not known.
   */
  public List<ElementStatistics> elementStatistics(long processInstanceKey) {
    return read(() -> InstanceTree.ofElementInstances(state, processInstanceKey));
  }

  /** Per element, how many of the instances have one of its element instances in each state. */
  public List<ElementStatistics> elementStatistics(Collection<Long> processInstanceKeys) {
    return read(() -> InstanceTree.ofProcessInstances(state, processInstanceKeys));
  }

  public List<ElementInstance> elementInstances() {
    return all(elementInstanceLookup());
  }

  public Optional<ElementInstance> elementInstance(long key) {
    return get(state.elements, HistoryStore.SavedInstance::elements, key);
  }

  public Lookup<ElementInstance> elementInstanceLookup() {
    return lookup(state.elements, HistoryStore.SavedInstance::elements);
  }

  public List<Variable> variables() {
    return all(variableLookup());
  }

  public Optional<Variable> variable(long key) {
    return get(state.variables, HistoryStore.SavedInstance::variables, key);
  }

  public Lookup<Variable> variableLookup() {
    return lookup(state.variables, HistoryStore.SavedInstance::variables);
  }

  public List<UserTaskInstance> userTasks() {
    return all(userTaskLookup());
  }

  public Optional<UserTaskInstance> userTask(long key) {
    return get(state.userTasks, HistoryStore.SavedInstance::userTasks, key);
  }

  public Lookup<UserTaskInstance> userTaskLookup() {
    return lookup(state.userTasks, HistoryStore.SavedInstance::userTasks);
  }

  public List<Job> jobs() {
    return all(jobLookup());
  }

  public Lookup<Job> jobLookup() {
    return lookup(state.jobs, HistoryStore.SavedInstance::jobs);
  }

  public List<Incident> incidents() {
    return all(incidentLookup());
  }

  public Lookup<Incident> incidentLookup() {
    return lookup(state.incidents, HistoryStore.SavedInstance::incidents);
  }

  public List<MessageSubscription> messageSubscriptions() {
    return all(messageSubscriptionLookup());
  }

  public Lookup<MessageSubscription> messageSubscriptionLookup() {
    return lookup(state.messageSubscriptions, HistoryStore.SavedInstance::messageSubscriptions);
  }

  public List<CorrelatedMessage> correlatedMessages() {
    return read(
        () -> {
          var messages = new ArrayList<CorrelatedMessage>();
          state.instances.values().forEach(records -> messages.addAll(records.correlatedMessages));
          state.eachMoved(saved -> messages.addAll(saved.correlatedMessages()));
          return messages;
        });
  }

  public Optional<Incident> incident(long key) {
    return get(state.incidents, HistoryStore.SavedInstance::incidents, key);
  }

  /**
   * The variables an element instance sees: its own and those of every enclosing scope up to its
   * process instance, by name, the innermost winning.
   */
  public Map<String, Variable> variablesVisibleFrom(
      long processInstanceKey, long elementInstanceKey) {
    return read(
        () -> {
          Map<Long, List<Variable>> byScope = new HashMap<>();
          state
              .itemsOf(state.variables, HistoryStore.SavedInstance::variables, processInstanceKey)
              .forEach(v -> byScope.computeIfAbsent(v.scopeKey(), k -> new ArrayList<>()).add(v));
          Map<Long, ElementInstance> elements = new HashMap<>();
          state
              .itemsOf(state.elements, HistoryStore.SavedInstance::elements, processInstanceKey)
              .forEach(e -> elements.put(e.key(), e));
          var visible = new LinkedHashMap<String, Variable>();
          for (long scope = elementInstanceKey; scope > 0; ) {
            byScope.getOrDefault(scope, List.of()).forEach(v -> visible.putIfAbsent(v.name(), v));
            ElementInstance element = elements.get(scope);
            scope = element == null || scope == processInstanceKey ? -1 : element.flowScopeKey();
          }
          return visible;
        });
  }

  private <T> Optional<T> get(
      HistoryIndex<T> index, Function<HistoryStore.SavedInstance, List<T>> ofInstance, long key) {
    return read(() -> Optional.ofNullable(state.get(index, ofInstance, key)));
  }

  private <T> Lookup<T> lookup(
      HistoryIndex<T> index, Function<HistoryStore.SavedInstance, List<T>> ofInstance) {
    return new Lookup<>(
        index.fields(), wanted -> read(() -> state.matching(index, ofInstance, wanted)));
  }

  private static <T> List<T> all(Lookup<T> lookup) {
    return lookup.matching().apply(Map.of());
  }

  private <T> T read(Supplier<T> query) {
    feed.catchUp();
    synchronized (state) {
      return query.get();
    }
  }
}
