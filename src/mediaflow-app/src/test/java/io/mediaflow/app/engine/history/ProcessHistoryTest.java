package io.mediaflow.app.engine.history;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.json.JsonMapper;
import io.camunda.zeebe.protocol.impl.encoding.MsgPackConverter;
import io.camunda.zeebe.protocol.impl.record.CopiedRecord;
import io.camunda.zeebe.protocol.impl.record.RecordMetadata;
import io.camunda.zeebe.protocol.impl.record.UnifiedRecordValue;
import io.camunda.zeebe.protocol.impl.record.value.decision.DecisionEvaluationRecord;
import io.camunda.zeebe.protocol.impl.record.value.deployment.DecisionRecord;
import io.camunda.zeebe.protocol.impl.record.value.deployment.DecisionRequirementsRecord;
import io.camunda.zeebe.protocol.impl.record.value.incident.IncidentRecord;
import io.camunda.zeebe.protocol.impl.record.value.job.JobBatchRecord;
import io.camunda.zeebe.protocol.impl.record.value.job.JobRecord;
import io.camunda.zeebe.protocol.impl.record.value.message.ProcessMessageSubscriptionRecord;
import io.camunda.zeebe.protocol.impl.record.value.processinstance.ProcessInstanceRecord;
import io.camunda.zeebe.protocol.impl.record.value.usertask.UserTaskRecord;
import io.camunda.zeebe.protocol.impl.record.value.variable.VariableRecord;
import io.camunda.zeebe.protocol.record.Record;
import io.camunda.zeebe.protocol.record.RecordType;
import io.camunda.zeebe.protocol.record.ValueType;
import io.camunda.zeebe.protocol.record.intent.DecisionEvaluationIntent;
import io.camunda.zeebe.protocol.record.intent.DecisionIntent;
import io.camunda.zeebe.protocol.record.intent.DecisionRequirementsIntent;
import io.camunda.zeebe.protocol.record.intent.IncidentIntent;
import io.camunda.zeebe.protocol.record.intent.Intent;
import io.camunda.zeebe.protocol.record.intent.JobBatchIntent;
import io.camunda.zeebe.protocol.record.intent.JobIntent;
import io.camunda.zeebe.protocol.record.intent.ProcessInstanceIntent;
import io.camunda.zeebe.protocol.record.intent.ProcessMessageSubscriptionIntent;
import io.camunda.zeebe.protocol.record.intent.UserTaskIntent;
import io.camunda.zeebe.protocol.record.intent.VariableIntent;
import io.camunda.zeebe.protocol.record.value.BpmnElementType;
import io.camunda.zeebe.protocol.record.value.ErrorType;
import io.mediaflow.app.engine.EngineRecordFeed;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The projection fed with records as the engine writes them, without an engine. */
class ProcessHistoryTest {

  private final List<Record<?>> records = new ArrayList<>();
  private Instant now = Instant.parse("2026-01-01T00:00:00Z");
  private final ProcessHistory history = history(new HistoryProperties(Duration.ofHours(1)));

  @Test
  void aUserTaskIsOpenFromItsJobsCreationUntilItsScopeEnds() {
    started(1);
    element(1, 5, 1, "Review", BpmnElementType.USER_TASK, ProcessInstanceIntent.ELEMENT_ACTIVATING);
    job(9, 1, 5, JobIntent.CREATED);
    job(9, 1, 5, JobIntent.FAILED);
    job(9, 1, 5, JobIntent.TIMED_OUT);
    assertThat(history.userTask(9))
        .hasValueSatisfying(task -> assertThat(task.state()).isEqualTo(TaskState.CREATED));

    job(9, 1, 5, JobIntent.CANCELED);
    element(1, 5, 1, "Review", BpmnElementType.USER_TASK, ProcessInstanceIntent.ELEMENT_TERMINATED);
    assertThat(history.userTask(9))
        .hasValueSatisfying(task -> assertThat(task.state()).isEqualTo(TaskState.CANCELED));
    assertThat(history.elementInstances())
        .filteredOn(e -> e.key() == 5)
        .singleElement()
        .satisfies(e -> assertThat(e.state()).isEqualTo(InstanceState.TERMINATED));
  }

  @Test
  void aTasksChangesAreKeptWithItAndAreNoVariables() {
    started(1);
    element(1, 5, 1, "Review", BpmnElementType.USER_TASK, ProcessInstanceIntent.ELEMENT_ACTIVATING);
    job(9, 1, 5, JobIntent.CREATED);
    variable(20, 1, 1, "clip", "\"intro\"");
    variable(21, 1, 5, JobBasedUserTasks.ASSIGNEE, "\"ann\"");
    variable(22, 1, 5, JobBasedUserTasks.CANDIDATE_GROUPS, "[\"reviewers\"]");
    variable(
        23, 1, 1, JobBasedUserTasks.PRIORITY, "80"); // not local to the task: an ordinary variable
    assertThat(history.userTask(9))
        .hasValueSatisfying(
            task -> {
              assertThat(task.properties().assignee()).isEqualTo("ann");
              assertThat(task.properties().candidateGroups()).containsExactly("reviewers");
              assertThat(task.properties().priority()).isEqualTo(UserTaskInstance.DEFAULT_PRIORITY);
            });
    assertThat(history.variables())
        .extracting(Variable::name)
        .containsExactly("clip", JobBasedUserTasks.PRIORITY);

    variable(24, 1, 5, JobBasedUserTasks.ASSIGNEE, "null");
    assertThat(history.userTask(9))
        .hasValueSatisfying(task -> assertThat(task.properties().assignee()).isNull());
  }

