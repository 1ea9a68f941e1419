package io.mediaflow;

import io.camunda.zeebe.protocol.record.Record;
import io.camunda.zeebe.protocol.record.ValueType;
import io.camunda.zeebe.protocol.record.value.IncidentRecordValue;
import io.camunda.zeebe.protocol.record.value.JobBatchRecordValue;
import io.camunda.zeebe.protocol.record.value.JobRecordValue;
import io.camunda.zeebe.protocol.record.value.MessageRecordValue;
import io.camunda.zeebe.protocol.record.value.ProcessInstanceRecordValue;
import io.camunda.zeebe.protocol.record.value.VariableRecordValue;
import java.util.List;

/**
 * A snapshot of the engine's records, in log order, with one typed view per value type the tests
 * read: Zeebe's protocol is all they need, no test library over it.
 */
public final class EngineRecords {
  private final List<Record<?>> records;

  EngineRecords(List<Record<?>> records) {
    this.records = List.copyOf(records);
  }

  public List<Record<?>> records() {
    return records;
  }

  public List<Record<ProcessInstanceRecordValue>> processInstanceRecords() {
    return ofType(ValueType.PROCESS_INSTANCE);
  }

  public List<Record<IncidentRecordValue>> incidentRecords() {
    return ofType(ValueType.INCIDENT);
  }

  public List<Record<JobRecordValue>> jobRecords() {
    return ofType(ValueType.JOB);
  }

  public List<Record<JobBatchRecordValue>> jobBatchRecords() {
    return ofType(ValueType.JOB_BATCH);
  }

  public List<Record<MessageRecordValue>> messageRecords() {
    return ofType(ValueType.MESSAGE);
  }

  public List<Record<VariableRecordValue>> variableRecords() {
    return ofType(ValueType.VARIABLE);
  }

  // The value type decides the value's class: the records of one type all carry that type's value.
  @SuppressWarnings("unchecked")
  private <T extends io.camunda.zeebe.protocol.record.RecordValue> List<Record<T>> ofType(
      ValueType type) {
    return records.stream().filter(r -> r.getValueType() == type).map(r -> (Record<T>) r).toList();
  }
}
