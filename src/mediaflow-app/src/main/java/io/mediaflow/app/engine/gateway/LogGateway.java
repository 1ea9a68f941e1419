package io.mediaflow.app.engine.gateway;

import io.camunda.zeebe.gateway.protocol.GatewayGrpc;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.ActivateJobsRequest;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.ActivateJobsResponse;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.ActivatedJob;
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
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.DecisionMetadata;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.DecisionRequirementsMetadata;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.DeleteResourceRequest;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.DeleteResourceResponse;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.DeployResourceRequest;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.DeployResourceResponse;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.EvaluateDecisionRequest;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.EvaluateDecisionResponse;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.FailJobRequest;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.FailJobResponse;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.FormMetadata;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.ModifyProcessInstanceRequest;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.ModifyProcessInstanceResponse;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.Partition;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.ProcessMetadata;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.PublishMessageRequest;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.PublishMessageResponse;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.ResolveIncidentRequest;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.ResolveIncidentResponse;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.SetVariablesRequest;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.SetVariablesResponse;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.StreamActivatedJobsRequest;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.ThrowErrorRequest;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.ThrowErrorResponse;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.TopologyRequest;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.TopologyResponse;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.UpdateJobRetriesRequest;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.UpdateJobRetriesResponse;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.UpdateJobTimeoutRequest;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.UpdateJobTimeoutResponse;
import io.camunda.zeebe.protocol.impl.encoding.MsgPackConverter;
import io.camunda.zeebe.protocol.impl.record.UnifiedRecordValue;
import io.camunda.zeebe.protocol.impl.record.value.deployment.DeploymentRecord;
import io.camunda.zeebe.protocol.impl.record.value.incident.IncidentRecord;
import io.camunda.zeebe.protocol.impl.record.value.job.JobRecord;
import io.camunda.zeebe.protocol.impl.record.value.message.MessageRecord;
import io.camunda.zeebe.protocol.impl.record.value.processinstance.ProcessInstanceCreationRecord;
import io.camunda.zeebe.protocol.impl.record.value.processinstance.ProcessInstanceCreationRuntimeInstruction;
import io.camunda.zeebe.protocol.impl.record.value.processinstance.ProcessInstanceCreationStartInstruction;
import io.camunda.zeebe.protocol.impl.record.value.processinstance.ProcessInstanceModificationActivateInstruction;
import io.camunda.zeebe.protocol.impl.record.value.processinstance.ProcessInstanceModificationRecord;
import io.camunda.zeebe.protocol.impl.record.value.processinstance.ProcessInstanceModificationTerminateInstruction;
import io.camunda.zeebe.protocol.impl.record.value.processinstance.ProcessInstanceModificationVariableInstruction;
import io.camunda.zeebe.protocol.impl.record.value.processinstance.ProcessInstanceRecord;
import io.camunda.zeebe.protocol.impl.record.value.processinstance.ProcessInstanceResultRecord;
import io.camunda.zeebe.protocol.impl.record.value.resource.ResourceDeletionRecord;
import io.camunda.zeebe.protocol.impl.record.value.signal.SignalRecord;
import io.camunda.zeebe.protocol.impl.record.value.variable.VariableDocumentRecord;
import io.camunda.zeebe.protocol.record.ValueType;
import io.camunda.zeebe.protocol.record.intent.DecisionEvaluationIntent;
import io.camunda.zeebe.protocol.record.intent.DeploymentIntent;
import io.camunda.zeebe.protocol.record.intent.IncidentIntent;
import io.camunda.zeebe.protocol.record.intent.Intent;
import io.camunda.zeebe.protocol.record.intent.JobIntent;
import io.camunda.zeebe.protocol.record.intent.MessageIntent;
import io.camunda.zeebe.protocol.record.intent.ProcessInstanceCreationIntent;
import io.camunda.zeebe.protocol.record.intent.ProcessInstanceIntent;
import io.camunda.zeebe.protocol.record.intent.ProcessInstanceModificationIntent;
import io.camunda.zeebe.protocol.record.intent.ResourceDeletionIntent;
import io.camunda.zeebe.protocol.record.intent.SignalIntent;
import io.camunda.zeebe.protocol.record.intent.VariableDocumentIntent;
import io.camunda.zeebe.protocol.record.value.RuntimeInstructionType;
import io.camunda.zeebe.protocol.record.value.VariableDocumentUpdateSemantic;
import io.camunda.zeebe.util.VersionUtil;
import io.camunda.zeebe.util.buffer.BufferUtil;
import io.grpc.Status;
import io.grpc.stub.StreamObserver;
import java.util.HashSet;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import org.agrona.DirectBuffer;

