package io.mediaflow.app.engine.gateway;

import com.google.protobuf.Message;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.ActivateJobsRequest;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.BroadcastSignalRequest;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.BroadcastSignalResponse;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.BrokerInfo;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.CancelProcessInstanceRequest;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.CancelProcessInstanceResponse;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.CompleteJobRequest;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.CompleteJobResponse;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.CreateProcessInstanceRequest;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.CreateProcessInstanceResponse;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.CreateProcessInstanceWithResultRequest;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.CreateProcessInstanceWithResultResponse;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.DeleteResourceRequest;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.DeleteResourceResponse;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.DeployResourceRequest;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.DeployResourceResponse;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.EvaluateDecisionRequest;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.EvaluateDecisionResponse;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.FailJobRequest;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.FailJobResponse;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.MigrateProcessInstanceRequest;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.MigrateProcessInstanceResponse;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.ModifyProcessInstanceRequest;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.ModifyProcessInstanceResponse;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.Partition;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.PublishMessageRequest;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.PublishMessageResponse;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.ResolveIncidentRequest;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.ResolveIncidentResponse;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.SetVariablesRequest;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.SetVariablesResponse;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.ThrowErrorRequest;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.ThrowErrorResponse;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.TopologyResponse;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.UpdateJobRetriesRequest;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.UpdateJobRetriesResponse;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.UpdateJobTimeoutRequest;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.UpdateJobTimeoutResponse;
import io.camunda.zeebe.msgpack.MsgpackPropertyException;
import io.camunda.zeebe.protocol.impl.encoding.MsgPackConverter;
import io.camunda.zeebe.protocol.impl.record.UnifiedRecordValue;
import io.camunda.zeebe.protocol.impl.record.value.adhocsubprocess.AdHocSubProcessInstructionRecord;
import io.camunda.zeebe.protocol.impl.record.value.clock.ClockRecord;
import io.camunda.zeebe.protocol.impl.record.value.deployment.DeploymentRecord;
import io.camunda.zeebe.protocol.impl.record.value.incident.IncidentRecord;
import io.camunda.zeebe.protocol.impl.record.value.job.JobRecord;
import io.camunda.zeebe.protocol.impl.record.value.message.MessageCorrelationRecord;
import io.camunda.zeebe.protocol.impl.record.value.message.MessageRecord;
import io.camunda.zeebe.protocol.impl.record.value.processinstance.ProcessInstanceModificationRecord;
import io.camunda.zeebe.protocol.impl.record.value.processinstance.ProcessInstanceRecord;
import io.camunda.zeebe.protocol.impl.record.value.resource.ResourceDeletionRecord;
import io.camunda.zeebe.protocol.impl.record.value.signal.SignalRecord;
import io.camunda.zeebe.protocol.impl.record.value.usertask.UserTaskRecord;
import io.camunda.zeebe.protocol.impl.record.value.variable.VariableDocumentRecord;
import io.camunda.zeebe.protocol.record.ValueType;
import io.camunda.zeebe.protocol.record.intent.AdHocSubProcessInstructionIntent;
import io.camunda.zeebe.protocol.record.intent.ClockIntent;
import io.camunda.zeebe.protocol.record.intent.DecisionEvaluationIntent;
import io.camunda.zeebe.protocol.record.intent.DeploymentIntent;
import io.camunda.zeebe.protocol.record.intent.IncidentIntent;
import io.camunda.zeebe.protocol.record.intent.Intent;
import io.camunda.zeebe.protocol.record.intent.JobIntent;
import io.camunda.zeebe.protocol.record.intent.MessageCorrelationIntent;
import io.camunda.zeebe.protocol.record.intent.MessageIntent;
import io.camunda.zeebe.protocol.record.intent.ProcessInstanceCreationIntent;
import io.camunda.zeebe.protocol.record.intent.ProcessInstanceIntent;
import io.camunda.zeebe.protocol.record.intent.ProcessInstanceMigrationIntent;
import io.camunda.zeebe.protocol.record.intent.ProcessInstanceModificationIntent;
import io.camunda.zeebe.protocol.record.intent.ResourceDeletionIntent;
import io.camunda.zeebe.protocol.record.intent.SignalIntent;
import io.camunda.zeebe.protocol.record.intent.UserTaskIntent;
import io.camunda.zeebe.protocol.record.intent.VariableDocumentIntent;
import io.camunda.zeebe.protocol.record.value.VariableDocumentUpdateSemantic;
import io.camunda.zeebe.util.VersionUtil;
import io.camunda.zeebe.util.buffer.BufferUtil;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.mediaflow.app.engine.recovery.RecurAfterBackoff;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * The one way in for commands to the embedded engine, whoever sends them: the gRPC service ({@link
 * LogGateway}) and the REST API call these same methods in this process. Each takes the gateway
 * protocol's request, writes it to the engine's log as the command Zeebe's gateway sends a broker
 * for it, and completes with the protocol's response built from the engine's answer ({@link
 * EngineAnswers}). A refusal completes the future with a {@link StatusRuntimeException} of the
 * status Zeebe's gateway gives it: a request a command cannot be built from as INVALID_ARGUMENT,
 * the engine's rejection as a {@link Rejection}, a log that takes no more as UNAVAILABLE.
 * Cancelling a future forgets its request: the engine's answer then finds nobody.
 */
