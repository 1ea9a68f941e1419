package io.mediaflow.app.engine.history;

import io.camunda.zeebe.protocol.record.Record;
import io.camunda.zeebe.protocol.record.RecordType;
import io.camunda.zeebe.protocol.record.ValueType;
import io.camunda.zeebe.protocol.record.intent.DecisionEvaluationIntent;
import io.camunda.zeebe.protocol.record.intent.DecisionIntent;
import io.camunda.zeebe.protocol.record.intent.DecisionRequirementsIntent;
import io.camunda.zeebe.protocol.record.value.DecisionEvaluationRecordValue;
import io.camunda.zeebe.protocol.record.value.EvaluatedDecisionValue;
import io.camunda.zeebe.protocol.record.value.TenantOwned;
import io.camunda.zeebe.protocol.record.value.deployment.DecisionRecordValue;
import io.camunda.zeebe.protocol.record.value.deployment.DecisionRequirementsRecordValue;
import io.mediaflow.app.engine.EngineRecordFeed;
import io.mediaflow.app.engine.clock.EngineClock;
import java.time.Instant;
import java.time.InstantSource;
import java.util.AbstractList;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Deque;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import java.util.function.Supplier;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.stereotype.Component;

/**
 * What the engine's records say about decisions, as the REST API shows them: the deployed decision
 * definitions and decision requirements (with their DMN), and the decision instances, one per
 * decision each evaluation evaluated (a business rule task's or a direct evaluation's). Fed once
 * per record by {@link EngineRecordFeed}, beside {@link ProcessHistory}; every read first catches
 * the feed up.
 *
 * <p>Evaluations are kept as long as ended process instances ({@link HistoryProperties#retention}):
 * in the heap until the next save, then on disk ({@link EndedInstances}). The definitions are kept
 * beside the engine's log with the process history, in {@link HistoryStore}: {@link
 * ProcessHistory#keep} saves what changed here since its last save.
 */
@Component
public class DecisionHistory implements EngineRecordFeed.Subscriber {

  /** A deployed decision. */
  public record DecisionDefinition(
      long key,
      String decisionId,
      String name,
      int version,
      String requirementsId,
      long requirementsKey,
      String tenantId) {}

  /** A deployed DRG: the DMN resource its decisions came from. */
  public record DecisionRequirements(
      long key,
      String requirementsId,
      String name,
      int version,
      String resourceName,
      String tenantId,
      byte[] resource) {}

  /** One decision of one evaluation; its key is the evaluation's key and its place in it. */
  public record DecisionInstance(
      String key,
      long evaluationKey,
      boolean failed,
      String failureMessage,
      Instant evaluationDate,
      long decisionKey,
      String decisionId,
      String decisionName,
      int decisionVersion,
      String decisionType,
      String output,
      String tenantId,
      long processDefinitionKey,
      long processInstanceKey,
      long elementInstanceKey,
      List<Input> inputs,
      List<Rule> matchedRules) {}

  public record Input(String id, String name, String value) {}

  public record Rule(String id, int index, List<Output> outputs) {}

  public record Output(String id, String name, String value) {}

  /**
   * The fields a decision instance search narrows by ahead of its filter, with their values as its
   * results show them.
   */
  static final Map<String, Function<DecisionInstance, String>> FIELDS =
      Map.of(
          "decisionEvaluationInstanceKey",
          DecisionInstance::key,
          "state",
          instance -> instance.failed() ? "FAILED" : "EVALUATED",
          "decisionDefinitionKey",
          instance -> Long.toString(instance.decisionKey()),
          "decisionDefinitionId",
          DecisionInstance::decisionId,
          "processInstanceKey",
          instance -> Long.toString(instance.processInstanceKey()),
          "tenantId",
          instance ->
              instance.tenantId() == null || instance.tenantId().isEmpty()
                  ? TenantOwned.DEFAULT_TENANT_IDENTIFIER
                  : instance.tenantId());

  /** The date field a decision instance search narrows to a range and orders by ahead of it. */
  static final String EVALUATION_DATE = "evaluationDate";

  private final EngineRecordFeed feed;
  private final HistoryProperties limits;

  /** The engine's clock, on which the evaluations are dated and the retention is counted. */
  private final InstantSource clock;

  private final Map<Long, DecisionDefinition> definitions = new LinkedHashMap<>();
  private final Map<Long, DecisionRequirements> requirements = new LinkedHashMap<>();

