package io.mediaflow.worker;

import io.camunda.client.CamundaClient;
import io.camunda.client.api.response.ActivatedJob;
import io.camunda.client.api.worker.JobClient;
import io.mediaflow.api.ApiException;
import io.mediaflow.api.ApiJson;
import io.mediaflow.api.InvalidRequestException;
import java.time.Duration;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Function;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

/**
 * The one way a Mediaflow worker runs an API operation for a job: read and check the input, call, write the
 * result, and turn every failure into what the process can act on.
 *
 * <ul>
 *   <li>input that breaks a rule, or a misconfigured account: an incident whose message names the problem;
 *   <li>the service rejecting the request or failing the work: a BPMN error with the service's code, and
 *       {@code errorCode}, {@code errorMessage}, {@code errorDetails} as variables;
 *   <li>transient faults: a retry after a growing pause, or after the service's {@code retry_after}.
 * </ul>
 *
 * <p>Workers keep no state: what a retry or the next check needs (attempts so far, the result of a call that
 * created something, when a wait began) is kept as local variables of the job's element instance. Workers
 * complete their jobs through this class (their {@code @JobWorker} has {@code autoComplete = false}), so an
 * incident's message is the problem, not a stack trace.
 */
@Component
public class JobRunner {

  private static final Logger LOG = LoggerFactory.getLogger(JobRunner.class);

  static final String RESULT_VARIABLE_HEADER = "resultVariable";
  static final String ATTEMPT = "mediaflowAttempt";
  static final String RECORDED_RESULT = "mediaflowResult";
  static final String CHECKS = "mediaflowChecks";
  static final String WAITING_SINCE = "mediaflowWaitingSince";

  private final CamundaClient camunda;
  private final InputReader inputs;
  private final WorkerProperties properties;

  public JobRunner(CamundaClient camunda, InputReader inputs, WorkerProperties properties) {
    this.camunda = camunda;
    this.inputs = inputs;
    this.properties = properties;
  }

  /** Runs {@code call} once for the job and tells the engine how it went. */
  public <I, O> void run(JobClient client, ActivatedJob job, Class<I> inputType, Function<I, O> call) {
    send(client, job, call(job, inputType, call));
  }

  /**
   * Checks once whether what the job waits for has happened. If not, the job is failed with its retries unchanged
   * and a growing backoff, so no thread is held while the service works; the engine hands the job out again for
   * the next check. Past the input's timeout, the wait ends with the BPMN error {@code WAIT_TIMEOUT}.
   */
  public <I extends WaitInput, O> void poll(JobClient client, ActivatedJob job, Class<I> inputType, Function<I, Poll<O>> check) {
    send(client, job, check(job, inputType, check));
  }

  <I, O> JobOutcome call(ActivatedJob job, Class<I> inputType, Function<I, O> call) {
    Operation operation = operationOf(inputType, job);
    Map<String, Object> variables = job.getVariablesAsMap();
    try {
      if (operation.sideEffect() && variables.containsKey(RECORDED_RESULT)) {
        LOG.info("Job {} ({}) was retried after its call succeeded; returning that call's result", job.getKey(), job.getType());
        return result(job, operation, variables.get(RECORDED_RESULT));
      }
      O output = call.apply(inputs.read(variables, inputType));
      if (operation.sideEffect()) {
        record(job, output);
      }
      return result(job, operation, output);
    } catch (RuntimeException failure) {
      return outcome(job, variables, failure);
    }
  }

  <I extends WaitInput, O> JobOutcome check(ActivatedJob job, Class<I> inputType, Function<I, Poll<O>> check) {
    Operation operation = operationOf(inputType, job);
    Map<String, Object> variables = job.getVariablesAsMap();
    try {
      I input = inputs.read(variables, inputType);
      long now = System.currentTimeMillis();
      long since = variables.get(WAITING_SINCE) instanceof Number n ? n.longValue() : now;
      int checks = variables.get(CHECKS) instanceof Number n ? n.intValue() : 0;
      return switch (check.apply(input)) {
        case Poll.Done<O> done -> result(job, operation, done.result());
        case Poll.Pending<O> pending -> {
          Duration timeout = input.timeout() != null ? input.timeout() : properties.waitTimeout();
          if (now - since >= timeout.toMillis()) {
            throw new ApiException.Rejected("WAIT_TIMEOUT",
                "Still " + pending.progress() + " after " + timeout + ", the longest wait allowed",
                Map.of("progress", pending.progress()));
          }
          var next = new HashMap<String, Object>(pending.keep());
          next.put(CHECKS, checks + 1);
          next.put(WAITING_SINCE, since);
          yield new JobOutcome.Fail("Waiting: " + pending.progress(), job.getRetries(),
              Backoff.after(checks, properties.pollInterval(), properties.maxPollInterval()), next);
        }
      };
    } catch (RuntimeException failure) {
      return outcome(job, variables, failure);
    }
  }