public final class CommandGateway implements RecurAfterBackoff {

  /**
   * The largest request taken, in bytes: gRPC's default limit of an inbound message, which the gRPC
   * service keeps, and so the same for a request from this process.
   */
  public static final int MAX_MESSAGE_SIZE = 4 << 20;

  private final CommandLog log;
  private final OpenRequests requests;
  private final JobPolls polls;
  private final ScheduledExecutorService timer;
  private final int port;

  CommandGateway(
      CommandLog log,
      OpenRequests requests,
      JobPolls polls,
      ScheduledExecutorService timer,
      int port) {
    this.log = log;
    this.requests = requests;
    this.polls = polls;
    this.timer = timer;
    this.port = port;
  }

  /** One broker, this process, leading the one partition, healthy while it answers at all. */
  public TopologyResponse topology() {
    var partition =
        Partition.newBuilder()
            .setPartitionId(log.partitionId())
            .setRole(Partition.PartitionBrokerRole.LEADER)
            .setHealth(Partition.PartitionBrokerHealth.HEALTHY);
    var broker =
        BrokerInfo.newBuilder()
            .setNodeId(0)
            .setHost("localhost")
            .setPort(port)
            .setVersion(VersionUtil.getVersion())
            .addPartitions(partition);
    return TopologyResponse.newBuilder()
        .addBrokers(broker)
        .setClusterSize(1)
        .setPartitionsCount(1)
        .setReplicationFactor(1)
        .setGatewayVersion(VersionUtil.getVersion())
        .build();
  }

  public CompletableFuture<DeployResourceResponse> deployResource(DeployResourceRequest request) {
    return built(
        request,
        () -> {
          var deployment = new DeploymentRecord();
          request
              .getResourcesList()
              .forEach(
                  resource ->
                      deployment
                          .resources()
                          .add()
                          .setResourceName(resource.getName())
                          .setResource(resource.getContent().toByteArray()));
          if (!request.getTenantId().isEmpty()) {
            deployment.setTenantId(request.getTenantId());
          }
          return send(
              ValueType.DEPLOYMENT, DeploymentIntent.CREATE, deployment, Responses::deployed);
        });
  }

  /** With {@code runtimeInstructions}: the instance is terminated once their element completed. */
  public CompletableFuture<CreateProcessInstanceResponse> createProcessInstance(
      CreateProcessInstanceRequest request) {
    return built(
        request,
        () ->
            send(
                ValueType.PROCESS_INSTANCE_CREATION,
                ProcessInstanceCreationIntent.CREATE,
                Requests.creation(request),
                Responses::created));
  }

  /**
   * Completed once the instance has completed, with its variables; still open after the request's
   * timeout (when it gives one) it fails with DEADLINE_EXCEEDED, as Zeebe's gateway fails it (the
   * instance runs on).
   */
  public CompletableFuture<CreateProcessInstanceWithResultResponse> createProcessInstanceWithResult(
      CreateProcessInstanceWithResultRequest request) {
    return built(
        request,
        () -> {
          var creation =
              Requests.creation(request.getRequest())
                  .setFetchVariables(request.getFetchVariablesList());
          var answer = new CompletableFuture<CreateProcessInstanceWithResultResponse>();
          long requestId =
              send(
                  CommandLog.NO_KEY,
                  ValueType.PROCESS_INSTANCE_CREATION,
                  ProcessInstanceCreationIntent.CREATE_WITH_AWAITING_RESULT,
                  creation,
                  Responses::completed,
                  answer);
          if (request.getRequestTimeout() > 0) {
            timer.schedule(
                () -> {
                  if (requests.close(requestId) != null) {
                    answer.completeExceptionally(
                        Status.DEADLINE_EXCEEDED
                            .withDescription(
                                "The process instance did not complete within the request"
                                    + " timeout of "
                                    + request.getRequestTimeout()
                                    + " ms")
                            .asRuntimeException());
                  }
                },
                request.getRequestTimeout(),
                TimeUnit.MILLISECONDS);
          }
          return answer;
        });
  }