  /** The decision instances evaluated since the last save. */
  private final Map<String, DecisionInstance> instances = new LinkedHashMap<>();

  /** Where the decision instances go at a save; none where a test keeps nothing. */
  private final Optional<EndedInstances> moved;

  /** The evaluations in the heap, oldest first, each with the keys of its decision instances. */
  private final Deque<List<String>> evaluations = new ArrayDeque<>();

  /** What changed since the store last kept it. */
  private Unsaved unsaved = new Unsaved();

  private static final class Unsaved {
    final Set<Long> definitions = new LinkedHashSet<>();
    final Set<Long> requirements = new LinkedHashSet<>();
    final Set<String> instances = new LinkedHashSet<>();
    final List<Long> deletedDefinitions = new ArrayList<>();
    final List<Long> deletedRequirements = new ArrayList<>();
    final List<String> droppedInstances = new ArrayList<>();
  }

  @Autowired
  DecisionHistory(
      EngineRecordFeed feed,
      HistoryProperties limits,
      Optional<HistoryStore> store,
      EngineClock clock) {
    this(feed, limits, store, (InstantSource) clock);
  }

  DecisionHistory(
      EngineRecordFeed feed,
      HistoryProperties limits,
      Optional<HistoryStore> store,
      InstantSource clock) {
    this.feed = feed;
    this.limits = limits;
    this.clock = clock;
    this.moved = store.map(HistoryStore::ended);
    feed.subscribe(
        () ->
            store
                .flatMap(HistoryStore::loaded)
                .map(HistoryStore.Saved::decisions)
                .ifPresent(this::restore),
        this);
  }

  private synchronized void restore(HistoryStore.SavedDecisions saved) {
    saved.definitions().forEach(definition -> definitions.put(definition.key(), definition));
    saved.requirements().forEach(drg -> requirements.put(drg.key(), drg));
    var byEvaluation = new LinkedHashMap<Long, List<String>>();
    for (DecisionInstance instance : saved.instances()) {
      instances.put(instance.key(), instance);
      byEvaluation
          .computeIfAbsent(instance.evaluationKey(), k -> new ArrayList<>())
          .add(instance.key());
    }
    evaluations.addAll(byEvaluation.values());
  }

  // ---- kept by ProcessHistory#keep, with the process history as of the same record

  /** Everything held, for a store written whole. */
  synchronized HistoryStore.SavedDecisions whole() {
    unsaved = new Unsaved();
    return HistoryStore.SavedDecisions.whole(
        definitions.values(), requirements.values(), instances.values());
  }

  /** What changed since the last {@link #whole} or {@link #changes}. */
  synchronized HistoryStore.SavedDecisions changes() {
    Unsaved changed = unsaved;
    unsaved = new Unsaved();
    return new HistoryStore.SavedDecisions(
        changed.definitions.stream().map(definitions::get).filter(Objects::nonNull).toList(),
        changed.requirements.stream().map(requirements::get).filter(Objects::nonNull).toList(),
        changed.instances.stream().map(instances::get).filter(Objects::nonNull).toList(),
        List.copyOf(changed.deletedDefinitions),
        List.copyOf(changed.deletedRequirements),
        List.copyOf(changed.droppedInstances));
  }

  /** The decision instances to move to {@link EndedInstances}: all the heap holds. */
  synchronized List<DecisionInstance> toMove() {
    return List.copyOf(instances.values());
  }

  /**
   * The decision instances are in {@link EndedInstances} now: they leave the heap, and the store's
   * next save takes them out of its file.
   */
  synchronized void moved(List<DecisionInstance> kept) {
    Set<String> keys = new HashSet<>();
    for (DecisionInstance instance : kept) {
      if (instances.remove(instance.key()) != null) { // else dropped meanwhile
        keys.add(instance.key());
        unsaved.instances.remove(instance.key());
        unsaved.droppedInstances.add(instance.key());
      }
    }
    evaluations.removeIf(keys::containsAll);
  }

  public List<DecisionDefinition> definitions() {
    return read(() -> List.copyOf(definitions.values()));
  }

  public Optional<DecisionDefinition> definition(long key) {
    return read(() -> Optional.ofNullable(definitions.get(key)));
  }

  public List<DecisionRequirements> requirements() {
    return read(() -> List.copyOf(requirements.values()));
  }

  public Optional<DecisionRequirements> requirements(long key) {
    return read(() -> Optional.ofNullable(requirements.get(key)));
  }

  public List<DecisionInstance> instances() {
    return instanceLookup().matching().apply(Map.of());
  }