  private static Operation operationOf(Class<?> inputType, ActivatedJob job) {
    Operation operation = inputType.getAnnotation(Operation.class);
    if (operation == null || !operation.type().equals(job.getType())) {
      throw new IllegalStateException(inputType.getSimpleName() + " is not the input of job type " + job.getType());
    }
    return operation;
  }

  private static JobOutcome result(ActivatedJob job, Operation operation, Object output) {
    String name = job.getCustomHeaders().getOrDefault(RESULT_VARIABLE_HEADER, "").isBlank()
        ? operation.resultVariable()
        : job.getCustomHeaders().get(RESULT_VARIABLE_HEADER);
    var result = new HashMap<String, Object>();
    // Through the API mapper: the API's field names, and no null fields cluttering the process.
    result.put(name, ApiJson.MAPPER.convertValue(output, Object.class));
    return new JobOutcome.Complete(result);
  }

  /** Keeps the result of a call that created something, so a retry of this job does not create it again. */
  private void record(ActivatedJob job, Object output) {
    var recorded = new HashMap<String, Object>();
    recorded.put(RECORDED_RESULT, output);
    setLocal(job, recorded);
  }

  private void setLocal(ActivatedJob job, Map<String, Object> variables) {
    if (!variables.isEmpty()) {
      camunda.newSetVariablesCommand(job.getElementInstanceKey()).variables(variables).local(true).send().join();
    }
  }

  private JobOutcome outcome(ActivatedJob job, Map<String, Object> variables, RuntimeException failure) {
    return switch (failure) {
      case InvalidRequestException invalid -> new JobOutcome.Fail(
          "Invalid input: " + InputVariables.name(job, invalid.getMessage()), 0, Duration.ZERO, Map.of());
      case ApiException.Misconfigured misconfigured -> new JobOutcome.Fail(
          misconfigured.getMessage() + " [" + misconfigured.code() + "]", 0, Duration.ZERO, Map.of());
      case ApiException.Rejected rejected -> {
        var errorVariables = new LinkedHashMap<String, Object>();
        errorVariables.put("errorCode", rejected.code());
        errorVariables.put("errorMessage", rejected.getMessage());
        errorVariables.put("errorDetails", rejected.details());
        yield new JobOutcome.Throw(rejected.code(), rejected.getMessage(), errorVariables);
      }
      case ApiException.Transient fault -> {
        int attempt = variables.get(ATTEMPT) instanceof Number n ? n.intValue() : 0;
        Duration pause = fault.retryAfter()
            .orElseGet(() -> Backoff.after(attempt, properties.retryBackoff(), properties.maxRetryBackoff()));
        LOG.warn("Job {} ({}): {}; retrying in {}", job.getKey(), job.getType(), fault.getMessage(), pause);
        yield new JobOutcome.Fail(fault.getMessage() + " [" + fault.code() + "]", job.getRetries() - 1, pause, Map.of(ATTEMPT, attempt + 1));
      }
      default -> {
        LOG.error("Job {} ({}) failed unexpectedly", job.getKey(), job.getType(), failure);
        yield new JobOutcome.Fail(failure.getClass().getSimpleName() + ": " + failure.getMessage(),
            job.getRetries() - 1, properties.retryBackoff(), Map.of());
      }
    };
  }

  private void send(JobClient client, ActivatedJob job, JobOutcome outcome) {
    switch (outcome) {
      case JobOutcome.Complete complete -> client.newCompleteCommand(job).variables(complete.variables()).send().join();
      case JobOutcome.Fail fail -> {
        // The in-memory engine's gateway drops a fail command's variables, so they are set on their own first.
        setLocal(job, fail.variables());
        client.newFailCommand(job).retries(Math.max(fail.retries(), 0))
            .errorMessage(fail.message()).retryBackoff(fail.backoff()).send().join();
      }
      case JobOutcome.Throw error -> client.newThrowErrorCommand(job).errorCode(error.code())
          .errorMessage(error.message()).variables(error.variables()).send().join();
    }
  }
}