/**
 * The gRPC calls Camunda's clients make, each written to the engine's log as the command Zeebe's
 * gateway sends a broker for it, and answered from the engine's answer ({@link EngineAnswers}). One
 * partition, one broker: this process.
 */
final class LogGateway extends GatewayGrpc.GatewayImplBase {

  private final CommandLog log;
  private final OpenRequests requests;
  private final JobPolls polls;
  private final JobStreams streams;
  private final ScheduledExecutorService timer;
  private final int partitionId;
  private final int port;

  LogGateway(
      CommandLog log,
      OpenRequests requests,
      JobPolls polls,
      JobStreams streams,
      ScheduledExecutorService timer,
      int partitionId,
      int port) {
    this.log = log;
    this.requests = requests;
    this.polls = polls;
    this.streams = streams;
    this.timer = timer;
    this.partitionId = partitionId;
    this.port = port;
  }

  @Override
  public void topology(TopologyRequest request, StreamObserver<TopologyResponse> answer) {
    var partition =
        Partition.newBuilder()
            .setPartitionId(partitionId)
            .setRole(Partition.PartitionBrokerRole.LEADER)
            .setHealth(Partition.PartitionBrokerHealth.HEALTHY);
    var broker =
        BrokerInfo.newBuilder()
            .setNodeId(0)
            .setHost("localhost")
            .setPort(port)
            .setVersion(VersionUtil.getVersion())
            .addPartitions(partition);
    answer.onNext(
        TopologyResponse.newBuilder()
            .addBrokers(broker)
            .setClusterSize(1)
            .setPartitionsCount(1)
            .setReplicationFactor(1)
            .setGatewayVersion(VersionUtil.getVersion())
            .build());
    answer.onCompleted();
  }

  @Override
  public void deployResource(
      DeployResourceRequest request, StreamObserver<DeployResourceResponse> answer) {
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
    send(ValueType.DEPLOYMENT, DeploymentIntent.CREATE, deployment, answer, LogGateway::deployed);
  }

  private static DeployResourceResponse deployed(EngineResponse response) {
    DeploymentRecord deployment = response.read(new DeploymentRecord());
    String tenant = deployment.getTenantId();
    var deployed = DeployResourceResponse.newBuilder().setKey(response.key()).setTenantId(tenant);
    deployment
        .getProcessesMetadata()
        .forEach(
            process ->
                deployed
                    .addDeploymentsBuilder()
                    .setProcess(
                        ProcessMetadata.newBuilder()
                            .setBpmnProcessId(process.getBpmnProcessId())
                            .setVersion(process.getVersion())
                            .setProcessDefinitionKey(process.getProcessDefinitionKey())
                            .setResourceName(process.getResourceName())
                            .setTenantId(tenant)));
    deployment
        .getDecisionsMetadata()
        .forEach(
            decision ->
                deployed
                    .addDeploymentsBuilder()
                    .setDecision(
                        DecisionMetadata.newBuilder()
                            .setDmnDecisionId(decision.getDecisionId())
                            .setDmnDecisionName(decision.getDecisionName())
                            .setVersion(decision.getVersion())
                            .setDecisionKey(decision.getDecisionKey())
                            .setDmnDecisionRequirementsId(decision.getDecisionRequirementsId())
                            .setDecisionRequirementsKey(decision.getDecisionRequirementsKey())
                            .setTenantId(tenant)));
    deployment
        .getDecisionRequirementsMetadata()
        .forEach(
            drd ->
                deployed
                    .addDeploymentsBuilder()
                    .setDecisionRequirements(
                        DecisionRequirementsMetadata.newBuilder()
                            .setDmnDecisionRequirementsId(drd.getDecisionRequirementsId())
                            .setDmnDecisionRequirementsName(drd.getDecisionRequirementsName())
                            .setVersion(drd.getDecisionRequirementsVersion())
                            .setDecisionRequirementsKey(drd.getDecisionRequirementsKey())
                            .setResourceName(drd.getResourceName())
                            .setTenantId(tenant)));
    deployment
        .getFormMetadata()
        .forEach(
            form ->
                deployed
                    .addDeploymentsBuilder()
                    .setForm(
                        FormMetadata.newBuilder()
                            .setFormId(form.getFormId())
                            .setVersion(form.getVersion())
                            .setFormKey(form.getFormKey())
                            .setResourceName(form.getResourceName())
                            .setTenantId(tenant)));
    return deployed.build();
  }