  public CompletableFuture<CancelProcessInstanceResponse> cancelProcessInstance(
      CancelProcessInstanceRequest request) {
    return built(
        request,
        () ->
            send(
                request.getProcessInstanceKey(),
                ValueType.PROCESS_INSTANCE,
                ProcessInstanceIntent.CANCEL,
                new ProcessInstanceRecord().setProcessInstanceKey(request.getProcessInstanceKey()),
                response -> CancelProcessInstanceResponse.getDefaultInstance()));
  }

  public CompletableFuture<ModifyProcessInstanceResponse> modifyProcessInstance(
      ModifyProcessInstanceRequest request) {
    return built(
        request,
        () -> {
          ProcessInstanceModificationRecord modification = Requests.modification(request);
          return send(
              request.getProcessInstanceKey(),
              ValueType.PROCESS_INSTANCE_MODIFICATION,
              ProcessInstanceModificationIntent.MODIFY,
              modification,
              response -> ModifyProcessInstanceResponse.getDefaultInstance());
        });
  }

  /**
   * Moves a running instance to another process definition, under the instance's key as Zeebe's
   * gateway sends it; answered once the engine migrated every active element.
   */
  public CompletableFuture<MigrateProcessInstanceResponse> migrateProcessInstance(
      MigrateProcessInstanceRequest request) {
    return built(
        request,
        () ->
            send(
                request.getProcessInstanceKey(),
                ValueType.PROCESS_INSTANCE_MIGRATION,
                ProcessInstanceMigrationIntent.MIGRATE,
                Requests.migration(request),
                response -> MigrateProcessInstanceResponse.getDefaultInstance()));
  }

  /**
   * Activates elements of a running ad-hoc sub-process, as Zeebe's REST gateway writes the command
   * (gRPC has none): each with its variables in its own scope, after terminating the sub-process's
   * active elements when asked. Answered once the engine activated them; it refuses an element the
   * sub-process does not have and a sub-process that is not active.
   */
  public CompletableFuture<Void> activateAdHocSubProcessActivities(AdHocActivation activation) {
    return built(
        activation.size(),
        () -> {
          var instruction =
              new AdHocSubProcessInstructionRecord()
                  .setAdHocSubProcessInstanceKey(activation.adHocSubProcessInstanceKey())
                  .setCancelRemainingInstances(activation.cancelRemainingInstances());
          for (AdHocActivation.Element element : activation.elements()) {
            var activate = instruction.activateElements().add().setElementId(element.elementId());
            if (!element.variables().isEmpty()) {
              activate.setVariables(Requests.msgPack(element.variables()));
            }
          }
          return send(
              ValueType.AD_HOC_SUB_PROCESS_INSTRUCTION,
              AdHocSubProcessInstructionIntent.ACTIVATE,
              instruction,
              response -> null);
        });
  }

  /**
   * Assigns a Camunda user task, as Zeebe's REST gateway writes the command (gRPC has none): {@code
   * ASSIGN}, or {@code CLAIM} when {@code allowOverride} is false, which the engine refuses for a
   * task someone else holds; an empty {@code assignee} unassigns it. Answered once the engine
   * assigned it, after the task's {@code assigning} listeners (whose corrections it applies), or
   * with its rejection: an unknown task, one not open for it, a listener's denial.
   */
  public CompletableFuture<Void> assignUserTask(
      long userTaskKey, String assignee, String action, boolean allowOverride) {
    return built(
        assignee.length() + action.length(),
        () ->
            send(
                userTaskKey,
                ValueType.USER_TASK,
                allowOverride ? UserTaskIntent.ASSIGN : UserTaskIntent.CLAIM,
                new UserTaskRecord()
                    .setUserTaskKey(userTaskKey)
                    .setAssignee(assignee)
                    .setAction(action),
                response -> null));
  }