  /**
   * The decision instances a search selects, in the order they were evaluated (those on disk
   * first), or by {@link #EVALUATION_DATE}: narrowed by {@link #FIELDS} and by the date, in the
   * heap and through the indexes of {@link EndedInstances}, which reads only the decision instances
   * asked for of the list returned.
   */
  public Lookup<DecisionInstance> instanceLookup() {
    return new Lookup<>(
        FIELDS.keySet(),
        Set.of(EVALUATION_DATE),
        Set.of(EVALUATION_DATE),
        query -> read(() -> matching(query)));
  }

  private List<DecisionInstance> matching(Lookup.Query query) {
    dropExpired();
    Optional<Boolean> byDate = query.order().stream().findFirst().map(Lookup.Order::descending);
    Comparator<DecisionInstance> order =
        byDate
            .map(
                descending ->
                    descending
                        ? Comparator.comparing(DecisionInstance::evaluationDate).reversed()
                        : Comparator.comparing(DecisionInstance::evaluationDate))
            .orElse((a, b) -> 0);
    List<DecisionInstance> inHeap =
        instances.values().stream()
            .filter(instance -> selects(query, instance))
            .sorted(order)
            .toList();
    if (moved.isEmpty()) {
      return inHeap;
    }
    EndedInstances kept = moved.get();
    EndedInstances.DecisionRows onDisk =
        kept.decisionsMatching(query, inHeap.stream().map(DecisionInstance::key).toList());
    return merged(onDisk, inHeap, byDate, kept);
  }

  private static boolean selects(Lookup.Query query, DecisionInstance instance) {
    Lookup.DateRange dates = query.dates().get(EVALUATION_DATE);
    return HistoryIndex.matches(FIELDS, instance, query.values())
        && (dates == null || dates.contains(instance.evaluationDate()));
  }

  /**
   * The rows on disk and the instances in the heap as one list, those on disk first, or by date
   * ({@code descending} or not) with those on disk first where the dates are the same, as a stable
   * sort of both leaves them; a row on disk is read when its place is asked for.
   */
  private static List<DecisionInstance> merged(
      EndedInstances.DecisionRows onDisk,
      List<DecisionInstance> inHeap,
      Optional<Boolean> byDate,
      EndedInstances kept) {
    long[] rows = onDisk.rowIds();
    // Each place of the merged list: a heap instance's index, or -1 - the row's index.
    int[] places = new int[inHeap.size() + rows.length];
    int heap = 0;
    int disk = 0;
    for (int place = 0; place < places.length; place++) {
      boolean diskNext = disk < rows.length;
      if (diskNext && heap < inHeap.size() && byDate.isPresent()) {
        long diskDate = onDisk.dates()[disk];
        long heapDate = inHeap.get(heap).evaluationDate().toEpochMilli();
        diskNext = byDate.get() ? diskDate >= heapDate : diskDate <= heapDate;
      }
      places[place] = diskNext ? -1 - disk++ : heap++;
    }
    return new AbstractList<>() {
      @Override
      public DecisionInstance get(int index) {
        int at = places[index];
        return at >= 0 ? inHeap.get(at) : kept.decisionAt(rows[-1 - at]);
      }

      @Override
      public int size() {
        return places.length;
      }
    };
  }

  public Optional<DecisionInstance> instance(String key) {
    return read(
        () ->
            Optional.ofNullable(instances.get(key))
                .or(() -> moved.flatMap(kept -> kept.decision(key))));
  }

  private <T> T read(Supplier<T> query) {
    feed.catchUp();
    synchronized (this) {
      return query.get();
    }
  }

