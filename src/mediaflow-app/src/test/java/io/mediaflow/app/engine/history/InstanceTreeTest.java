package io.mediaflow.app.engine.history;

import static org.assertj.core.api.Assertions.assertThat;

import io.camunda.zeebe.protocol.impl.record.CopiedRecord;
import io.camunda.zeebe.protocol.impl.record.RecordMetadata;
import io.camunda.zeebe.protocol.impl.record.UnifiedRecordValue;
import io.camunda.zeebe.protocol.impl.record.value.incident.IncidentRecord;
import io.camunda.zeebe.protocol.impl.record.value.processinstance.ProcessInstanceRecord;
import io.camunda.zeebe.protocol.record.Record;
import io.camunda.zeebe.protocol.record.RecordType;
import io.camunda.zeebe.protocol.record.ValueType;
import io.camunda.zeebe.protocol.record.intent.IncidentIntent;
import io.camunda.zeebe.protocol.record.intent.Intent;
import io.camunda.zeebe.protocol.record.intent.ProcessInstanceIntent;
import io.camunda.zeebe.protocol.record.value.BpmnElementType;
import io.camunda.zeebe.protocol.record.value.ErrorType;
import io.mediaflow.app.engine.EngineRecordFeed;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The call tree as the history reads it from the engine's records, two call activities deep: a root
 * (1) whose call activity (2) called a child (10), whose call activity (11) called a grandchild
 * (20), whose task (21) has an incident (30). The root also ran a sub-process (3) around a task (4)
 * and a multi-instance task (body 5, inner instances 6 and 7).
 */
class InstanceTreeTest {

  private final List<Record<?>> records = new ArrayList<>();
  private ProcessHistory history;

  @BeforeEach
  void theTree() {
    int[] read = {0};
    history =
        new ProcessHistory(
            new EngineRecordFeed(
                action -> {
                  while (read[0] < records.size()) {
                    action.accept(records.get(read[0]++));
                  }
                }),
            new HistoryProperties(Duration.ofDays(1)),
            Optional.empty(),
            Optional.empty(),
            Clock.systemUTC());
    process(1, -1, -1);
    activated(1, 2, 1, "Call", BpmnElementType.CALL_ACTIVITY);
    activated(1, 3, 1, "Sub", BpmnElementType.SUB_PROCESS);
    activated(1, 4, 3, "Inner", BpmnElementType.SERVICE_TASK);
    ended(1, 4, "Inner", ProcessInstanceIntent.ELEMENT_COMPLETED);
    activated(1, 5, 1, "Many", BpmnElementType.MULTI_INSTANCE_BODY);
    activated(1, 6, 5, "Many", BpmnElementType.SERVICE_TASK);
    activated(1, 7, 5, "Many", BpmnElementType.SERVICE_TASK);
    ended(1, 6, "Many", ProcessInstanceIntent.ELEMENT_COMPLETED);
    ended(1, 7, "Many", ProcessInstanceIntent.ELEMENT_TERMINATED);
    process(10, 1, 2);
    activated(10, 11, 10, "CallAgain", BpmnElementType.CALL_ACTIVITY);
    process(20, 10, 11);
    activated(20, 21, 20, "Work", BpmnElementType.SERVICE_TASK);
    incident(30, 20, 21, IncidentIntent.CREATED);
  }

  @Test
  void anIncidentCountsAtEveryCallActivityAboveIt() {
    assertThat(history.elementStatistics(1))
        .containsExactly(
            new ElementStatistics("Call", 0, 0, 1, 0),
            new ElementStatistics("Inner", 0, 0, 0, 1),
            new ElementStatistics("Many", 0, 1, 0, 1), // the body is not counted, its instances are
            new ElementStatistics("Sub", 1, 0, 0, 0));
    assertThat(history.elementStatistics(10))
        .containsExactly(new ElementStatistics("CallAgain", 0, 0, 1, 0));
    assertThat(history.elementStatistics(20))
        .containsExactly(new ElementStatistics("Work", 0, 0, 1, 0));

    incident(30, 20, 21, IncidentIntent.RESOLVED);
    assertThat(history.elementStatistics(1))
        .first()
        .isEqualTo(new ElementStatistics("Call", 1, 0, 0, 0));
    assertThat(history.elementStatistics(99)).isEmpty();
  }