  /**
   * Updates a Camunda user task's attributes that {@code changeset} names, each marked changed as
   * Zeebe's REST gateway marks them (the engine applies only those); answered once the engine
   * updated it, after its {@code updating} listeners, or with its rejection.
   */
  public CompletableFuture<Void> updateUserTask(
      long userTaskKey, UserTaskChangeset changeset, String action) {
    return built(
        changeset.size() + action.length(),
        () -> {
          var task = new UserTaskRecord().setUserTaskKey(userTaskKey).setAction(action);
          if (changeset.dueDate() != null) {
            task.setDueDate(changeset.dueDate()).setDueDateChanged();
          }
          if (changeset.followUpDate() != null) {
            task.setFollowUpDate(changeset.followUpDate()).setFollowUpDateChanged();
          }
          if (changeset.candidateUsers() != null) {
            task.setCandidateUsersList(changeset.candidateUsers()).setCandidateUsersChanged();
          }
          if (changeset.candidateGroups() != null) {
            task.setCandidateGroupsList(changeset.candidateGroups()).setCandidateGroupsChanged();
          }
          if (changeset.priority() != null) {
            task.setPriority(changeset.priority()).setPriorityChanged();
          }
          return send(
              userTaskKey, ValueType.USER_TASK, UserTaskIntent.UPDATE, task, response -> null);
        });
  }

  /**
   * Completes a Camunda user task with {@code variables} (a JSON object, or empty for none);
   * answered once the engine completed it, after its {@code completing} listeners, or with its
   * rejection.
   */
  public CompletableFuture<Void> completeUserTask(
      long userTaskKey, String variables, String action) {
    return built(
        variables.getBytes(StandardCharsets.UTF_8).length + action.length(),
        () -> {
          var task = new UserTaskRecord().setUserTaskKey(userTaskKey).setAction(action);
          if (!variables.isEmpty()) {
            task.setVariables(Requests.msgPack(variables));
          }
          return send(
              userTaskKey, ValueType.USER_TASK, UserTaskIntent.COMPLETE, task, response -> null);
        });
  }

  /**
   * A long poll for jobs ({@link JobPolls}): {@code worker} gets the jobs activated, or none once
   * the request's timeout passed.
   */
  public void activateJobs(ActivateJobsRequest request, JobPolls.Worker worker) {
    polls.activate(request, worker);
  }

  public CompletableFuture<CompleteJobResponse> completeJob(CompleteJobRequest request) {
    return built(
        request,
        () -> {
          var job = new JobRecord();
          if (!request.getVariables().isEmpty()) {
            job.setVariables(Requests.msgPack(request.getVariables()));
          }
          if (request.hasResult()) {
            // A task listener's denial and corrections, or an ad-hoc sub-process's elements to
            // activate, as Zeebe's gateway maps them.
            job.setResult(JobResults.of(request.getResult(), Requests::msgPack));
          }
          return send(
              request.getJobKey(),
              ValueType.JOB,
              JobIntent.COMPLETE,
              job,
              response -> CompleteJobResponse.getDefaultInstance());
        });
  }

  /** A decision evaluated by the engine: its EVALUATED or FAILED event is the answer. */
  public CompletableFuture<EvaluateDecisionResponse> evaluateDecision(
      EvaluateDecisionRequest request) {
    return built(
        request,
        () ->
            send(
                ValueType.DECISION_EVALUATION,
                DecisionEvaluationIntent.EVALUATE,
                DecisionEvaluations.command(
                    request,
                    request.getVariables().isEmpty()
                        ? null
                        : Requests.msgPack(request.getVariables())),
                DecisionEvaluations::response));
  }

  /**
   * With the request's variables, which the engine sets as local variables of the job's element
   * instance.
   */
  public CompletableFuture<FailJobResponse> failJob(FailJobRequest request) {
    return built(
        request,
        () -> {
          var job =
              new JobRecord()
                  .setRetries(request.getRetries())
                  .setErrorMessage(request.getErrorMessage())
                  .setRetryBackoff(request.getRetryBackOff());
          if (!request.getVariables().isEmpty()) {
            job.setVariables(Requests.msgPack(request.getVariables()));
          }
          return send(
              request.getJobKey(),
              ValueType.JOB,
              JobIntent.FAIL,
              job,
              response -> FailJobResponse.getDefaultInstance());
        });
  }

  public CompletableFuture<ThrowErrorResponse> throwError(ThrowErrorRequest request) {
    return built(
        request,
        () -> {
          var job =
              new JobRecord()
                  .setErrorCode(BufferUtil.wrapString(request.getErrorCode()))
                  .setErrorMessage(request.getErrorMessage());
          if (!request.getVariables().isEmpty()) {
            job.setVariables(Requests.msgPack(request.getVariables()));
          }
          return send(
              request.getJobKey(),
              ValueType.JOB,
              JobIntent.THROW_ERROR,
              job,
              response -> ThrowErrorResponse.getDefaultInstance());
        });
  }