  @Override
  public void createProcessInstance(
      CreateProcessInstanceRequest request, StreamObserver<CreateProcessInstanceResponse> answer) {
    send(
        ValueType.PROCESS_INSTANCE_CREATION,
        ProcessInstanceCreationIntent.CREATE,
        creation(request),
        answer,
        response -> {
          var created = response.read(new ProcessInstanceCreationRecord());
          return CreateProcessInstanceResponse.newBuilder()
              .setProcessInstanceKey(created.getProcessInstanceKey())
              .setProcessDefinitionKey(created.getProcessDefinitionKey())
              .setBpmnProcessId(created.getBpmnProcessId())
              .setVersion(created.getVersion())
              .setTenantId(created.getTenantId())
              .addAllTags(created.getTags())
              .build();
        });
  }

  /**
   * Answered once the instance has completed, with its variables; a call still open after its
   * request timeout fails with DEADLINE_EXCEEDED, as Zeebe's gateway fails it (the instance runs
   * on).
   */
  @Override
  public void createProcessInstanceWithResult(
      CreateProcessInstanceWithResultRequest request,
      StreamObserver<CreateProcessInstanceWithResultResponse> answer) {
    var creation =
        creation(request.getRequest()).setFetchVariables(request.getFetchVariablesList());
    long requestId =
        send(
            ValueType.PROCESS_INSTANCE_CREATION,
            ProcessInstanceCreationIntent.CREATE_WITH_AWAITING_RESULT,
            creation,
            answer,
            response -> {
              var result = response.read(new ProcessInstanceResultRecord());
              return CreateProcessInstanceWithResultResponse.newBuilder()
                  .setProcessInstanceKey(result.getProcessInstanceKey())
                  .setProcessDefinitionKey(result.getProcessDefinitionKey())
                  .setBpmnProcessId(result.getBpmnProcessId())
                  .setVersion(result.getVersion())
                  .setTenantId(result.getTenantId())
                  .addAllTags(result.getTags())
                  .setVariables(MsgPackConverter.convertToJson(result.getVariablesBuffer()))
                  .build();
            });
    if (request.getRequestTimeout() > 0) {
      timer.schedule(
          () -> {
            if (requests.close(requestId) != null) {
              Calls.send(
                  answer,
                  () ->
                      answer.onError(
                          Status.DEADLINE_EXCEEDED
                              .withDescription(
                                  "The process instance"
                                      + " did not complete within the request timeout of "
                                      + request.getRequestTimeout()
                                      + " ms")
                              .asRuntimeException()));
            }
          },
          request.getRequestTimeout(),
          TimeUnit.MILLISECONDS);
    }
  }

  private static ProcessInstanceCreationRecord creation(CreateProcessInstanceRequest request) {
    var creation =
        new ProcessInstanceCreationRecord()
            .setBpmnProcessId(request.getBpmnProcessId())
            .setVersion(request.getVersion())
            .setProcessDefinitionKey(request.getProcessDefinitionKey())
            .setTags(new HashSet<>(request.getTagsList()));
    request
        .getStartInstructionsList()
        .forEach(
            start ->
                creation.addStartInstruction(
                    new ProcessInstanceCreationStartInstruction()
                        .setElementId(start.getElementId())));
    request.getRuntimeInstructionsList().stream()
        .filter(instruction -> instruction.hasTerminate())
        .forEach(
            instruction ->
                creation.addRuntimeInstruction(
                    new ProcessInstanceCreationRuntimeInstruction()
                        .setType(RuntimeInstructionType.TERMINATE_PROCESS_INSTANCE)
                        .setAfterElementId(instruction.getTerminate().getAfterElementId())));
    if (!request.getVariables().isEmpty()) {
      creation.setVariables(msgPack(request.getVariables()));
    }
    if (!request.getTenantId().isEmpty()) {
      creation.setTenantId(request.getTenantId());
    }
    return creation;
  }

  @Override
  public void cancelProcessInstance(
      CancelProcessInstanceRequest request, StreamObserver<CancelProcessInstanceResponse> answer) {
    var instance =
        new ProcessInstanceRecord().setProcessInstanceKey(request.getProcessInstanceKey());
    send(
        request.getProcessInstanceKey(),
        ValueType.PROCESS_INSTANCE,
        ProcessInstanceIntent.CANCEL,
        instance,
        answer,
        response -> CancelProcessInstanceResponse.getDefaultInstance());
  }

