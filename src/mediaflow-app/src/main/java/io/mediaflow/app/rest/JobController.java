package io.mediaflow.app.rest;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.CompleteJobRequest;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.FailJobRequest;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.ThrowErrorRequest;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.UpdateJobRetriesRequest;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.UpdateJobTimeoutRequest;
import io.mediaflow.app.engine.history.ProcessHistory;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.Set;
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
  DeferredResult<ObjectNode> activate(@RequestBody JsonNode request) {
    RequestObject body =
        RequestObject.of(
            request,
            "a job activation",
            Set.of(
                "type",
                "worker",
                "timeout",
                "maxJobsToActivate",
                "fetchVariable",
                "requestTimeout",
                "tenantIds",
                "tenantFilter"));
    String type = body.text("type", null);
    if (type == null || type.isBlank()) {
      throw ApiProblem.invalid("type is required and must not be blank");
    }
    long timeout = body.number("timeout", 1, -1);
    long max = body.number("maxJobsToActivate", 1, -1);
    if (timeout < 0 || max < 0) {
      throw ApiProblem.invalid((timeout < 0 ? "timeout" : "maxJobsToActivate") + " is required");
    }
    long requestTimeout = body.number("requestTimeout", Long.MIN_VALUE, 0);
    String tenantFilter = body.text("tenantFilter", "PROVIDED");
    if (!Set.of("PROVIDED", "ASSIGNED").contains(tenantFilter)) {
      throw ApiProblem.invalid(
          "tenantFilter must be PROVIDED or ASSIGNED, got '" + tenantFilter + "'");
    }
    List<String> tenants = body.texts("tenantIds");
    boolean defaultTenant =
        tenantFilter.equals("ASSIGNED")
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
            type,
            body.text("worker", null),
            Duration.ofMillis(timeout),
            (int) Math.min(max, Integer.MAX_VALUE),
            Optional.ofNullable(body.texts("fetchVariable")).orElse(List.of()),
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
      @PathVariable long jobKey, @RequestBody(required = false) JsonNode request) {
    RequestObject body =
        RequestObject.of(request, "a job completion", Set.of("variables", "result"));
    gateway.await(
        gateway
            .gateway()
            .completeJob(
                JobResultRequest.apply(
                        CompleteJobRequest.newBuilder()
                            .setJobKey(jobKey)
                            .setVariables(GatewayCalls.json(body.variables())),
                        body)
                    .build()));
    return ResponseEntity.noContent().build();
  }

  /**
   * {@code retries} left (0 raises an incident), {@code errorMessage}, {@code retryBackOff} (ms).
   */
  @PostMapping("/{jobKey}/failure")
  ResponseEntity<Void> fail(
      @PathVariable long jobKey, @RequestBody(required = false) JsonNode request) {
    RequestObject body =
        RequestObject.of(
            request,
            "a job failure",
            Set.of("retries", "errorMessage", "retryBackOff", "variables"));
    gateway.await(
        gateway
            .gateway()
            .failJob(
                FailJobRequest.newBuilder()
                    .setJobKey(jobKey)
                    .setRetries((int) body.number("retries", 0, 0))
                    .setErrorMessage(body.text("errorMessage", ""))
                    .setRetryBackOff(body.number("retryBackOff", 0, 0))
                    .setVariables(GatewayCalls.json(body.variables()))
                    .build()));
    return ResponseEntity.noContent().build();
  }

  /** A BPMN error: {@code errorCode} (required), {@code errorMessage}. */
  @PostMapping("/{jobKey}/error")
  ResponseEntity<Void> throwError(@PathVariable long jobKey, @RequestBody JsonNode request) {
    RequestObject body =
        RequestObject.of(request, "a job error", Set.of("errorCode", "errorMessage", "variables"));
    String code = body.text("errorCode", null);
    if (code == null) {
      throw ApiProblem.invalid("errorCode is required");
    }
    gateway.await(
        gateway
            .gateway()
            .throwError(
                ThrowErrorRequest.newBuilder()
                    .setJobKey(jobKey)
                    .setErrorCode(code)
                    .setErrorMessage(body.text("errorMessage", ""))
                    .setVariables(GatewayCalls.json(body.variables()))
                    .build()));
    return ResponseEntity.noContent().build();
  }

  /** {@code {"changeset": {"retries": n, "timeout": ms}}}: either or both. */
  @PatchMapping("/{jobKey}")
  ResponseEntity<Void> updateJob(@PathVariable long jobKey, @RequestBody JsonNode request) {
    RequestObject body =
        RequestObject.of(request, "a job update", Set.of("changeset", "operationReference"));
    RequestObject changeset = body.object("changeset", Set.of("retries", "timeout"));
    long retries = changeset.number("retries", 1, -1);
    long timeout = changeset.number("timeout", 1, -1);
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
                      .setRetries((int) Math.min(retries, Integer.MAX_VALUE))
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
