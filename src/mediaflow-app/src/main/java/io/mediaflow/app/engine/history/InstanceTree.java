package io.mediaflow.app.engine.history;

import io.camunda.zeebe.protocol.record.value.BpmnElementType;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collection;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * The process instances call activities tie together, read as Camunda reads an instance's tree path
 * ({@code PI_1/FN_call/FNI_2/PI_3}): the instances called beneath one, the chain of callers above
 * it, and the element instances an active incident lies beneath (its own element, the scopes around
 * it and, in each caller, the call activity that called it), which Camunda's element statistics
 * count as incidents. Reads {@link HistoryState} under its monitor.
 */
final class InstanceTree {

  /** Camunda keeps no element instance of a process, and counts a multi-instance body's inner. */
  private static final Set<BpmnElementType> NOT_COUNTED =
      EnumSet.of(BpmnElementType.PROCESS, BpmnElementType.MULTI_INSTANCE_BODY);

  private static final int ACTIVE = 0;
  private static final int CANCELED = 1;
  private static final int INCIDENTS = 2;
  private static final int COMPLETED = 3;

  private InstanceTree() {}

  /** The instance and every instance called beneath it, however deep. */
  static List<Long> withCalled(HistoryState state, long processInstanceKey) {
    var keys = new ArrayList<Long>();
    var next = new ArrayDeque<Long>(List.of(processInstanceKey));
    while (!next.isEmpty()) {
      long key = next.removeFirst();
      keys.add(key);
      state
          .processInstancesMatching(Map.of(HistoryState.PARENT, Set.of(Long.toString(key))))
          .forEach(called -> next.add(called.key()));
    }
    return keys;
  }

  /** The instance and the instances that called it, the root first; empty when it is not known. */
  static List<ProcessInstance> callers(HistoryState state, long processInstanceKey) {
    var chain = new ArrayDeque<ProcessInstance>();
    for (ProcessInstance instance = state.instance(processInstanceKey);
        instance != null;
        instance = state.instance(instance.parentProcessInstanceKey())) {
      chain.addFirst(instance);
    }
    return List.copyOf(chain);
  }

  /** Per element of the instance, how many of its element instances are in each state. */
  static List<ElementStatistics> ofElementInstances(HistoryState state, long processInstanceKey) {
    Set<Long> underIncident = underIncidents(state);
    var counts = new TreeMap<String, long[]>();
    for (ElementInstance element : counted(state, processInstanceKey)) {
      long[] count = counts.computeIfAbsent(element.elementId(), id -> new long[4]);
      count[category(element, underIncident)]++;
    }
    return statistics(counts);
  }

  /**
   * Per element, how many of the instances have one of its element instances in each state (an
   * instance counts once per state, however often it passed the element), as Camunda counts a
   * process definition's elements.
   */
  static List<ElementStatistics> ofProcessInstances(
      HistoryState state, Collection<Long> processInstanceKeys) {
    Set<Long> underIncident = underIncidents(state);
    var counts = new TreeMap<String, long[]>();
    for (long key : processInstanceKeys) {
      Map<String, boolean[]> seen = new HashMap<>();
      for (ElementInstance element : counted(state, key)) {
        boolean[] states = seen.computeIfAbsent(element.elementId(), id -> new boolean[4]);
        states[category(element, underIncident)] = true;
      }
      seen.forEach(
          (elementId, states) -> {
            long[] count = counts.computeIfAbsent(elementId, id -> new long[4]);
            for (int i = 0; i < states.length; i++) {
              count[i] += states[i] ? 1 : 0;
            }
          });
    }
    return statistics(counts);
  }

  private static List<ElementInstance> counted(HistoryState state, long processInstanceKey) {
    return state
        .itemsOf(state.elements, HistoryStore.SavedInstance::elements, processInstanceKey)
        .stream()
        .filter(element -> !NOT_COUNTED.contains(element.type()))
        .toList();
  }

  private static int category(ElementInstance element, Set<Long> underIncident) {
    return switch (element.state()) {
      case ACTIVE -> underIncident.contains(element.key()) ? INCIDENTS : ACTIVE;
      case TERMINATED -> CANCELED;
      case COMPLETED -> COMPLETED;
    };
  }

  private static List<ElementStatistics> statistics(Map<String, long[]> counts) {
    return counts.entrySet().stream()
        .map(
            count ->
                new ElementStatistics(
                    count.getKey(),
                    count.getValue()[ACTIVE],
                    count.getValue()[CANCELED],
                    count.getValue()[INCIDENTS],
                    count.getValue()[COMPLETED]))
        .toList();
  }

  /**
   * The element instances an active incident lies beneath: from each incident's element up through
   * its scopes to its process instance, and on from the call activity that called that instance.
   */
  private static Set<Long> underIncidents(HistoryState state) {
    Set<Long> marked = new HashSet<>();
    for (Incident incident : state.incidents.where("state", IncidentState.ACTIVE.name())) {
      long scope = incident.elementInstanceKey();
      // Once a scope is marked, so is everything above it.
      while (scope > 0 && marked.add(scope)) {
        ElementInstance element = state.elements.get(scope);
        if (element == null) {
          break;
        }
        if (element.key() == element.processInstanceKey()) {
          ProcessInstance instance = state.processInstances.get(scope);
          scope = instance == null ? -1 : instance.parentElementInstanceKey();
        } else {
          scope = element.flowScopeKey();
        }
      }
    }
    return marked;
  }
}