  @Override
  public synchronized void accept(Record<?> record) {
    if (record.getRecordType() != RecordType.EVENT) {
      return;
    }
    if (record.getValueType() == ValueType.DECISION) {
      var decision = (DecisionRecordValue) record.getValue();
      if (record.getIntent() == DecisionIntent.CREATED) {
        definitions.put(
            decision.getDecisionKey(),
            new DecisionDefinition(
                decision.getDecisionKey(),
                decision.getDecisionId(),
                decision.getDecisionName(),
                decision.getVersion(),
                decision.getDecisionRequirementsId(),
                decision.getDecisionRequirementsKey(),
                decision.getTenantId()));
        unsaved.definitions.add(decision.getDecisionKey());
      } else if (record.getIntent() == DecisionIntent.DELETED) {
        definitions.remove(decision.getDecisionKey());
        unsaved.deletedDefinitions.add(decision.getDecisionKey());
      }
    } else if (record.getValueType() == ValueType.DECISION_REQUIREMENTS) {
      var drg = (DecisionRequirementsRecordValue) record.getValue();
      if (record.getIntent() == DecisionRequirementsIntent.CREATED) {
        requirements.put(
            drg.getDecisionRequirementsKey(),
            new DecisionRequirements(
                drg.getDecisionRequirementsKey(),
                drg.getDecisionRequirementsId(),
                drg.getDecisionRequirementsName(),
                drg.getDecisionRequirementsVersion(),
                drg.getResourceName(),
                drg.getTenantId(),
                drg.getResource()));
        unsaved.requirements.add(drg.getDecisionRequirementsKey());
      } else if (record.getIntent() == DecisionRequirementsIntent.DELETED) {
        requirements.remove(drg.getDecisionRequirementsKey());
        unsaved.deletedRequirements.add(drg.getDecisionRequirementsKey());
      }
    } else if (record.getValueType() == ValueType.DECISION_EVALUATION
        && (record.getIntent() == DecisionEvaluationIntent.EVALUATED
            || record.getIntent() == DecisionEvaluationIntent.FAILED)) {
      evaluated(record.getKey(), Instant.ofEpochMilli(record.getTimestamp()), record);
    }
  }

  /**
   * Each decision the evaluation evaluated is a decision instance; in a failed evaluation the one
   * that failed carries the failure, as Camunda's exporters record it.
   */
  private void evaluated(long key, Instant at, Record<?> record) {
    var evaluation = (DecisionEvaluationRecordValue) record.getValue();
    boolean failed = record.getIntent() == DecisionEvaluationIntent.FAILED;
    List<EvaluatedDecisionValue> decisions = evaluation.getEvaluatedDecisions();
    var keys = new ArrayList<String>();
    for (int i = 0; i < decisions.size(); i++) {
      EvaluatedDecisionValue decision = decisions.get(i);
      boolean thisFailed =
          failed && decision.getDecisionId().equals(evaluation.getFailedDecisionId());
      String instanceKey =
          decision.getDecisionEvaluationInstanceKey() == null
                  || decision.getDecisionEvaluationInstanceKey().isEmpty()
              ? key + "-" + (i + 1)
              : decision.getDecisionEvaluationInstanceKey();
      instances.put(
          instanceKey,
          new DecisionInstance(
              instanceKey,
              key,
              thisFailed,
              thisFailed ? evaluation.getEvaluationFailureMessage() : null,
              at,
              decision.getDecisionKey(),
              decision.getDecisionId(),
              decision.getDecisionName(),
              decision.getDecisionVersion(),
              decision.getDecisionType(),
              decision.getDecisionOutput(),
              evaluation.getTenantId(),
              evaluation.getProcessDefinitionKey(),
              evaluation.getProcessInstanceKey(),
              evaluation.getElementInstanceKey(),
              decision.getEvaluatedInputs().stream()
                  .map(
                      input ->
                          new Input(
                              input.getInputId(), input.getInputName(), input.getInputValue()))
                  .toList(),
              decision.getMatchedRules().stream()
                  .map(
                      rule ->
                          new Rule(
                              rule.getRuleId(),
                              rule.getRuleIndex(),
                              rule.getEvaluatedOutputs().stream()
                                  .map(
                                      output ->
                                          new Output(
                                              output.getOutputId(),
                                              output.getOutputName(),
                                              output.getOutputValue()))
                                  .toList()))
                  .toList()));
      keys.add(instanceKey);
      unsaved.instances.add(instanceKey);
    }
    evaluations.addLast(keys);
    dropExpired();
  }

  private void dropFirstEvaluation() {
    for (String key : evaluations.removeFirst()) {
      instances.remove(key);
      unsaved.droppedInstances.add(key);
    }
  }

  /** Evaluations older than the history's retention, oldest first, here and on disk. */
  private void dropExpired() {
    Instant oldest = clock.instant().minus(limits.retention());
    moved.ifPresent(kept -> kept.deleteEndedBefore(oldest));
    while (!evaluations.isEmpty()) {
      List<String> first = evaluations.peekFirst();
      DecisionInstance any = first.isEmpty() ? null : instances.get(first.get(0));
      if (any != null && !any.evaluationDate().isBefore(oldest)) {
        return;
      }
      dropFirstEvaluation();
    }
  }
}