  /**
   * A Camunda user task follows its USER_TASK records as Camunda's exporter reads them: a state per
   * step of a change while its listeners run, and only the attributes each event names as changed
   * (a corrected assignee, a cleared date).
   */
  @Test
  void aCamundaUserTaskFollowsItsRecordsAndTheAttributesEachNamesChanged() {
    started(1);
    element(1, 5, 1, "Review", BpmnElementType.USER_TASK, ProcessInstanceIntent.ELEMENT_ACTIVATING);
    userTask(
        UserTaskIntent.CREATING,
        camundaTask()
            .setCandidateGroupsList(List.of("editors"))
            .setDueDate("2031-05-01T12:00:00+02:00[Europe/Paris]")
            .setFormKey(12)
            .setPriority(70));
    assertThat(history.userTask(9))
        .hasValueSatisfying(
            task -> {
              assertThat(task.state()).isEqualTo(TaskState.CREATING);
              assertThat(task.jobBased()).isFalse();
              assertThat(task.formKey()).isEqualTo(12);
              assertThat(task.properties().candidateGroups()).containsExactly("editors");
              assertThat(task.properties().dueDate()).isEqualTo("2031-05-01T12:00:00+02:00");
              assertThat(task.properties().priority()).isEqualTo(70);
              assertThat(task.properties().assignee()).isNull();
            });
    userTask(UserTaskIntent.CREATED, camundaTask());
    userTask(UserTaskIntent.ASSIGNING, camundaTask().setAssignee("ann"));
    assertThat(history.userTask(9))
        .hasValueSatisfying(
            task -> {
              assertThat(task.state()).isEqualTo(TaskState.ASSIGNING);
              assertThat(task.properties().assignee())
                  .as("not before the listeners are done")
                  .isNull();
            });
    userTask(
        UserTaskIntent.ASSIGNED,
        camundaTask().setAssignee("bob").setChangedAttributes(List.of(UserTaskRecord.ASSIGNEE)));
    assertThat(history.userTask(9))
        .hasValueSatisfying(
            task -> {
              assertThat(task.state()).isEqualTo(TaskState.CREATED);
              assertThat(task.properties().assignee())
                  .as("as the listener corrected it")
                  .isEqualTo("bob");
              assertThat(task.properties().candidateGroups())
                  .as("not named as changed: as it was")
                  .containsExactly("editors");
            });
    assertThat(history.usage(now.minusSeconds(60), now.plusSeconds(60)))
        .singleElement()
        .satisfies(bucket -> assertThat(bucket.assignees()).containsExactly("bob"));

    userTask(UserTaskIntent.UPDATING, camundaTask());
    assertThat(history.userTask(9))
        .hasValueSatisfying(task -> assertThat(task.state()).isEqualTo(TaskState.UPDATING));
    userTask(UserTaskIntent.UPDATE_DENIED, camundaTask());
    userTask(UserTaskIntent.UPDATING, camundaTask());
    userTask(
        UserTaskIntent.UPDATED,
        camundaTask()
            .setDueDate("")
            .setPriority(90)
            .setChangedAttributes(List.of(UserTaskRecord.DUE_DATE, UserTaskRecord.PRIORITY)));
    assertThat(history.userTask(9))
        .hasValueSatisfying(
            task -> {
              assertThat(task.state()).isEqualTo(TaskState.CREATED);
              assertThat(task.properties().dueDate()).isNull();
              assertThat(task.properties().priority()).isEqualTo(90);
              assertThat(task.properties().assignee()).isEqualTo("bob");
            });

    userTask(UserTaskIntent.COMPLETING, camundaTask());
    userTask(UserTaskIntent.COMPLETION_DENIED, camundaTask());
    assertThat(history.userTask(9))
        .hasValueSatisfying(task -> assertThat(task.state()).isEqualTo(TaskState.CREATED));
    userTask(UserTaskIntent.COMPLETING, camundaTask());
    userTask(UserTaskIntent.COMPLETED, camundaTask());
    assertThat(history.userTask(9))
        .hasValueSatisfying(
            task -> {
              assertThat(task.state()).isEqualTo(TaskState.COMPLETED);
              assertThat(task.completionDate()).isEqualTo(now);
              assertThat(task.properties().assignee()).isEqualTo("bob");
            });
  }

  /**
   * A history kept by a version that ran every user task as a job (no implementation, properties or
   * form key in its lines) is read as job-based tasks, their properties from the job's headers and
   * the changes recorded as variables; a Camunda user task kept since is read as it was.
   */
  @Test
  void aHistoryKeptWhileUserTasksRanAsJobsStillShowsThem(@TempDir Path folder) throws Exception {
    HistoryProperties limits = new HistoryProperties(Duration.ofHours(1));
    ProcessHistory kept = history(limits, Optional.of(new HistoryStore(folder)));
    started(1);
    element(1, 5, 1, "Review", BpmnElementType.USER_TASK, ProcessInstanceIntent.ELEMENT_ACTIVATING);
    add(
        9,
        ValueType.JOB,
        JobIntent.CREATED,
        userTaskJob(1, 5)
            .setCustomHeaders(
                new UnsafeBuffer(
                    MsgPackConverter.convertToMsgPack(
                        Map.of(
                            "io.camunda.zeebe:candidateGroups", "[\"editors\"]",
                            "io.camunda.zeebe:formKey", "12",
                            "team", "video")))));
    variable(21, 1, 5, JobBasedUserTasks.ASSIGNEE, "\"ann\"");
    kept.keep();
    Path file = folder.resolve(HistoryStore.FILE);
    var json = JsonMapper.builder().build();
    var written = new ArrayList<String>();
    for (String line : Files.readAllLines(file)) {
      var entry = json.readTree(line);
      entry
          .findParents("implementation")
          .forEach(
              task ->
                  ((com.fasterxml.jackson.databind.node.ObjectNode) task)
                      .remove(List.of("implementation", "properties", "formKey")));
      written.add(json.writeValueAsString(entry));
    }
    assertThat(written).as("the earlier version's lines").noneMatch(l -> l.contains("properties"));
    Files.write(file, written);

    ProcessHistory upgraded = history(limits, Optional.of(new HistoryStore(folder)));
    started(2);
    element(2, 6, 2, "Review", BpmnElementType.USER_TASK, ProcessInstanceIntent.ELEMENT_ACTIVATING);
    add(
        10,
        ValueType.USER_TASK,
        UserTaskIntent.CREATING,
        camundaTask().setUserTaskKey(10).setProcessInstanceKey(2).setElementInstanceKey(6));
    add(
        10,
        ValueType.USER_TASK,
        UserTaskIntent.CREATED,
        camundaTask().setUserTaskKey(10).setProcessInstanceKey(2).setElementInstanceKey(6));

    assertThat(upgraded.userTask(9))
        .hasValueSatisfying(
            task -> {
              assertThat(task.jobBased()).isTrue();
              assertThat(task.state()).isEqualTo(TaskState.CREATED);
              assertThat(task.properties().assignee()).isEqualTo("ann");
              assertThat(task.properties().candidateGroups()).containsExactly("editors");
              assertThat(task.formKey()).isEqualTo(12);
            });
    assertThat(upgraded.userTasks())
        .extracting(UserTaskInstance::key, UserTaskInstance::jobBased)
        .containsExactlyInAnyOrder(
            org.assertj.core.groups.Tuple.tuple(9L, true),
            org.assertj.core.groups.Tuple.tuple(10L, false));
  }