  public CompletableFuture<UpdateJobRetriesResponse> updateJobRetries(
      UpdateJobRetriesRequest request) {
    return built(
        request,
        () ->
            send(
                request.getJobKey(),
                ValueType.JOB,
                JobIntent.UPDATE_RETRIES,
                new JobRecord().setRetries(request.getRetries()),
                response -> UpdateJobRetriesResponse.getDefaultInstance()));
  }

  public CompletableFuture<UpdateJobTimeoutResponse> updateJobTimeout(
      UpdateJobTimeoutRequest request) {
    return built(
        request,
        () ->
            send(
                request.getJobKey(),
                ValueType.JOB,
                JobIntent.UPDATE_TIMEOUT,
                new JobRecord().setTimeout(request.getTimeout()),
                response -> UpdateJobTimeoutResponse.getDefaultInstance()));
  }

  public CompletableFuture<PublishMessageResponse> publishMessage(PublishMessageRequest request) {
    return built(
        request,
        () -> {
          var message =
              new MessageRecord()
                  .setName(request.getName())
                  .setCorrelationKey(request.getCorrelationKey())
                  .setTimeToLive(request.getTimeToLive())
                  .setMessageId(request.getMessageId());
          if (!request.getVariables().isEmpty()) {
            message.setVariables(Requests.msgPack(request.getVariables()));
          }
          if (!request.getTenantId().isEmpty()) {
            message.setTenantId(request.getTenantId());
          }
          return send(
              ValueType.MESSAGE,
              MessageIntent.PUBLISH,
              message,
              response ->
                  PublishMessageResponse.newBuilder()
                      .setKey(response.key())
                      .setTenantId(response.read(new MessageRecord()).getTenantId())
                      .build());
        });
  }

  public CompletableFuture<BroadcastSignalResponse> broadcastSignal(
      BroadcastSignalRequest request) {
    return built(
        request,
        () -> {
          var signal = new SignalRecord().setSignalName(request.getSignalName());
          if (!request.getVariables().isEmpty()) {
            signal.setVariables(Requests.msgPack(request.getVariables()));
          }
          if (!request.getTenantId().isEmpty()) {
            signal.setTenantId(request.getTenantId());
          }
          return send(
              ValueType.SIGNAL,
              SignalIntent.BROADCAST,
              signal,
              response ->
                  BroadcastSignalResponse.newBuilder()
                      .setKey(response.key())
                      .setTenantId(response.read(new SignalRecord()).getTenantId())
                      .build());
        });
  }

  public CompletableFuture<ResolveIncidentResponse> resolveIncident(
      ResolveIncidentRequest request) {
    return built(
        request,
        () ->
            send(
                request.getIncidentKey(),
                ValueType.INCIDENT,
                IncidentIntent.RESOLVE,
                new IncidentRecord(),
                response -> ResolveIncidentResponse.getDefaultInstance()));
  }

  public CompletableFuture<SetVariablesResponse> setVariables(SetVariablesRequest request) {
    return built(
        request,
        () -> {
          var document =
              new VariableDocumentRecord()
                  .setScopeKey(request.getElementInstanceKey())
                  .setUpdateSemantics(
                      request.getLocal()
                          ? VariableDocumentUpdateSemantic.LOCAL
                          : VariableDocumentUpdateSemantic.PROPAGATE);
          if (!request.getVariables().isEmpty()) {
            document.setVariables(Requests.msgPack(request.getVariables()));
          }
          return send(
              ValueType.VARIABLE_DOCUMENT,
              VariableDocumentIntent.UPDATE,
              document,
              response -> SetVariablesResponse.newBuilder().setKey(response.key()).build());
        });
  }

  public CompletableFuture<DeleteResourceResponse> deleteResource(DeleteResourceRequest request) {
    return built(
        request,
        () ->
            send(
                ValueType.RESOURCE_DELETION,
                ResourceDeletionIntent.DELETE,
                new ResourceDeletionRecord().setResourceKey(request.getResourceKey()),
                response -> DeleteResourceResponse.getDefaultInstance()));
  }

