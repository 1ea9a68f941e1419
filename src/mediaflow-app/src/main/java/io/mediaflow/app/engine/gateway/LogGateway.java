package io.mediaflow.app.engine.gateway;

import io.camunda.zeebe.gateway.protocol.GatewayGrpc;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.ActivateJobsRequest;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.ActivateJobsResponse;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.ActivatedJob;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.BroadcastSignalRequest;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.BroadcastSignalResponse;
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
import io.grpc.Status;
import io.grpc.stub.StreamObserver;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Supplier;

/**
 * The gRPC calls Camunda's clients make, each handed to the {@link CommandGateway} in this process
 * and answered with its response or its refusal's status. A client that cancels its call cancels
 * the command's wait: the engine's answer then finds nobody. One partition, one broker: this
 * process.
 */
final class LogGateway extends GatewayGrpc.GatewayImplBase {

  private final CommandGateway gateway;
  private final JobStreams streams;

  LogGateway(CommandGateway gateway, JobStreams streams) {
    this.gateway = gateway;
    this.streams = streams;
  }

  @Override
  public void topology(TopologyRequest request, StreamObserver<TopologyResponse> answer) {
    answer.onNext(gateway.topology());
    answer.onCompleted();
  }

  @Override
  public void deployResource(
      DeployResourceRequest request, StreamObserver<DeployResourceResponse> answer) {
    reply(() -> gateway.deployResource(request), answer);
  }

  @Override
  public void createProcessInstance(
      CreateProcessInstanceRequest request, StreamObserver<CreateProcessInstanceResponse> answer) {
    reply(() -> gateway.createProcessInstance(request), answer);
  }

  @Override
  public void createProcessInstanceWithResult(
      CreateProcessInstanceWithResultRequest request,
      StreamObserver<CreateProcessInstanceWithResultResponse> answer) {
    reply(() -> gateway.createProcessInstanceWithResult(request), answer);
  }

  @Override
  public void cancelProcessInstance(
      CancelProcessInstanceRequest request, StreamObserver<CancelProcessInstanceResponse> answer) {
    reply(() -> gateway.cancelProcessInstance(request), answer);
  }

  @Override
  public void modifyProcessInstance(
      ModifyProcessInstanceRequest request, StreamObserver<ModifyProcessInstanceResponse> answer) {
    reply(() -> gateway.modifyProcessInstance(request), answer);
  }

  @Override
  public void migrateProcessInstance(
      MigrateProcessInstanceRequest request,
      StreamObserver<MigrateProcessInstanceResponse> answer) {
    reply(() -> gateway.migrateProcessInstance(request), answer);
  }

  @Override
  public void completeJob(CompleteJobRequest request, StreamObserver<CompleteJobResponse> answer) {
    reply(() -> gateway.completeJob(request), answer);
  }

  @Override
  public void failJob(FailJobRequest request, StreamObserver<FailJobResponse> answer) {
    reply(() -> gateway.failJob(request), answer);
  }

  @Override
  public void throwError(ThrowErrorRequest request, StreamObserver<ThrowErrorResponse> answer) {
    reply(() -> gateway.throwError(request), answer);
  }

  @Override
  public void updateJobRetries(
      UpdateJobRetriesRequest request, StreamObserver<UpdateJobRetriesResponse> answer) {
    reply(() -> gateway.updateJobRetries(request), answer);
  }

  @Override
  public void updateJobTimeout(
      UpdateJobTimeoutRequest request, StreamObserver<UpdateJobTimeoutResponse> answer) {
    reply(() -> gateway.updateJobTimeout(request), answer);
  }

  @Override
  public void publishMessage(
      PublishMessageRequest request, StreamObserver<PublishMessageResponse> answer) {
    reply(() -> gateway.publishMessage(request), answer);
  }

  @Override
  public void broadcastSignal(
      BroadcastSignalRequest request, StreamObserver<BroadcastSignalResponse> answer) {
    reply(() -> gateway.broadcastSignal(request), answer);
  }

  @Override
  public void resolveIncident(
      ResolveIncidentRequest request, StreamObserver<ResolveIncidentResponse> answer) {
    reply(() -> gateway.resolveIncident(request), answer);
  }

  @Override
  public void setVariables(
      SetVariablesRequest request, StreamObserver<SetVariablesResponse> answer) {
    reply(() -> gateway.setVariables(request), answer);
  }

  @Override
  public void evaluateDecision(
      EvaluateDecisionRequest request, StreamObserver<EvaluateDecisionResponse> answer) {
    reply(() -> gateway.evaluateDecision(request), answer);
  }

  @Override
  public void deleteResource(
      DeleteResourceRequest request, StreamObserver<DeleteResourceResponse> answer) {
    reply(() -> gateway.deleteResource(request), answer);
  }

  @Override
  public void activateJobs(
      ActivateJobsRequest request, StreamObserver<ActivateJobsResponse> answer) {
    gateway.activateJobs(
        request,
        new JobPolls.Worker() {
          @Override
          public boolean jobs(ActivateJobsResponse jobs) {
            return Calls.send(
                answer,
                () -> {
                  answer.onNext(jobs);
                  answer.onCompleted();
                });
          }

          @Override
          public void none() {
            Calls.send(answer, answer::onCompleted);
          }

          @Override
          public void refused(Status status) {
            Calls.send(answer, () -> answer.onError(status.asRuntimeException()));
          }

          @Override
          public void onGone(Runnable end) {
            Calls.onCancel(answer, end);
          }
        });
  }

  @Override
  public void streamActivatedJobs(
      StreamActivatedJobsRequest request, StreamObserver<ActivatedJob> answer) {
    streams.open(request, answer);
  }

  /**
   * Sends the command's response, or its refusal's status, to the call; a call the client cancels
   * cancels the command's wait (registered before the command is sent: the engine may answer at
   * once).
   */
  private static <T> void reply(Supplier<CompletableFuture<T>> sending, StreamObserver<T> answer) {
    var sent = new AtomicReference<CompletableFuture<T>>();
    Calls.onCancel(
        answer,
        () -> {
          if (sent.get() != null) {
            sent.get().cancel(false);
          }
        });
    CompletableFuture<T> command = sending.get();
    sent.set(command);
    command.whenComplete(
        (response, failure) -> {
          if (failure == null) {
            Calls.send(
                answer,
                () -> {
                  answer.onNext(response);
                  answer.onCompleted();
                });
          } else if (!command.isCancelled()) {
            Throwable cause =
                failure instanceof CompletionException wrapped && wrapped.getCause() != null
                    ? wrapped.getCause()
                    : failure;
            Calls.send(
                answer, () -> answer.onError(Status.fromThrowable(cause).asRuntimeException()));
          }
        });
  }
}
