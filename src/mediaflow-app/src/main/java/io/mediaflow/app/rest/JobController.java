package io.mediaflow.app.rest;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.camunda.client.protocol.rest.JobChangeset;
import io.camunda.client.protocol.rest.JobCompletionRequest;
import io.camunda.client.protocol.rest.JobErrorRequest;
import io.camunda.client.protocol.rest.JobFailRequest;
import io.camunda.client.protocol.rest.JobUpdateRequest;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.CompleteJobRequest;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.FailJobRequest;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.ThrowErrorRequest;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.UpdateJobRetriesRequest;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.UpdateJobTimeoutRequest;
import io.mediaflow.app.engine.history.ProcessHistory;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.PatchMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.context.request.async.DeferredResult;

/**
 * Jobs over REST, as Camunda's REST API has them, so a job worker of a client in REST mode works:
 * activation (with long polling, {@link JobActivations}), completion, failure, BPMN error, and
 * changing a job's retries or timeout, each forwarded to the engine; and the search, answered from
 * {@link ProcessHistory}.
 */
@RestController
@RequestMapping("/v2/jobs")
class JobController {

  private final GatewayCalls gateway;
  private final JobActivations activations;
  private final ProcessHistory history;

  JobController(GatewayCalls gateway, JobActivations activations, ProcessHistory history) {
    this.gateway = gateway;
    this.activations = activations;
    this.history = history;
  }

  /**
   * {@code type}, {@code worker}, {@code timeout} (ms), {@code maxJobsToActivate}, {@code
   * fetchVariable}, and how long to wait for jobs when there are none: {@code requestTimeout} (ms;
   * 0 or absent: Camunda's 10 s, negative: not at all). {@code tenantIds} ({@code tenantFilter}
   * {@code PROVIDED}, the default) other than {@code <default>} get no jobs: the embedded engine
   * has no other tenant.
   */
  @PostMapping("/activation")
  DeferredResult<ObjectNode> activate(@RequestBody JobActivationRequest request) {
    if (request.type().isBlank()) {
      throw ApiProblem.invalid("type must not be blank");
    }
    long timeout = RequestValues.atLeast("timeout", request.timeout(), 1, -1);
    long max = RequestValues.atLeast("maxJobsToActivate", request.maxJobsToActivate(), 1, -1);
    long requestTimeout = Objects.requireNonNullElse(request.requestTimeout(), 0L);
    List<String> tenants = request.tenantIds();
    boolean defaultTenant =
        request.tenantFilter() == JobActivationRequest.TenantFilter.ASSIGNED
            || tenants == null
            || tenants.isEmpty()
            || tenants.contains(JobActivations.DEFAULT_TENANT);
    Duration wait =
        requestTimeout < 0
            ? null
            : requestTimeout == 0
                ? JobActivations.DEFAULT_REQUEST_TIMEOUT
                : Duration.ofMillis(requestTimeout);
    return activations.activate(
        new JobActivations.Request(
            request.type(),
            request.worker(),
            Duration.ofMillis(timeout),
            (int) max,
            Objects.requireNonNullElse(request.fetchVariable(), List.of()),
            wait,
            defaultTenant));
  }

  /**
   * Jobs of the instances the history keeps, by any field of the result ({@code type}, {@code
   * state}, ...).
   */
  @PostMapping("/search")
  ObjectNode search(@RequestBody(required = false) JsonNode query) {
    return Search.of(query).apply(history.jobLookup(), Shapes::job);
  }

  /** {@code variables}, and a {@code result} for the engine ({@link JobResultRequest}). */
  @PostMapping("/{jobKey}/completion")
  ResponseEntity<Void> complete(
      @PathVariable long jobKey, @RequestBody(required = false) JobCompletionRequest request) {
    var body = Objects.requireNonNullElseGet(request, JobCompletionRequest::new);
    gateway.await(
        gateway
            .gateway()
            .completeJob(
                JobResultRequest.apply(
                        CompleteJobRequest.newBuilder()
                            .setJobKey(jobKey)
                            .setVariables(GatewayCalls.json(body.getVariables())),
                        body.getResult())
                    .build()));
    return ResponseEntity.noContent().build();
  }

  /**
   * {@code retries} left (0 raises an incident), {@code errorMessage}, {@code retryBackOff} (ms).
   */
  @PostMapping("/{jobKey}/failure")
  ResponseEntity<Void> fail(
      @PathVariable long jobKey, @RequestBody(required = false) JobFailRequest request) {
    var body = Objects.requireNonNullElseGet(request, JobFailRequest::new);
    gateway.await(
        gateway
            .gateway()
            .failJob(
                FailJobRequest.newBuilder()
                    .setJobKey(jobKey)
                    .setRetries((int) RequestValues.atLeast("retries", body.getRetries(), 0, 0))
                    .setErrorMessage(Objects.requireNonNullElse(body.getErrorMessage(), ""))
                    .setRetryBackOff(
                        RequestValues.atLeast("retryBackOff", body.getRetryBackOff(), 0, 0))
                    .setVariables(GatewayCalls.json(body.getVariables()))
                    .build()));
    return ResponseEntity.noContent().build();
  }

  /** A BPMN error: {@code errorCode} (required), {@code errorMessage}. */
  @PostMapping("/{jobKey}/error")
  ResponseEntity<Void> throwError(@PathVariable long jobKey, @RequestBody JobErrorRequest request) {
    gateway.await(
        gateway
            .gateway()
            .throwError(
                ThrowErrorRequest.newBuilder()
                    .setJobKey(jobKey)
                    .setErrorCode(request.getErrorCode())
                    .setErrorMessage(Objects.requireNonNullElse(request.getErrorMessage(), ""))
                    .setVariables(GatewayCalls.json(request.getVariables()))
                    .build()));
    return ResponseEntity.noContent().build();
  }

  /** {@code {"changeset": {"retries": n, "timeout": ms}}}: either or both. */
  @PatchMapping("/{jobKey}")
  ResponseEntity<Void> updateJob(@PathVariable long jobKey, @RequestBody JobUpdateRequest request) {
    JobChangeset changeset = request.getChangeset();
    long retries = RequestValues.atLeast("changeset.retries", changeset.getRetries(), 1, -1);
    long timeout = RequestValues.atLeast("changeset.timeout", changeset.getTimeout(), 1, -1);
    if (retries < 0 && timeout < 0) {
      throw ApiProblem.invalid("changeset must set retries or timeout");
    }
    if (retries > 0) {
      gateway.await(
          gateway
              .gateway()
              .updateJobRetries(
                  UpdateJobRetriesRequest.newBuilder()
                      .setJobKey(jobKey)
                      .setRetries((int) retries)
                      .build()));
    }
    if (timeout > 0) {
      gateway.await(
          gateway
              .gateway()
              .updateJobTimeout(
                  UpdateJobTimeoutRequest.newBuilder()
                      .setJobKey(jobKey)
                      .setTimeout(timeout)
                      .build()));
    }
    return ResponseEntity.noContent().build();
  }
}