  @Test
  void aJobsStateWorkerAndRetriesFollowItsRecords() {
    started(1);
    element(
        1, 5, 1, "Work", BpmnElementType.SERVICE_TASK, ProcessInstanceIntent.ELEMENT_ACTIVATING);
    add(9, ValueType.JOB, JobIntent.CREATED, serviceJob(1, 5).setRetries(3));
    var activated =
        new JobBatchRecord().setType("work").setWorker(new UnsafeBuffer("poller".getBytes()));
    activated.jobKeys().add().setValue(9);
    activated
        .jobs()
        .add()
        .wrap(serviceJob(1, 5).setRetries(3).setDeadline(now.plusSeconds(60).toEpochMilli()));
    add(10, ValueType.JOB_BATCH, JobBatchIntent.ACTIVATED, activated);
    assertThat(history.jobs())
        .singleElement()
        .satisfies(
            job -> {
              assertThat(job.state()).as("an activation is no state").isEqualTo("CREATED");
              assertThat(job.worker()).isEqualTo("poller");
              assertThat(job.deadline()).isEqualTo(now.plusSeconds(60));
            });

    add(
        9,
        ValueType.JOB,
        JobIntent.FAILED,
        serviceJob(1, 5).setRetries(2).setErrorMessage("try again"));
    assertThat(history.jobs())
        .singleElement()
        .satisfies(
            job -> {
              assertThat(job.state()).isEqualTo("FAILED");
              assertThat(job.hasFailedWithRetriesLeft()).isTrue();
              assertThat(job.errorMessage()).isEqualTo("try again");
            });
    add(9, ValueType.JOB, JobIntent.COMPLETED, serviceJob(1, 5).setRetries(2));
    assertThat(history.jobs())
        .singleElement()
        .satisfies(
            job -> {
              assertThat(job.state()).isEqualTo("COMPLETED");
              assertThat(job.endTime()).isEqualTo(now);
            });
  }

  @Test
  void anIncidentFollowsItsElementInstancesMigration() {
    started(1);
    element(
        1, 5, 1, "Work", BpmnElementType.SERVICE_TASK, ProcessInstanceIntent.ELEMENT_ACTIVATING);
    add(
        30,
        ValueType.INCIDENT,
        IncidentIntent.CREATED,
        incident(1, 5)
            .setProcessDefinitionKey(100)
            .setBpmnProcessId(buffer("process"))
            .setElementId(buffer("Work")));
    add(
        30,
        ValueType.INCIDENT,
        IncidentIntent.MIGRATED,
        incident(1, 5)
            .setProcessDefinitionKey(200)
            .setBpmnProcessId(buffer("process-v2"))
            .setElementId(buffer("WorkAgain")));

    assertThat(history.incident(30))
        .hasValueSatisfying(
            incident -> {
              assertThat(incident.definitionKey()).isEqualTo(200);
              assertThat(incident.processId()).isEqualTo("process-v2");
              assertThat(incident.elementId()).isEqualTo("WorkAgain");
              assertThat(incident.state()).isEqualTo(IncidentState.ACTIVE);
            });
    assertThat(history.incidentLookup().matching().apply(Map.of("elementId", Set.of("WorkAgain"))))
        .as("found by its new element")
        .extracting(Incident::key)
        .containsExactly(30L);
  }

  @Test
  void variablesWrittenBeforeTheInstanceActivatesBelongToIt() {
    variable(20, 1, 1, "source", "\"in.mp4\"");
    started(1);
    element(1, 5, 1, "Review", BpmnElementType.USER_TASK, ProcessInstanceIntent.ELEMENT_ACTIVATING);
    variable(21, 1, 5, "source", "\"local.mp4\"");

    assertThat(history.variablesVisibleFrom(1, 1).get("source").value()).isEqualTo("\"in.mp4\"");
    assertThat(history.variablesVisibleFrom(1, 5).get("source").value())
        .as("the innermost wins")
        .isEqualTo("\"local.mp4\"");
  }

  @Test
  void endedInstancesAreDroppedOnceTheRetentionPassed() {
    for (long key = 1; key <= 3; key++) {
      started(key);
      ended(key);
    }
    started(4);
    assertThat(history.processInstance(1))
        .as("however many ended after it")
        .hasValueSatisfying(i -> assertThat(i.state()).isEqualTo(InstanceState.COMPLETED));

    now = now.plus(Duration.ofHours(2));
    variable(30, 4, 4, "x", "1");
    assertThat(history.processInstances())
        .as("beyond the retention; the running one stays")
        .extracting(ProcessInstance::key)
        .containsExactly(4L);
  }