  @Override
  public void modifyProcessInstance(
      ModifyProcessInstanceRequest request, StreamObserver<ModifyProcessInstanceResponse> answer) {
    var modification =
        new ProcessInstanceModificationRecord()
            .setProcessInstanceKey(request.getProcessInstanceKey());
    for (var activate : request.getActivateInstructionsList()) {
      var instruction =
          new ProcessInstanceModificationActivateInstruction()
              .setElementId(activate.getElementId())
              .setAncestorScopeKey(activate.getAncestorElementInstanceKey());
      activate
          .getVariableInstructionsList()
          .forEach(
              variables ->
                  instruction.addVariableInstruction(
                      new ProcessInstanceModificationVariableInstruction()
                          .setElementId(variables.getScopeId())
                          .setVariables(msgPack(variables.getVariables()))));
      modification.addActivateInstruction(instruction);
    }
    request
        .getTerminateInstructionsList()
        .forEach(
            terminate ->
                modification.addTerminateInstruction(
                    new ProcessInstanceModificationTerminateInstruction()
                        .setElementInstanceKey(terminate.getElementInstanceKey())));
    send(
        request.getProcessInstanceKey(),
        ValueType.PROCESS_INSTANCE_MODIFICATION,
        ProcessInstanceModificationIntent.MODIFY,
        modification,
        answer,
        response -> ModifyProcessInstanceResponse.getDefaultInstance());
  }

  @Override
  public void activateJobs(
      ActivateJobsRequest request, StreamObserver<ActivateJobsResponse> answer) {
    polls.activate(request, answer);
  }

  @Override
  public void streamActivatedJobs(
      StreamActivatedJobsRequest request, StreamObserver<ActivatedJob> answer) {
    streams.open(request, answer);
  }

  @Override
  public void completeJob(CompleteJobRequest request, StreamObserver<CompleteJobResponse> answer) {
    var job = new JobRecord();
    if (!request.getVariables().isEmpty()) {
      job.setVariables(msgPack(request.getVariables()));
    }
    if (request.hasResult()) {
      job.setResult(JobResults.of(request.getResult(), LogGateway::msgPack));
    }
    send(
        request.getJobKey(),
        ValueType.JOB,
        JobIntent.COMPLETE,
        job,
        answer,
        response -> CompleteJobResponse.getDefaultInstance());
  }

  /**
   * With the request's variables, which the engine sets as local variables of the job's element
   * instance.
   */
  @Override
  public void failJob(FailJobRequest request, StreamObserver<FailJobResponse> answer) {
    var job =
        new JobRecord()
            .setRetries(request.getRetries())
            .setErrorMessage(request.getErrorMessage())
            .setRetryBackoff(request.getRetryBackOff());
    if (!request.getVariables().isEmpty()) {
      job.setVariables(msgPack(request.getVariables()));
    }
    send(
        request.getJobKey(),
        ValueType.JOB,
        JobIntent.FAIL,
        job,
        answer,
        response -> FailJobResponse.getDefaultInstance());
  }

  @Override
  public void throwError(ThrowErrorRequest request, StreamObserver<ThrowErrorResponse> answer) {
    var job =
        new JobRecord()
            .setErrorCode(BufferUtil.wrapString(request.getErrorCode()))
            .setErrorMessage(request.getErrorMessage());
    if (!request.getVariables().isEmpty()) {
      job.setVariables(msgPack(request.getVariables()));
    }
    send(
        request.getJobKey(),
        ValueType.JOB,
        JobIntent.THROW_ERROR,
        job,
        answer,
        response -> ThrowErrorResponse.getDefaultInstance());
  }

  @Override
  public void updateJobRetries(
      UpdateJobRetriesRequest request, StreamObserver<UpdateJobRetriesResponse> answer) {
    send(
        request.getJobKey(),
        ValueType.JOB,
        JobIntent.UPDATE_RETRIES,
        new JobRecord().setRetries(request.getRetries()),
        answer,
        response -> UpdateJobRetriesResponse.getDefaultInstance());
  }

  @Override
  public void updateJobTimeout(
      UpdateJobTimeoutRequest request, StreamObserver<UpdateJobTimeoutResponse> answer) {
    send(
        request.getJobKey(),
        ValueType.JOB,
        JobIntent.UPDATE_TIMEOUT,
        new JobRecord().setTimeout(request.getTimeout()),
        answer,
        response -> UpdateJobTimeoutResponse.getDefaultInstance());
  }

  @Override
  public void publishMessage(
      PublishMessageRequest request, StreamObserver<PublishMessageResponse> answer) {
    var message =
        new MessageRecord()
            .setName(request.getName())
            .setCorrelationKey(request.getCorrelationKey())
            .setTimeToLive(request.getTimeToLive())
            .setMessageId(request.getMessageId());
    if (!request.getVariables().isEmpty()) {
      message.setVariables(msgPack(request.getVariables()));
    }
    if (!request.getTenantId().isEmpty()) {
      message.setTenantId(request.getTenantId());
    }
    send(
        ValueType.MESSAGE,
        MessageIntent.PUBLISH,
        message,
        answer,
        response ->
            PublishMessageResponse.newBuilder()
                .setKey(response.key())
                .setTenantId(response.read(new MessageRecord()).getTenantId())
                .build());
  }