  @Test
  void aDefinitionCountsEachInstanceOncePerElementAndState() {
    process(40, -1, -1);
    activated(40, 41, 40, "Many", BpmnElementType.SERVICE_TASK);
    activated(40, 42, 40, "Many", BpmnElementType.SERVICE_TASK);

    assertThat(history.elementStatistics(List.of(1L, 40L)))
        .containsExactly(
            new ElementStatistics("Call", 0, 0, 1, 0),
            new ElementStatistics("Inner", 0, 0, 0, 1),
            new ElementStatistics("Many", 1, 1, 0, 1),
            new ElementStatistics("Sub", 1, 0, 0, 0));
  }

  @Test
  void theCallHierarchyAndTheIncidentsFollowTheCalls() {
    assertThat(history.callHierarchy(20))
        .extracting(ProcessInstance::key)
        .containsExactly(1L, 10L, 20L);
    assertThat(history.callHierarchy(1)).extracting(ProcessInstance::key).containsExactly(1L);
    assertThat(history.callHierarchy(99)).isEmpty();

    assertThat(history.incidentsWithCalled(1)).extracting(Incident::key).containsExactly(30L);
    assertThat(history.incidentsWithCalled(20)).extracting(Incident::key).containsExactly(30L);
    assertThat(history.incidentsWithCalled(99)).isEmpty();
  }

  @Test
  void everyCallerHasAnIncidentWhileAnInstanceCalledBeneathItHasOne() {
    assertThat(history.processInstances())
        .as("as Camunda marks each instance on the incident's tree path")
        .allSatisfy(instance -> assertThat(instance.hasIncident()).isTrue());

    incident(30, 20, 21, IncidentIntent.RESOLVED);
    assertThat(history.processInstances())
        .allSatisfy(instance -> assertThat(instance.hasIncident()).isFalse());
  }

  private void process(long key, long parent, long parentElement) {
    add(
        key,
        ValueType.PROCESS_INSTANCE,
        ProcessInstanceIntent.ELEMENT_ACTIVATING,
        element(key, -1, "process-" + key, BpmnElementType.PROCESS)
            .setParentProcessInstanceKey(parent)
            .setParentElementInstanceKey(parentElement));
  }

  private void activated(
      long instance, long key, long flowScope, String elementId, BpmnElementType type) {
    add(
        key,
        ValueType.PROCESS_INSTANCE,
        ProcessInstanceIntent.ELEMENT_ACTIVATING,
        element(instance, flowScope, elementId, type));
  }

  private void ended(long instance, long key, String elementId, ProcessInstanceIntent intent) {
    add(
        key,
        ValueType.PROCESS_INSTANCE,
        intent,
        element(instance, -1, elementId, BpmnElementType.SERVICE_TASK));
  }

  private static ProcessInstanceRecord element(
      long instance, long flowScope, String elementId, BpmnElementType type) {
    return new ProcessInstanceRecord()
        .setProcessInstanceKey(instance)
        .setFlowScopeKey(flowScope)
        .setElementId(elementId)
        .setBpmnElementType(type)
        .setBpmnProcessId("process")
        .setProcessDefinitionKey(100);
  }

  private void incident(long key, long instance, long elementInstance, IncidentIntent intent) {
    add(
        key,
        ValueType.INCIDENT,
        intent,
        new IncidentRecord()
            .setProcessInstanceKey(instance)
            .setElementInstanceKey(elementInstance)
            .setErrorType(ErrorType.JOB_NO_RETRIES)
            .setErrorMessage("no retries left"));
  }

  private void add(long key, ValueType type, Intent intent, UnifiedRecordValue value) {
    var metadata = new RecordMetadata().recordType(RecordType.EVENT).valueType(type).intent(intent);
    records.add(
        new CopiedRecord<>(
            value, metadata, key, 1, records.size() + 1, -1, System.currentTimeMillis()));
  }
}