  @Test
  void usageIsCountedByTheMinuteKeptAndOutlivesTheInstancesItCounts(@TempDir Path folder) {
    HistoryProperties limits = new HistoryProperties(Duration.ofHours(1));
    ProcessHistory kept = history(limits, Optional.of(new HistoryStore(folder)));
    for (long key = 1; key <= 3; key++) {
      started(key);
      ended(key);
    }
    now = now.plus(Duration.ofMinutes(1));
    started(4);
    element(4, 5, 4, "Review", BpmnElementType.USER_TASK, ProcessInstanceIntent.ELEMENT_ACTIVATING);
    job(9, 4, 5, JobIntent.CREATED);
    variable(21, 4, 5, JobBasedUserTasks.ASSIGNEE, "\"ann\"");
    kept.keep();
    variable(22, 4, 5, JobBasedUserTasks.ASSIGNEE, "\"bob\"");
    variable(23, 4, 5, JobBasedUserTasks.ASSIGNEE, "\"ann\"");

    ProcessHistory restored = history(limits, Optional.of(new HistoryStore(folder)));
    Instant first = Instant.parse("2026-01-01T00:00:00Z");
    assertThat(restored.usage(first, first.plusSeconds(30)))
        .singleElement()
        .satisfies(
            bucket -> {
              assertThat(bucket.processInstances()).as("the dropped ones too").isEqualTo(3);
              assertThat(bucket.minute()).isEqualTo(first);
            });
    assertThat(restored.usage(first.plusSeconds(90), first.plusSeconds(120)))
        .singleElement()
        .satisfies(
            bucket -> {
              assertThat(bucket.processInstances()).isEqualTo(1);
              assertThat(bucket.assignees())
                  .as("kept, then assigned after it, each once")
                  .containsExactlyInAnyOrder("ann", "bob");
            });
    assertThat(restored.usage(first.plusSeconds(120), first.plusSeconds(180))).isEmpty();

    now = now.plus(Duration.ofHours(2));
    started(5);
    assertThat(restored.processInstance(1)).as("past the retention").isEmpty();
    assertThat(restored.usage(first, first.plusSeconds(30)))
        .singleElement()
        .satisfies(bucket -> assertThat(bucket.processInstances()).isEqualTo(3));
  }

  /** As in a fresh data folder, where the first snapshot's keep used to fail. */
  @Test
  void theFirstKeepMakesTheHistoryFolder(@TempDir Path data) {
    Path folder = data.resolve("history");
    ProcessHistory kept =
        history(new HistoryProperties(Duration.ofHours(1)), Optional.of(new HistoryStore(folder)));
    started(1);

    kept.keep();

    assertThat(folder.resolve(HistoryStore.FILE)).isNotEmptyFile();
  }

  @Test
  void whatItKeptComesBackInAHistoryThatReadsOnlyTheRecordsAfterIt(@TempDir Path folder) {
    HistoryProperties limits = new HistoryProperties(Duration.ofHours(1));
    ProcessHistory kept = history(limits, Optional.of(new HistoryStore(folder)));
    variable(20, 1, 1, "source", "\"in.mp4\"");
    started(1);
    element(1, 5, 1, "Review", BpmnElementType.USER_TASK, ProcessInstanceIntent.ELEMENT_ACTIVATING);
    job(9, 1, 5, JobIntent.CREATED);
    started(2);
    ended(2);
    assertThat(kept.keep())
        .as("the log is needed after what was kept")
        .isEqualTo(records.size() + 1);
    job(9, 1, 5, JobIntent.COMPLETED);

    ProcessHistory restored = history(limits, Optional.of(new HistoryStore(folder)));
    assertThat(restored.variablesVisibleFrom(1, 5).get("source").value()).isEqualTo("\"in.mp4\"");
    assertThat(restored.userTask(9))
        .as("kept, then changed by a record after it")
        .hasValueSatisfying(task -> assertThat(task.state()).isEqualTo(TaskState.COMPLETED));
    assertThat(restored.processInstance(2))
        .hasValueSatisfying(i -> assertThat(i.state()).isEqualTo(InstanceState.COMPLETED));

    now = now.plus(Duration.ofHours(2));
    started(3);
    assertThat(restored.processInstance(2))
        .as("a kept ended instance is dropped once the retention passed")
        .isEmpty();
  }

  @Test
  void theFlowsAnInstanceTookAndItsMessageSubscriptionsAreKeptWithIt(@TempDir Path folder) {
    HistoryProperties limits = new HistoryProperties(Duration.ofHours(1));
    ProcessHistory kept = history(limits, Optional.of(new HistoryStore(folder)));
    started(1);
    element(
        1,
        30,
        1,
        "ToWait",
        BpmnElementType.SEQUENCE_FLOW,
        ProcessInstanceIntent.SEQUENCE_FLOW_TAKEN);
    element(
        1,
        31,
        1,
        "ToWait",
        BpmnElementType.SEQUENCE_FLOW,
        ProcessInstanceIntent.SEQUENCE_FLOW_TAKEN);
    subscription(40, 1, 5, ProcessMessageSubscriptionIntent.CREATING);
    subscription(40, 1, 5, ProcessMessageSubscriptionIntent.CREATED);
    subscription(40, 1, 5, ProcessMessageSubscriptionIntent.CORRELATED);
    kept.keep();
    subscription(41, 1, 6, ProcessMessageSubscriptionIntent.CREATED);

    ProcessHistory restored = history(limits, Optional.of(new HistoryStore(folder)));
    assertThat(restored.sequenceFlows(1))
        .as("a flow taken twice, listed once")
        .containsExactly("ToWait");
    assertThat(restored.messageSubscriptions())
        .as("the kept one, and the one of a record after it")
        .extracting(subscription -> subscription.key() + " " + subscription.state())
        .containsExactly("40 CORRELATED", "41 CREATED");
    assertThat(restored.correlatedMessages())
        .singleElement()
        .satisfies(message -> assertThat(message.messageKey()).isEqualTo(77));
  }

  /**
   * The engine confirms a waiting subscription's deletion after the instance that ended it: a keep
   * in between moves the instance to the archive before the confirmation comes.
   */
  @Test
  void aSubscriptionOpenWhenItsInstanceEndedIsDeletedWithItEvenIfItsConfirmationComesAfterTheKeep(
      @TempDir Path folder) {
    HistoryProperties limits = new HistoryProperties(Duration.ofHours(1));
    ProcessHistory kept = history(limits, Optional.of(new HistoryStore(folder)));
    started(1);
    subscription(40, 1, 5, ProcessMessageSubscriptionIntent.CREATED);
    subscription(41, 1, 6, ProcessMessageSubscriptionIntent.CREATED);
    subscription(41, 1, 6, ProcessMessageSubscriptionIntent.CORRELATED);
    subscription(40, 1, 5, ProcessMessageSubscriptionIntent.DELETING);
    ended(1);
    kept.keep();
    subscription(40, 1, 5, ProcessMessageSubscriptionIntent.DELETED);
    kept.keep();

    for (ProcessHistory history :
        List.of(kept, history(limits, Optional.of(new HistoryStore(folder))))) {
      assertThat(history.messageSubscriptions())
          .extracting(subscription -> subscription.key() + " " + subscription.state())
          .containsExactlyInAnyOrder("40 DELETED", "41 CORRELATED");
    }
  }