  /**
   * Correlates a message, as Camunda's REST API does: published with no time to live, answered by
   * the engine once a waiting instance or a start event took it ({@code processInstanceKey} of the
   * instance it reached), or refused as NOT_FOUND when nothing waits for it.
   */
  public CompletableFuture<MessageCorrelationRecord> correlateMessage(
      String name, String correlationKey, Map<String, Object> variables, String tenantId) {
    // No gRPC message to measure: the variables, the bulk of the request, stand for its size, so
    // the REST API's correlation meets the same limit as its other commands.
    byte[] document = MsgPackConverter.convertToMsgPack(variables);
    return built(
        document.length,
        () -> {
          var command =
              new MessageCorrelationRecord()
                  .setName(name)
                  .setCorrelationKey(correlationKey)
                  .setVariables(BufferUtil.wrapArray(document));
          if (tenantId != null) {
            command.setTenantId(tenantId);
          }
          return send(
              ValueType.MESSAGE_CORRELATION,
              MessageCorrelationIntent.CORRELATE,
              command,
              response -> response.read(new MessageCorrelationRecord()));
        });
  }

  /**
   * Pins the engine's clock at {@code epochMillis}: timers, time-outs and backoffs follow it from
   * then on. Answered once the engine's clock stands there.
   */
  public CompletableFuture<Void> pinClock(long epochMillis) {
    return send(
        ValueType.CLOCK, ClockIntent.PIN, new ClockRecord().pinAt(epochMillis), response -> null);
  }

  /** Lets the engine's clock follow the system's again. */
  public CompletableFuture<Void> resetClock() {
    return send(ValueType.CLOCK, ClockIntent.RESET, new ClockRecord(), response -> null);
  }

  /** Not answered: a job that moved on meanwhile is rejected by the engine, and nothing changes. */
  @Override
  public void recur(long jobKey, JobRecord job) {
    log.write(jobKey, ValueType.JOB, JobIntent.RECUR_AFTER_BACKOFF, job, CommandLog.NO_REQUEST);
  }

  /** {@link #built(int, Supplier)} for a gRPC request, of its serialized size. */
  private static <T> CompletableFuture<T> built(
      Message request, Supplier<CompletableFuture<T>> sending) {
    return built(request.getSerializedSize(), sending);
  }

  /**
   * The command {@code sending} builds from a request of {@code size} bytes and sends. A request
   * beyond {@link #MAX_MESSAGE_SIZE} fails the future as RESOURCE_EXHAUSTED, as gRPC refuses it;
   * one a command cannot be built from (variables that are no JSON object, a value a record
   * refuses) as INVALID_ARGUMENT with the reason, as Zeebe's gateway answers.
   */
  private static <T> CompletableFuture<T> built(int size, Supplier<CompletableFuture<T>> sending) {
    if (size > MAX_MESSAGE_SIZE) {
      return CompletableFuture.failedFuture(
          Status.RESOURCE_EXHAUSTED
              .withDescription(
                  "gRPC message exceeds maximum size " + MAX_MESSAGE_SIZE + ": " + size)
              .asRuntimeException());
    }
    try {
      return sending.get();
    } catch (StatusRuntimeException refused) {
      return CompletableFuture.failedFuture(refused);
    } catch (MsgpackPropertyException refused) {
      return CompletableFuture.failedFuture(
          Status.INVALID_ARGUMENT.withDescription(refused.getMessage()).asRuntimeException());
    }
  }

  private <T> CompletableFuture<T> send(
      ValueType valueType,
      Intent intent,
      UnifiedRecordValue command,
      Function<EngineResponse, T> reply) {
    return send(CommandLog.NO_KEY, valueType, intent, command, reply);
  }

  private <T> CompletableFuture<T> send(
      long key,
      ValueType valueType,
      Intent intent,
      UnifiedRecordValue command,
      Function<EngineResponse, T> reply) {
    var answer = new CompletableFuture<T>();
    send(key, valueType, intent, command, reply, answer);
    return answer;
  }

  /**
   * Writes the command under a new request id, whose answer completes {@code answer} as built by
   * {@code reply}. The id, registered before the command is written: the engine may answer at once.
   */
  private <T> long send(
      long key,
      ValueType valueType,
      Intent intent,
      UnifiedRecordValue command,
      Function<EngineResponse, T> reply,
      CompletableFuture<T> answer) {
    long requestId = requests.open(Caller.of(answer, reply));
    answer.whenComplete(
        (done, failure) -> {
          if (answer.isCancelled()) {
            requests.close(requestId);
          }
        });
    try {
      log.write(key, valueType, intent, command, requestId);
    } catch (RuntimeException e) {
      requests.close(requestId);
      answer.completeExceptionally(
          Status.UNAVAILABLE.withDescription(e.getMessage()).asRuntimeException());
    }
    return requestId;
  }
}
