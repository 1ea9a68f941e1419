package io.mediaflow.app.engine.history;

import io.camunda.zeebe.protocol.impl.encoding.MsgPackConverter;
import io.camunda.zeebe.protocol.impl.record.CopiedRecord;
import io.camunda.zeebe.protocol.impl.record.RecordMetadata;
import io.camunda.zeebe.protocol.impl.record.UnifiedRecordValue;
import io.camunda.zeebe.protocol.impl.record.value.decision.DecisionEvaluationRecord;
import io.camunda.zeebe.protocol.impl.record.value.job.JobRecord;
import io.camunda.zeebe.protocol.impl.record.value.processinstance.ProcessInstanceRecord;
import io.camunda.zeebe.protocol.impl.record.value.variable.VariableRecord;
import io.camunda.zeebe.protocol.record.Record;
import io.camunda.zeebe.protocol.record.RecordType;
import io.camunda.zeebe.protocol.record.ValueType;
import io.camunda.zeebe.protocol.record.intent.DecisionEvaluationIntent;
import io.camunda.zeebe.protocol.record.intent.Intent;
import io.camunda.zeebe.protocol.record.intent.JobIntent;
import io.camunda.zeebe.protocol.record.intent.ProcessInstanceIntent;
import io.camunda.zeebe.protocol.record.intent.VariableIntent;
import io.camunda.zeebe.protocol.record.value.BpmnElementType;
import io.mediaflow.app.engine.EngineRecordFeed;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.agrona.concurrent.UnsafeBuffer;

/**
 * A {@link ProcessHistory} and its {@link DecisionHistory} fed with records as the engine writes
 * them, without an engine, for the tests and benchmarks of other packages: instances of one process
 * with one user task each, every instance's records under keys of its own ({@code key}, then {@code
 * key + 1} to {@code key + 3}), and evaluations of a decision.
 */
public final class HistoryFixture {

  private final List<Record<?>> records = new ArrayList<>();
  private int read;

  /** The position of the last record made: the log's, which forgetting what was read keeps. */
  private long position;

  private final ProcessHistory history;
  private final DecisionHistory decisions;
  private final Instant now = Instant.now();

  public HistoryFixture() {
    this(Optional.empty());
  }

  /** Over a store, for the store's own benchmark. */
  HistoryFixture(Optional<HistoryStore> store) {
    EngineRecordFeed.RecordSource source =
        action -> {
          while (read < records.size()) {
            action.accept(records.get(read++));
          }
        };
    var feed = new EngineRecordFeed(source);
    var limits = new HistoryProperties(Duration.ofDays(1));
    decisions = new DecisionHistory(feed, limits, store, Clock.systemUTC());
    history = new ProcessHistory(feed, limits, store, Optional.of(decisions), Clock.systemUTC());
  }

  /**
   * Over a store in {@code folder}, as the durable engine's history is: what a restart over the
   * same folder reads back (no record is read again).
   */
  public static HistoryFixture keptIn(Path folder) {
    return new HistoryFixture(Optional.of(new HistoryStore(folder)));
  }

  /**
   * A connection of its own to the database where a history kept in {@code folder} keeps its ended
   * instances ({@link EndedInstances}), for a test to see what is read there.
   */
  public static Connection database(Path folder) throws SQLException {
    return DriverManager.getConnection(
        "jdbc:h2:file:" + folder.resolve(EndedInstances.DATABASE).toAbsolutePath(), "sa", "");
  }

  public ProcessHistory history() {
    return history;
  }

  public DecisionHistory decisions() {
    return decisions;
  }

  /** Has the history read the records, and forgets them, as the engine's feed does. */
  public void catchUp() {
    history.processInstance(0);
    forgetRead();
  }

  /**
   * Keeps what the history read, as the engine has it do after each snapshot, and forgets the
   * records, as the engine's feed does.
   */
  public void keep() {
    history.keep();
    forgetRead();
  }