  @Test
  void eachKeepAppendsOnlyTheInstancesRecordsTouchedSinceTheLast(@TempDir Path folder)
      throws Exception {
    HistoryProperties limits = new HistoryProperties(Duration.ofHours(1));
    ProcessHistory kept = history(limits, Optional.of(new HistoryStore(folder)));
    for (long key = 1; key <= 50; key++) {
      started(key);
      variable(1000 + key, key, key, "source", "\"in-" + key + ".mp4\"");
    }
    kept.keep();
    Path file = folder.resolve(HistoryStore.FILE);
    String first = Files.readString(file);
    variable(2000, 7, 7, "target", "\"out.mp4\"");
    kept.keep();
    String second = Files.readString(file);
    assertThat(second).as("appended to").startsWith(first);
    assertThat(second.length() - first.length())
        .as("one instance's batch, not the fifty again")
        .isPositive()
        .isLessThan(first.length() / 10);

    ProcessHistory restored = history(limits, Optional.of(new HistoryStore(folder)));
    assertThat(restored.processInstances()).hasSize(50);
    assertThat(restored.variablesVisibleFrom(7, 7)).containsKeys("source", "target");
  }

  @Test
  void aBatchACrashCutShortIsIgnoredAndTheLogIsReadAgainAfterTheLastWholeOne(@TempDir Path folder)
      throws Exception {
    HistoryProperties limits = new HistoryProperties(Duration.ofHours(1));
    ProcessHistory kept = history(limits, Optional.of(new HistoryStore(folder)));
    started(1);
    long firstKept = kept.keep() - 1;
    started(2);
    kept.keep();
    Path file = folder.resolve(HistoryStore.FILE);
    byte[] content = Files.readAllBytes(file);
    Files.write(
        file, Arrays.copyOf(content, content.length - 3)); // the second batch's last line, torn

    HistoryStore store = new HistoryStore(folder);
    assertThat(store.position()).as("the last whole batch's").isEqualTo(firstKept);
    ProcessHistory restored = history(limits, Optional.of(store));
    assertThat(restored.processInstances())
        .as("the second instance read again from the log")
        .extracting(ProcessInstance::key)
        .containsExactly(1L, 2L);
    started(3);
    restored.keep();
    assertThat(new HistoryStore(folder).loaded())
        .as("the next batch follows the last whole one")
        .hasValueSatisfying(saved -> assertThat(saved.instances()).hasSize(3));
  }

  @Test
  void aFileThatCannotBeReadFailsEveryReadOfTheHistoryNamingItsFolder(@TempDir Path folder)
      throws Exception {
    Files.writeString(folder.resolve(HistoryStore.FILE), "not an entry\n{\"kept\": 1}\n");
    HistoryProperties limits = new HistoryProperties(Duration.ofHours(1));

    // Read while the application starts, so the start goes on; what reads the history fails.
    ProcessHistory history = history(limits, Optional.of(new HistoryStore(folder)));

    for (int read = 0; read < 2; read++) {
      assertThatThrownBy(history::processInstances)
          .isInstanceOf(java.io.UncheckedIOException.class)
          .hasMessageContaining("Cannot read the REST API's history from " + folder)
          .hasMessageContaining("restore it from a backup");
    }
  }

  @Test
  void theFileIsRewrittenWholeOnceItGrewToTwiceItsSize(@TempDir Path folder) throws Exception {
    HistoryProperties limits = new HistoryProperties(Duration.ofHours(1));
    ProcessHistory kept = history(limits, Optional.of(new HistoryStore(folder, 1)));
    started(1);
    Path file = folder.resolve(HistoryStore.FILE);
    long largest = 0;
    for (int i = 0; i < 20; i++) {
      variable(100, 1, 1, "counter", Integer.toString(i)); // an update keeps the variable's key
      kept.keep();
      largest = Math.max(largest, Files.size(file));
    }
    assertThat(largest)
        .as("at most twice one whole history, the batch that reaches it included")
        .isLessThan(3 * Files.readAllLines(file).get(0).length() + 200);
    ProcessHistory restored = history(limits, Optional.of(new HistoryStore(folder, 1)));
    assertThat(restored.variablesVisibleFrom(1, 1).get("counter").value()).isEqualTo("19");
  }

  @Test
  void aHistoryKeptWholeByAnOlderVersionIsReadAndRewritten(@TempDir Path folder) throws Exception {
    HistoryProperties limits = new HistoryProperties(Duration.ofHours(1));
    started(1);
    ProcessInstance instance = history.processInstance(1).orElseThrow();
    var old =
        new HistoryStore.Saved(
            1,
            List.of(),
            List.of(),
            List.of(
                new HistoryStore.SavedInstance(
                    1, instance, List.of(), List.of(), List.of(), List.of(), null, null, null,
                    null)),
            null,
            List.of(),
            null,
            null);
    Files.write(
        folder.resolve(HistoryStore.WHOLE_FILE),
        JsonMapper.builder().findAndAddModules().build().writeValueAsBytes(old));

    ProcessHistory restored = history(limits, Optional.of(new HistoryStore(folder)));
    assertThat(restored.processInstance(1)).isPresent();
    assertThat(folder.resolve(HistoryStore.WHOLE_FILE)).doesNotExist();
    assertThat(new HistoryStore(folder).position()).isEqualTo(1);
  }