  @Override
  public void broadcastSignal(
      BroadcastSignalRequest request, StreamObserver<BroadcastSignalResponse> answer) {
    var signal = new SignalRecord().setSignalName(request.getSignalName());
    if (!request.getVariables().isEmpty()) {
      signal.setVariables(msgPack(request.getVariables()));
    }
    if (!request.getTenantId().isEmpty()) {
      signal.setTenantId(request.getTenantId());
    }
    send(
        ValueType.SIGNAL,
        SignalIntent.BROADCAST,
        signal,
        answer,
        response ->
            BroadcastSignalResponse.newBuilder()
                .setKey(response.key())
                .setTenantId(response.read(new SignalRecord()).getTenantId())
                .build());
  }

  @Override
  public void resolveIncident(
      ResolveIncidentRequest request, StreamObserver<ResolveIncidentResponse> answer) {
    send(
        request.getIncidentKey(),
        ValueType.INCIDENT,
        IncidentIntent.RESOLVE,
        new IncidentRecord(),
        answer,
        response -> ResolveIncidentResponse.getDefaultInstance());
  }

  @Override
  public void setVariables(
      SetVariablesRequest request, StreamObserver<SetVariablesResponse> answer) {
    var document =
        new VariableDocumentRecord()
            .setScopeKey(request.getElementInstanceKey())
            .setUpdateSemantics(
                request.getLocal()
                    ? VariableDocumentUpdateSemantic.LOCAL
                    : VariableDocumentUpdateSemantic.PROPAGATE);
    if (!request.getVariables().isEmpty()) {
      document.setVariables(msgPack(request.getVariables()));
    }
    send(
        ValueType.VARIABLE_DOCUMENT,
        VariableDocumentIntent.UPDATE,
        document,
        answer,
        response -> SetVariablesResponse.newBuilder().setKey(response.key()).build());
  }

  @Override
  public void evaluateDecision(
      EvaluateDecisionRequest request, StreamObserver<EvaluateDecisionResponse> answer) {
    send(
        ValueType.DECISION_EVALUATION,
        DecisionEvaluationIntent.EVALUATE,
        DecisionEvaluations.command(
            request, request.getVariables().isEmpty() ? null : msgPack(request.getVariables())),
        answer,
        DecisionEvaluations::response);
  }

  @Override
  public void deleteResource(
      DeleteResourceRequest request, StreamObserver<DeleteResourceResponse> answer) {
    send(
        ValueType.RESOURCE_DELETION,
        ResourceDeletionIntent.DELETE,
        new ResourceDeletionRecord().setResourceKey(request.getResourceKey()),
        answer,
        response -> DeleteResourceResponse.getDefaultInstance());
  }

  private <T> long send(
      ValueType valueType,
      Intent intent,
      UnifiedRecordValue command,
      StreamObserver<T> answer,
      Function<EngineResponse, T> reply) {
    return send(CommandLog.NO_KEY, valueType, intent, command, answer, reply);
  }

  /**
   * Writes the command under a new request id, whose answer goes to {@code answer} as built by
   * {@code reply}; a client that cancels the call is forgotten. The id, registered before the
   * command is written: the engine may answer at once.
   */
  private <T> long send(
      long key,
      ValueType valueType,
      Intent intent,
      UnifiedRecordValue command,
      StreamObserver<T> answer,
      Function<EngineResponse, T> reply) {
    long requestId = requests.open(Caller.unary(answer, reply));
    Calls.onCancel(answer, () -> requests.close(requestId));
    try {
      log.write(key, valueType, intent, command, requestId);
    } catch (RuntimeException e) {
      requests.close(requestId);
      answer.onError(Status.UNAVAILABLE.withDescription(e.getMessage()).asRuntimeException());
    }
    return requestId;
  }

  /**
   * A request's variables as the engine keeps them; anything but a JSON object is refused as
   * Zeebe's gateway does.
   */
  private static DirectBuffer msgPack(String json) {
    try {
      return BufferUtil.wrapArray(MsgPackConverter.convertToMsgPack(json));
    } catch (RuntimeException e) {
      // The value is not echoed: variables may hold secrets.
      throw Status.INVALID_ARGUMENT
          .withDescription("Property 'variables' is invalid: expected a JSON object")
          .asRuntimeException();
    }
  }
}