  /** Forgets the records the history read, as the engine's feed does: for a measure of its heap. */
  private void forgetRead() {
    records.subList(0, read).clear();
    read = 0;
  }

  /**
   * An instance that waits at its task, with a variable; {@code completed}: whose task was
   * completed since.
   */
  public void instance(long key, String processId, boolean completed) {
    element(
        key,
        key,
        processId,
        "process",
        BpmnElementType.PROCESS,
        ProcessInstanceIntent.ELEMENT_ACTIVATING);
    element(
        key,
        key + 1,
        processId,
        "Review",
        BpmnElementType.USER_TASK,
        ProcessInstanceIntent.ELEMENT_ACTIVATING);
    var job =
        new JobRecord()
            .setType(JobBasedUserTasks.JOB_TYPE)
            .setProcessInstanceKey(key)
            .setElementInstanceKey(key + 1)
            .setElementId("Review")
            .setBpmnProcessId(processId);
    add(key + 2, ValueType.JOB, JobIntent.CREATED, job);
    var variable =
        new VariableRecord()
            .setProcessInstanceKey(key)
            .setScopeKey(key)
            .setName(new UnsafeBuffer("source".getBytes()))
            .setValue(
                new UnsafeBuffer(MsgPackConverter.convertToMsgPack("\"in-" + key + ".mp4\"")));
    add(key + 3, ValueType.VARIABLE, VariableIntent.CREATED, variable);
    if (completed) {
      add(key + 2, ValueType.JOB, JobIntent.COMPLETED, job);
      element(
          key,
          key + 1,
          processId,
          "Review",
          BpmnElementType.USER_TASK,
          ProcessInstanceIntent.ELEMENT_COMPLETED);
      element(
          key,
          key,
          processId,
          "process",
          BpmnElementType.PROCESS,
          ProcessInstanceIntent.ELEMENT_COMPLETED);
    }
  }

  /**
   * An evaluation of one decision, {@code decisionId} (version 1, key 500), by a business rule task
   * of {@code processInstanceKey}, {@code ago} before the fixture was made: its decision instance's
   * key is {@code key + "-1"}.
   */
  public void evaluation(long key, long processInstanceKey, String decisionId, Duration ago) {
    var evaluation =
        new DecisionEvaluationRecord()
            .setDecisionKey(500)
            .setDecisionId(decisionId)
            .setProcessInstanceKey(processInstanceKey)
            .setProcessDefinitionKey(100)
            .setElementInstanceKey(processInstanceKey + 1);
    evaluation
        .evaluatedDecisions()
        .add()
        .setDecisionKey(500)
        .setDecisionId(decisionId)
        .setDecisionName(decisionId)
        .setDecisionVersion(1)
        .setDecisionType("DECISION_TABLE")
        .setDecisionOutput(new UnsafeBuffer(MsgPackConverter.convertToMsgPack("\"hd\"")));
    add(
        key,
        ValueType.DECISION_EVALUATION,
        DecisionEvaluationIntent.EVALUATED,
        evaluation,
        now.minus(ago));
  }

  private void element(
      long instance,
      long key,
      String processId,
      String elementId,
      BpmnElementType type,
      ProcessInstanceIntent intent) {
    var value =
        new ProcessInstanceRecord()
            .setProcessInstanceKey(instance)
            .setFlowScopeKey(key == instance ? -1 : instance)
            .setElementId(elementId)
            .setBpmnElementType(type)
            .setBpmnProcessId(processId)
            .setProcessDefinitionKey(100);
    add(key, ValueType.PROCESS_INSTANCE, intent, value);
  }

  private void add(long key, ValueType type, Intent intent, UnifiedRecordValue value) {
    add(key, type, intent, value, now);
  }

  private void add(
      long key, ValueType type, Intent intent, UnifiedRecordValue value, Instant timestamp) {
    var metadata = new RecordMetadata().recordType(RecordType.EVENT).valueType(type).intent(intent);
    records.add(
        new CopiedRecord<>(value, metadata, key, 1, ++position, -1, timestamp.toEpochMilli()));
  }
}