  @Test
  void anEndedInstancesDetailsLeaveTheHeapAtTheNextKeepAndAreStillFound(@TempDir Path folder)
      throws Exception {
    HistoryProperties limits = new HistoryProperties(Duration.ofHours(1));
    ProcessHistory kept = history(limits, Optional.of(new HistoryStore(folder)));
    endedInstanceWithDetails(1);
    started(2); // running: stays in the heap
    kept.keep();

    assertThat(Files.readString(folder.resolve(HistoryStore.FILE)))
        .as("the store's file holds neither the ended instance nor its details")
        .doesNotContain("in.mp4")
        .doesNotContain("\"key\":1,");
    assertFoundWithItsDetails(kept);
    assertFoundWithItsDetails(history(limits, Optional.of(new HistoryStore(folder))));
  }

  @Test
  void aVariableOfAnArchivedInstanceBeginsNoInstanceOfItsOwn(@TempDir Path folder)
      throws Exception {
    HistoryProperties limits = new HistoryProperties(Duration.ofHours(1));
    ProcessHistory kept = history(limits, Optional.of(new HistoryStore(folder)));
    endedInstanceWithDetails(1);
    kept.keep();
    variable(40, 1, 1, "late", "\"after-the-end\"");
    kept.keep();

    assertThat(Files.readString(folder.resolve(HistoryStore.FILE)))
        .as("kept nowhere, not as an instance known only by its variables")
        .doesNotContain("after-the-end");
    assertFoundWithItsDetails(history(limits, Optional.of(new HistoryStore(folder))));
  }

  @Test
  void anEndedInstanceAndItsDetailsAreDeletedOnceTheRetentionPassed(@TempDir Path folder) {
    HistoryProperties limits = new HistoryProperties(Duration.ofHours(1));
    ProcessHistory kept = history(limits, Optional.of(new HistoryStore(folder)));
    endedInstanceWithDetails(1);
    kept.keep();
    assertFoundWithItsDetails(kept);

    now = now.plus(Duration.ofHours(1)).plusMillis(1);
    started(2);
    assertThat(kept.processInstance(1)).as("before the next keep").isEmpty();
    kept.keep();
    assertThat(kept.processInstance(1)).isEmpty();
    assertThat(kept.variable(20)).isEmpty();
    assertThat(kept.variables()).isEmpty();
    assertThat(history(limits, Optional.of(new HistoryStore(folder))).processInstance(1))
        .as("after a restart too")
        .isEmpty();
  }

  /**
   * The retention counts on the engine's clock, which dates the records: with 30 days, an instance
   * that ended 29 days ago is found and one that ended 31 days ago is not, in the heap, on disk,
   * and after a restart; the order they ended in does not matter (the clock may have been pinned to
   * the past meanwhile).
   */
  @Test
  void anInstanceIsKeptUntilTheRetentionPassedSinceItEndedOnTheEnginesClock(@TempDir Path folder) {
    HistoryProperties limits = new HistoryProperties(Duration.ofDays(30));
    ProcessHistory kept = history(limits, Optional.of(new HistoryStore(folder)));
    Instant today = now;
    now = today.minus(Duration.ofDays(29));
    started(1);
    ended(1);
    now = today.minus(Duration.ofDays(31));
    started(2);
    ended(2);
    now = today;
    started(3);
    assertThat(kept.processInstances()).extracting(ProcessInstance::key).containsExactly(1L, 3L);

    kept.keep();
    assertThat(kept.processInstance(1)).as("on disk").isPresent();
    assertThat(kept.processInstance(2)).isEmpty();
    ProcessHistory restored = history(limits, Optional.of(new HistoryStore(folder)));
    assertThat(restored.processInstances())
        .as("after a restart")
        .extracting(ProcessInstance::key)
        .containsExactly(1L, 3L);

    now = today.plus(Duration.ofDays(2));
    started(4);
    assertThat(restored.processInstance(1)).as("31 days after its end").isEmpty();
  }

  /**
   * A data folder of the earlier layout: the ended instance's own record in the history's file, its
   * details in a file of the day it ended on. The first start carries it over, once.
   */
  @Test
  void anEarlierFoldersEndedInstancesAreCarriedOverAtTheFirstStart(
      @TempDir Path current, @TempDir Path earlier) throws Exception {
    HistoryProperties limits = new HistoryProperties(Duration.ofHours(1));
    ProcessHistory kept = history(limits, Optional.of(new HistoryStore(current)));
    endedInstanceWithDetails(1);
    kept.keep();
    HistoryStore.SavedInstance details = new HistoryStore(current).ended().details(1).orElseThrow();
    Path days = earlier.resolve(HistoryArchive.FOLDER);
    Files.createDirectories(days);
    Files.write(days.resolve("2026-01-01.jsonl"), HistoryStore.JSON.writeValueAsBytes(details));
    Files.write(days.resolve("2026-01-01.jsonl"), new byte[] {'\n'}, StandardOpenOption.APPEND);
    var archived =
        new HistoryStore.ArchivedInstance(
            details.instance(),
            new HistoryArchive.Location(LocalDate.parse("2026-01-01"), 0),
            new long[] {20, 21, 5, 9, 31});
    String batch =
        HistoryStore.JSON.writeValueAsString(
                new HistoryStore.Entry(null, null, null, archived, null, null, null, null, null))
            + "\n{\"ended\":1}\n{\"kept\":"
            + records.size()
            + "}\n";
    Files.writeString(
        earlier.resolve(HistoryStore.FILE),
        Files.readString(current.resolve(HistoryStore.FILE)) + batch);

    ProcessHistory carried = history(limits, Optional.of(new HistoryStore(earlier)));
    assertFoundWithItsDetails(carried);
    assertThat(days).as("the day files, once carried over").doesNotExist();
    assertThat(Files.readString(earlier.resolve(HistoryStore.FILE))).doesNotContain("archived");
    assertFoundWithItsDetails(history(limits, Optional.of(new HistoryStore(earlier))));
  }

  @Test
  void endedInstancesMovedByAKeepACrashCutShortAreReadAgainFromTheLog(@TempDir Path folder)
      throws Exception {
    HistoryProperties limits = new HistoryProperties(Duration.ofHours(1));
    ProcessHistory kept = history(limits, Optional.of(new HistoryStore(folder)));
    started(9);
    kept.keep();
    Path file = folder.resolve(HistoryStore.FILE);
    byte[] beforeTheEnd = Files.readAllBytes(file);
    endedInstanceWithDetails(1);
    kept.keep();
    Files.write(file, beforeTheEnd); // the crash came after the database's commit, before the file

    ProcessHistory restored = history(limits, Optional.of(new HistoryStore(folder)));
    assertFoundWithItsDetails(restored);
    restored.keep(); // moves them once more: the copy the first keep left was forgotten at start
    assertFoundWithItsDetails(restored);
    assertFoundWithItsDetails(history(limits, Optional.of(new HistoryStore(folder))));
  }

