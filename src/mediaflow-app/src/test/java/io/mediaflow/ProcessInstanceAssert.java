package io.mediaflow;

import static org.assertj.core.api.Assertions.assertThat;

import io.camunda.zeebe.protocol.record.Record;
import io.camunda.zeebe.protocol.record.RejectionType;
import io.camunda.zeebe.protocol.record.intent.IncidentIntent;
import io.camunda.zeebe.protocol.record.intent.ProcessInstanceIntent;
import io.camunda.zeebe.protocol.record.value.BpmnElementType;
import io.camunda.zeebe.protocol.record.value.ProcessInstanceRecordValue;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;

/**
 * Assertions on one process instance, read from a snapshot of the engine's records. An element has
 * been passed once per completion (or per sequence flow taken, for a flow's id), and the counts are
 * exact: {@code hasPassedElement(id)} means once.
 */
public final class ProcessInstanceAssert {
  private static final Set<ProcessInstanceIntent> PASSED =
      Set.of(ProcessInstanceIntent.ELEMENT_COMPLETED, ProcessInstanceIntent.SEQUENCE_FLOW_TAKEN);

  private final long key;
  private final EngineRecords records;

  ProcessInstanceAssert(long key, EngineRecords records) {
    this.key = key;
    this.records = records;
  }

  public ProcessInstanceAssert isActive() {
    assertThat(processRecords().noneMatch(r -> ended(r.getIntent())))
        .withFailMessage("Process with key %s is not active", key)
        .isTrue();
    return this;
  }

  public ProcessInstanceAssert isCompleted() {
    assertThat(
            processRecords()
                .anyMatch(r -> r.getIntent() == ProcessInstanceIntent.ELEMENT_COMPLETED))
        .withFailMessage("Process with key %s was not completed", key)
        .isTrue();
    return this;
  }

  public ProcessInstanceAssert hasPassedElement(String elementId) {
    return hasPassedElement(elementId, 1);
  }

  public ProcessInstanceAssert hasNotPassedElement(String elementId) {
    return hasPassedElement(elementId, 0);
  }

  public ProcessInstanceAssert hasPassedElement(String elementId, int times) {
    long passed = passed().filter(r -> r.getValue().getElementId().equals(elementId)).count();
    assertThat(passed)
        .withFailMessage(
            "Expected element with id %s to be passed %s times, but was %s",
            elementId, times, passed)
        .isEqualTo(times);
    return this;
  }

  /** The given elements were passed in this order, each once, whatever else passed between. */
  public ProcessInstanceAssert hasPassedElementsInOrder(String... elementIds) {
    List<String> wanted = Arrays.asList(elementIds);
    List<String> order =
        passed().map(r -> r.getValue().getElementId()).filter(wanted::contains).toList();
    assertThat(order).describedAs("Ordered elements").isEqualTo(wanted);
    return this;
  }

  public ProcessInstanceAssert hasNoIncidents() {
    boolean raised =
        records.incidentRecords().stream()
            .anyMatch(
                r ->
                    r.getIntent() == IncidentIntent.CREATED
                        && r.getRejectionType() == RejectionType.NULL_VAL
                        && r.getValue().getProcessInstanceKey() == key);
    assertThat(raised).withFailMessage("Incidents were raised for this process instance").isFalse();
    return this;
  }

  public ProcessInstanceAssert hasVariable(String name) {
    List<String> names =
        records.variableRecords().stream()
            .filter(
                r ->
                    r.getRejectionType() == RejectionType.NULL_VAL
                        && r.getValue().getProcessInstanceKey() == key)
            .map(r -> r.getValue().getName())
            .distinct()
            .toList();
    assertThat(names).describedAs("Variables of process instance %s", key).contains(name);
    return this;
  }

  private static boolean ended(io.camunda.zeebe.protocol.record.intent.Intent intent) {
    return intent == ProcessInstanceIntent.ELEMENT_COMPLETED
        || intent == ProcessInstanceIntent.ELEMENT_TERMINATED;
  }

  private Stream<Record<ProcessInstanceRecordValue>> instanceRecords() {
    return records.processInstanceRecords().stream()
        .filter(
            r ->
                r.getRejectionType() == RejectionType.NULL_VAL
                    && r.getValue().getProcessInstanceKey() == key);
  }

  private Stream<Record<ProcessInstanceRecordValue>> processRecords() {
    return instanceRecords()
        .filter(r -> r.getValue().getBpmnElementType() == BpmnElementType.PROCESS);
  }

  private Stream<Record<ProcessInstanceRecordValue>> passed() {
    return instanceRecords().filter(r -> PASSED.contains(r.getIntent()));
  }
}