  /**
   * An instance that took a flow, had a user task (completed), an incident (resolved) and a
   * variable at its own scope and at the task's, and ended.
   */
  private void endedInstanceWithDetails(long instance) {
    variable(20, instance, instance, "source", "\"in.mp4\"");
    started(instance);
    element(
        instance,
        30,
        instance,
        "ToReview",
        BpmnElementType.SEQUENCE_FLOW,
        ProcessInstanceIntent.SEQUENCE_FLOW_TAKEN);
    element(
        instance,
        5,
        instance,
        "Review",
        BpmnElementType.USER_TASK,
        ProcessInstanceIntent.ELEMENT_ACTIVATING);
    job(9, instance, 5, JobIntent.CREATED);
    add(31, ValueType.INCIDENT, IncidentIntent.CREATED, incident(instance, 5));
    add(31, ValueType.INCIDENT, IncidentIntent.RESOLVED, incident(instance, 5));
    variable(21, instance, 5, "local", "\"x\"");
    job(9, instance, 5, JobIntent.COMPLETED);
    element(
        instance,
        5,
        instance,
        "Review",
        BpmnElementType.USER_TASK,
        ProcessInstanceIntent.ELEMENT_COMPLETED);
    ended(instance);
  }

  private static void assertFoundWithItsDetails(ProcessHistory history) {
    assertThat(history.processInstance(1))
        .hasValueSatisfying(i -> assertThat(i.state()).isEqualTo(InstanceState.COMPLETED));
    assertThat(history.variable(20)).isPresent();
    assertThat(history.elementInstance(5))
        .hasValueSatisfying(e -> assertThat(e.state()).isEqualTo(InstanceState.COMPLETED));
    assertThat(history.userTask(9))
        .hasValueSatisfying(task -> assertThat(task.state()).isEqualTo(TaskState.COMPLETED));
    assertThat(history.incident(31))
        .hasValueSatisfying(i -> assertThat(i.state()).isEqualTo(IncidentState.RESOLVED));
    assertThat(history.variableLookup().matching().apply(Map.of("processInstanceKey", Set.of("1"))))
        .as("by its instance")
        .extracting(Variable::key)
        .containsExactly(20L, 21L);
    assertThat(history.variableLookup().matching().apply(Map.of("name", Set.of("local"))))
        .as("over every instance")
        .extracting(Variable::key)
        .containsExactly(21L);
    assertThat(history.userTaskLookup().matching().apply(Map.of("state", Set.of("COMPLETED"))))
        .as("over every instance, by a value its task has")
        .extracting(UserTaskInstance::key)
        .containsExactly(9L);
    assertThat(history.userTaskLookup().matching().apply(Map.of("state", Set.of("CREATED"))))
        .as("by a value none of its tasks has")
        .isEmpty();
    assertThat(history.jobs()).extracting(Job::key).containsExactly(9L);
    assertThat(history.sequenceFlows(1)).containsExactly("ToReview");
    assertThat(history.variablesVisibleFrom(1, 5)).containsOnlyKeys("source", "local");
    assertThat(history.elementStatistics(1))
        .containsExactly(new ElementStatistics("Review", 0, 0, 0, 1));
    assertThat(history.incidentsWithCalled(1)).extracting(Incident::key).containsExactly(31L);
  }

  @Test
  void decisionsAreKeptWithTheHistoryAndComeBackAfterARestart(@TempDir Path folder)
      throws Exception {
    HistoryProperties limits = new HistoryProperties(Duration.ofHours(1));
    EngineRecordFeed feed = feed(Optional.empty());
    DecisionHistory decisions = new DecisionHistory(feed, limits, Optional.empty(), clock());
    var store = new HistoryStore(folder);
    var kept =
        new ProcessHistory(feed, limits, Optional.of(store), Optional.of(decisions), clock());
    add(
        50,
        ValueType.DECISION_REQUIREMENTS,
        DecisionRequirementsIntent.CREATED,
        new DecisionRequirementsRecord()
            .setDecisionRequirementsKey(50)
            .setDecisionRequirementsId("ladder-drg")
            .setDecisionRequirementsName("Ladder")
            .setDecisionRequirementsVersion(1)
            .setResourceName("ladder.dmn")
            .setResource(buffer("<definitions/>")));
    add(
        51,
        ValueType.DECISION,
        DecisionIntent.CREATED,
        new DecisionRecord()
            .setDecisionKey(51)
            .setDecisionId("ladder")
            .setDecisionName("Ladder")
            .setVersion(1)
            .setDecisionRequirementsKey(50)
            .setDecisionRequirementsId("ladder-drg"));
    var evaluation = new DecisionEvaluationRecord().setDecisionKey(51).setDecisionId("ladder");
    evaluation
        .evaluatedDecisions()
        .add()
        .setDecisionKey(51)
        .setDecisionId("ladder")
        .setDecisionName("Ladder")
        .setDecisionVersion(1)
        .setDecisionType("DECISION_TABLE")
        .setDecisionOutput(new UnsafeBuffer(MsgPackConverter.convertToMsgPack("\"hd\"")));
    add(52, ValueType.DECISION_EVALUATION, DecisionEvaluationIntent.EVALUATED, evaluation);
    kept.keep();

    Optional<HistoryStore> restoredStore = Optional.of(new HistoryStore(folder));
    DecisionHistory restored =
        new DecisionHistory(feed(restoredStore), limits, restoredStore, clock());
    assertThat(restored.requirements(50))
        .hasValueSatisfying(
            drg -> assertThat(new String(drg.resource())).isEqualTo("<definitions/>"));
    assertThat(restored.definitions())
        .extracting(DecisionHistory.DecisionDefinition::decisionId)
        .containsExactly("ladder");
    assertThat(restored.instances())
        .singleElement()
        .satisfies(
            instance -> {
              assertThat(instance.key()).isEqualTo("52-1");
              assertThat(instance.output()).isEqualTo("\"hd\"");
            });
    assertThat(restored.instance("52-1")).isPresent();
    assertThat(Files.readString(folder.resolve(HistoryStore.FILE)))
        .as("the decision instance is in the database, not in the file")
        .doesNotContain("DECISION_TABLE");

    now = now.plus(Duration.ofHours(2));
    assertThat(restored.instances()).as("past the retention").isEmpty();
    assertThat(restored.instance("52-1")).isEmpty();
  }

  private ProcessHistory history(HistoryProperties limits) {
    return history(limits, Optional.empty());
  }

  /** Over a store, the records after what it kept are read, as the durable engine's log is. */
  private ProcessHistory history(HistoryProperties limits, Optional<HistoryStore> store) {
    return new ProcessHistory(feed(store), limits, store, Optional.empty(), clock());
  }

  /**
   * The records after what the store kept (record i is at position i + 1), from the first read on,
   * as the application's feed reads them once the store's file is read.
   */
  private EngineRecordFeed feed(Optional<HistoryStore> store) {
    return new EngineRecordFeed(
        EngineRecordFeed.RecordSource.openedAtFirstRead(
            () -> {
              int[] read = {(int) Math.max(0, store.map(HistoryStore::position).orElse(-1L))};
              return action -> {
                while (read[0] < records.size()) {
                  action.accept(records.get(read[0]++));
                }
              };
            }));
  }

  /** A clock at {@link #now}, which the tests move. */
  private Clock clock() {
    return new Clock() {
      @Override
      public Instant instant() {
        return now;
      }

      @Override
      public java.time.ZoneId getZone() {
        return ZoneOffset.UTC;
      }

      @Override
      public Clock withZone(java.time.ZoneId zone) {
        return this;
      }
    };
  }

  private void started(long instance) {
    element(
        instance,
        instance,
        -1,
        "process",
        BpmnElementType.PROCESS,
        ProcessInstanceIntent.ELEMENT_ACTIVATING);
  }

  private void ended(long instance) {
    element(
        instance,
        instance,
        -1,
        "process",
        BpmnElementType.PROCESS,
        ProcessInstanceIntent.ELEMENT_COMPLETED);
  }

  private void element(
      long instance,
      long key,
      long flowScope,
      String elementId,
      BpmnElementType type,
      ProcessInstanceIntent intent) {
    var value =
        new ProcessInstanceRecord()
            .setProcessInstanceKey(instance)
            .setFlowScopeKey(flowScope)
            .setElementId(elementId)
            .setBpmnElementType(type)
            .setBpmnProcessId("process")
            .setProcessDefinitionKey(100);
    add(key, ValueType.PROCESS_INSTANCE, intent, value);
  }

  private void job(long key, long instance, long elementInstance, JobIntent intent) {
    add(key, ValueType.JOB, intent, userTaskJob(instance, elementInstance));
  }

  /** A Camunda user task's record (key 9, of element instance 5 of instance 1) to build on. */
  private static UserTaskRecord camundaTask() {
    return new UserTaskRecord()
        .setUserTaskKey(9)
        .setProcessInstanceKey(1)
        .setElementInstanceKey(5)
        .setElementId("Review")
        .setBpmnProcessId("process")
        .setProcessDefinitionKey(100)
        .setPriority(50);
  }

  private void userTask(UserTaskIntent intent, UserTaskRecord value) {
    add(value.getUserTaskKey(), ValueType.USER_TASK, intent, value);
  }

  private static JobRecord userTaskJob(long instance, long elementInstance) {
    return new JobRecord()
        .setType(JobBasedUserTasks.JOB_TYPE)
        .setProcessInstanceKey(instance)
        .setElementInstanceKey(elementInstance)
        .setElementId("Review")
        .setBpmnProcessId("process");
  }

  private void subscription(
      long key, long instance, long elementInstance, ProcessMessageSubscriptionIntent intent) {
    var value =
        new ProcessMessageSubscriptionRecord()
            .setProcessInstanceKey(instance)
            .setElementInstanceKey(elementInstance)
            .setElementId(new UnsafeBuffer("Wait".getBytes()))
            .setBpmnProcessId(new UnsafeBuffer("process".getBytes()))
            .setMessageName(new UnsafeBuffer("go".getBytes()))
            .setCorrelationKey(new UnsafeBuffer("k".getBytes()))
            .setMessageKey(77);
    add(key, ValueType.PROCESS_MESSAGE_SUBSCRIPTION, intent, value);
  }

  private static UnsafeBuffer buffer(String text) {
    return new UnsafeBuffer(text.getBytes());
  }

  private static IncidentRecord incident(long instance, long elementInstance) {
    return new IncidentRecord()
        .setProcessInstanceKey(instance)
        .setElementInstanceKey(elementInstance)
        .setErrorType(ErrorType.JOB_NO_RETRIES)
        .setErrorMessage("no retries left");
  }

  private static JobRecord serviceJob(long instance, long elementInstance) {
    return new JobRecord()
        .setType("work")
        .setProcessInstanceKey(instance)
        .setElementInstanceKey(elementInstance)
        .setElementId("Work")
        .setBpmnProcessId("process");
  }

  private void variable(long key, long instance, long scope, String name, String json) {
    var value =
        new VariableRecord()
            .setProcessInstanceKey(instance)
            .setScopeKey(scope)
            .setName(new UnsafeBuffer(name.getBytes()))
            .setValue(new UnsafeBuffer(MsgPackConverter.convertToMsgPack(json)));
    add(key, ValueType.VARIABLE, VariableIntent.CREATED, value);
  }

  private void add(long key, ValueType type, Intent intent, UnifiedRecordValue value) {
    var metadata = new RecordMetadata().recordType(RecordType.EVENT).valueType(type).intent(intent);
    records.add(
        new CopiedRecord<>(value, metadata, key, 1, records.size() + 1, -1, now.toEpochMilli()));
  }
}
