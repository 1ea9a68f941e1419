package io.mediaflow.worker.internal;

import io.camunda.client.CamundaClient;
import io.camunda.client.api.command.ClientException;
import io.camunda.client.api.response.ActivatedJob;
import io.camunda.client.api.worker.JobClient;
import io.mediaflow.api.ApiException;
import io.mediaflow.api.ApiJson;
import io.mediaflow.api.InvalidRequestException;
import io.mediaflow.api.operation.Operation;
import io.mediaflow.observability.internal.MediaflowMetrics;
import io.mediaflow.observability.internal.MediaflowMetrics.WaitResult;
import io.mediaflow.worker.WorkerProperties;
import java.time.Duration;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The one way a Mediaflow worker runs an API operation for a job: read and check the input, call,
 * write the result, and turn every failure into what the process can act on.
 *
 * <ul>
 *   <li>input that breaks a rule, or a misconfigured account: an incident whose message names the
 *       problem;
 *   <li>the service rejecting the request or failing the work: a BPMN error with the service's
 *       code, and {@code errorCode}, {@code errorMessage}, {@code errorDetails} as variables;
 *   <li>transient faults: a retry after a growing pause, or after the service's {@code
 *       retry_after};
 *   <li>a busy service (backpressure): asked again the same way, without spending the job's
 *       retries, for as long as {@code mediaflow.worker.busy-wait} allows.
 * </ul>
 *
 * <p>Workers keep no state: what a retry or the next check needs (attempts so far, that a create
 * was sent and what was there before it, the result of a call that cannot be looked up, when a wait
 * began) is kept as a signed local variable of the job's element instance (see {@link JobStates}),
 * which no process variable can stand in for. Secrets an input resolved are masked in everything
 * that leaves the worker: results, error variables, incident messages, logs.
 *
 * <p>Each job runs in its {@link JobScopes scope} (observation, log context); its retries, busy
 * answers, waits and lost-answer recoveries are counted in {@link MediaflowMetrics}.
 */
public class JobRunner {

  private static final Logger LOG = LoggerFactory.getLogger(JobRunner.class);

  static final String RESULT_VARIABLE_HEADER = "resultVariable";

  /** The retry reason of a failure that is none of the service's: a bug to report. */
  static final String UNEXPECTED = "UNEXPECTED";

  private final CamundaClient camunda;
  private final InputReader inputs;
  private final JobStates states;
  private final WorkerProperties properties;
  private final JobScopes scopes;
  private final MediaflowMetrics metrics;

  /** A runner that neither observes nor counts its jobs. */
  public JobRunner(
      CamundaClient camunda, InputReader inputs, JobStates states, WorkerProperties properties) {
    this(camunda, inputs, states, properties, JobScopes.NONE, MediaflowMetrics.NONE);
  }

  public JobRunner(
      CamundaClient camunda,
      InputReader inputs,
      JobStates states,
      WorkerProperties properties,
      JobScopes scopes,
      MediaflowMetrics metrics) {
    this.camunda = camunda;
    this.inputs = inputs;
    this.states = states;
    this.properties = properties;
    this.scopes = scopes;
    this.metrics = metrics;
  }

  /** Runs the operation once for the job and tells the engine how it went. */
  public void handle(JobClient client, ActivatedJob job, OperationHandler<?> handler) {
    try (JobScopes.Scope scope = scopes.open(job)) {
      JobOutcome outcome = outcome(job, handler);
      try {
        if (send(client, job, outcome)) {
          scope.outcome(outcome);
        } else {
          scope.gone();
        }
      } catch (RuntimeException notSent) {
        scope.error(notSent);
        if (stopping(notSent)) {
          // The application is stopping and interrupted the wait for the engine's answer, which
          // may have taken the outcome. Rethrown, the SDK would fail the job and spend one of its
          // retries; left alone, the job is taken again once its lock times out, if it was not.
          Thread.currentThread().interrupt();
          LOG.info(
              "Job {} ({}): stopping before the engine confirmed its outcome; if it did not take"
                  + " it, the job is taken again once its lock times out",
              job.getKey(),
              job.getType());
          return;
        }
        throw notSent;
      }
    }
  }

  /** Whether sending failed because this thread was interrupted while waiting for the answer. */
  private static boolean stopping(RuntimeException notSent) {
    for (Throwable cause = notSent; cause != null; cause = cause.getCause()) {
      if (cause instanceof InterruptedException) {
        return true;
      }
    }
    return false;
  }

  <I> JobOutcome outcome(ActivatedJob job, OperationHandler<I> handler) {
    Map<String, Object> fetched = job.getVariablesAsMap();
    var variables = new HashMap<String, Object>(fetched);
    variables.remove(JobStates.VARIABLE);
    JobState state = states.read(job, fetched);
    SecretReferences secrets = inputs.secretReferences();
    try {
      return handler.isWait()
          ? check(job, handler, variables, state, secrets)
          : call(job, handler, variables, state, secrets);
    } catch (RuntimeException failure) {
      return outcome(job, state, failure, secrets);
    }
  }

  /**
   * Calls once. A create with a lookup, or a side effect with an "already gone" answer, first
   * writes down that it is about to call, so that every later attempt (after a lost answer, a
   * failed write, a worker that died, a job that timed out) knows the service may have done the
   * work: it asks the lookup before creating again, and takes NOT_FOUND as done. Any other side
   * effect records its result, so a retry returns it instead of calling again.
   */
  private <I> JobOutcome call(
      ActivatedJob job,
      OperationHandler<I> handler,
      Map<String, Object> variables,
      JobState state,
      SecretReferences secrets) {
    Operation operation = handler.operation();
    if (operation.sideEffect() && state.recorded()) {
      LOG.info(
          "Job {} ({}) was retried after its call succeeded; returning that call's result",
          job.getKey(),
          job.getType());
      return result(job, operation, state.result(), secrets);
    }
    I input = inputs.read(variables, handler.inputType(), secrets);
    JobContext context =
        new JobContext(
            job.getProcessInstanceKey(),
            states.marker(job),
            state.before(),
            state.mayHaveTakenEffect());
    if (state.sent() && handler.lookup().isPresent()) {
      Optional<?> found = handler.lookup().get().find(input, context);
      metrics.lookup(job.getType(), found.isPresent());
      if (found.isPresent()) {
        LOG.info(
            "Job {} ({}): an earlier attempt took effect although its answer was lost; returning what it created",
            job.getKey(),
            job.getType());
        return result(job, operation, found.get(), secrets);
      }
    }
    JobState sending = state;
    if (operation.sideEffect() && handler.tellsRepeats() && !state.sent()) {
      JobContext asFound = context;
      List<String> before = handler.before().map(ids -> ids.ids(input, asFound)).orElse(List.of());
      sending = state.withSent(before);
      // Written before the call, and the call is not sent unless it was: nothing after the call can
      // be relied on.
      setLocal(job, states.write(job, sending));
      metrics.sentMark(job.getType());
      // The call may check its answer against what was there before it.
      context =
          new JobContext(
              job.getProcessInstanceKey(), states.marker(job), sending.before(), context.repeat());
    }
    Object output;
    try {
      output = handler.call().apply(input, context);
    } catch (RuntimeException failure) {
      // As the job was handed out: this attempt's own mark says nothing about an earlier one.
      if (!(handler.gone().isPresent() && state.mayHaveTakenEffect() && notFound(failure))) {
        return outcome(job, sending, failure, secrets);
      }
      LOG.info(
          "Job {} ({}): what the call removes was already gone, removed by an earlier attempt whose answer was"
              + " lost",
          job.getKey(),
          job.getType());
      output = handler.gone().get().apply(input, context);
    }
    if (operation.sideEffect() && !handler.tellsRepeats()) {
      record(job, sending, output, secrets);
    }
    return result(job, operation, output, secrets);
  }

  /**
   * Keeps the result for a retry. Not written, the job is still completed with it: failing the job
   * would only send the call again, and the complete command carries the result as well as the
   * record would.
   */
  private void record(ActivatedJob job, JobState state, Object output, SecretReferences secrets) {
    try {
      // Kept as the process will see it: a secret the service echoed is masked here too.
      setLocal(
          job,
          states.write(
              job,
              state.withResult(secrets.mask(ApiJson.MAPPER.convertValue(output, Object.class)))));
    } catch (RuntimeException notWritten) {
      LOG.warn(
          "Job {} ({}): its result could not be recorded ({}); completing the job with it",
          job.getKey(),
          job.getType(),
          secrets.mask(String.valueOf(notWritten.getMessage())));
    }
  }

  /**
   * Whether a delete was refused as one of what is not there: NOT_FOUND, or the {@code {status:
   * "failed"}} that documents 1 and 2 (section 7) give deletes for any error. Only after an attempt
   * that may have taken effect, and the handler's {@code ifGone} checks that the thing is gone.
   */
  private static boolean notFound(RuntimeException failure) {
    return failure instanceof ApiException.Rejected rejected
        && ("NOT_FOUND".equals(rejected.code()) || "FAILED".equals(rejected.code()));
  }

  /**
   * Checks once whether what the job waits for has happened. If not, the job is failed with its
   * retries unchanged and a growing backoff, so no thread is held while the service works; the
   * engine hands the job out again for the next check. Past the input's timeout, the wait ends with
   * the BPMN error {@code WAIT_TIMEOUT}, or with the failure its last check named for that case
   * ({@link Poll.Pending#atDeadline()}).
   */
  private <I> JobOutcome check(
      ActivatedJob job,
      OperationHandler<I> handler,
      Map<String, Object> variables,
      JobState state,
      SecretReferences secrets) {
    I input = inputs.read(variables, handler.inputType(), secrets);
    long now = System.currentTimeMillis();
    long since = state.waitingSince() != null ? state.waitingSince() : now;
    JobContext context =
        new JobContext(job.getProcessInstanceKey(), states.marker(job), List.of(), false);
    Poll<?> poll;
    try {
      poll = handler.check().apply(input, context);
    } catch (ApiException.Transient fault) {
      // Retried: the wait goes on.
      throw fault;
    } catch (ApiException | InvalidRequestException refused) {
      waitEnded(job, state, WaitResult.FAILED, since, now);
      throw refused;
    }
    return switch (poll) {
      case Poll.Done<?> done -> {
        waitEnded(job, state, WaitResult.DONE, since, now);
        yield result(job, handler.operation(), done.result(), secrets);
      }
      case Poll.Pending<?> pending -> {
        Duration timeout =
            ((WaitInput) input).timeout() != null
                ? ((WaitInput) input).timeout()
                : properties.waitTimeout();
        if (now - since >= timeout.toMillis()) {
          waitEnded(job, state, WaitResult.TIMEOUT, since, now);
          if (pending.atDeadline() != null) {
            // The wait knows what is missing: its own failure says it better than WAIT_TIMEOUT.
            throw pending.atDeadline();
          }
          throw new ApiException.Rejected(
              "WAIT_TIMEOUT",
              "Still " + pending.progress() + " after " + timeout + ", the longest wait allowed",
              Map.of("progress", pending.progress()));
        }
        var next = new HashMap<String, Object>(pending.keep());
        next.putAll(states.write(job, state.withCheck(state.checks() + 1, since)));
        Duration backoff =
            Backoff.after(state.checks(), properties.pollInterval(), properties.maxPollInterval());
        metrics.waitPending(job.getType(), job.getElementInstanceKey(), since, backoff);
        yield new JobOutcome.Fail(
            secrets.mask("Waiting: " + pending.progress()), job.getRetries(), backoff, next);
      }
    };
  }

  /** A wait reached its final status with this check, its {@code state.checks() + 1}th. */
  private void waitEnded(
      ActivatedJob job, JobState state, WaitResult result, long since, long now) {
    metrics.waitEnded(
        job.getType(),
        job.getElementInstanceKey(),
        result,
        Duration.ofMillis(now - since),
        state.checks() + 1);
  }

  private static JobOutcome result(
      ActivatedJob job, Operation operation, Object output, SecretReferences secrets) {
    String name =
        job.getCustomHeaders().getOrDefault(RESULT_VARIABLE_HEADER, "").isBlank()
            ? operation.resultVariable()
            : job.getCustomHeaders().get(RESULT_VARIABLE_HEADER);
    var result = new HashMap<String, Object>();
    // Through the API mapper: the API's field names, and no null fields cluttering the process.
    result.put(name, secrets.mask(ApiJson.MAPPER.convertValue(output, Object.class)));
    return new JobOutcome.Complete(result);
  }

  private void setLocal(ActivatedJob job, Map<String, Object> variables) {
    if (!variables.isEmpty()) {
      camunda
          .newSetVariablesCommand(job.getElementInstanceKey())
          .variables(variables)
          .local(true)
          .send()
          .join();
    }
  }

  /** A failure only a person can resolve: an incident naming it, with no retries left. */
  private static JobOutcome incident(ApiException failure, SecretReferences secrets) {
    return new JobOutcome.Fail(described(failure, secrets), 0, Duration.ZERO, Map.of());
  }

  /**
   * What a failed job says of a failure of the service: its message, its code and the service's
   * request id where it gave one, for the operator to quote to its support. The same for every
   * failure the job records, so an incident left once the retries ran out quotes it too.
   */
  private static String described(ApiException failure, SecretReferences secrets) {
    String requestId = failure.requestId().map(id -> " (request id " + id + ")").orElse("");
    return secrets.mask(failure.getMessage() + " [" + failure.code() + "]" + requestId);
  }

  private JobOutcome outcome(
      ActivatedJob job, JobState state, RuntimeException failure, SecretReferences secrets) {
    return switch (failure) {
      case InvalidRequestException invalid ->
          new JobOutcome.Fail(
              secrets.mask(
                  "Invalid input: "
                      + InvalidRequestException.message(
                          InputVariables.name(job, invalid.violations()))),
              0,
              Duration.ZERO,
              Map.of());
      case ApiException.Misconfigured misconfigured -> incident(misconfigured, secrets);
      case ApiException.OutcomeUnknown unknown -> incident(unknown, secrets);
      case ApiException.Rejected rejected -> {
        var errorVariables = new LinkedHashMap<String, Object>();
        errorVariables.put("errorCode", rejected.code());
        errorVariables.put("errorMessage", secrets.mask(rejected.getMessage()));
        errorVariables.put(
            "errorDetails",
            secrets.mask(ApiJson.MAPPER.convertValue(rejected.details(), Object.class)));
        yield new JobOutcome.Throw(
            rejected.code(), secrets.mask(rejected.getMessage()), errorVariables);
      }
      case ApiException.Transient busy when busy.busy() && stillWaiting(state) -> {
        // The service asks to be asked later: wait as long as busyWait allows, keeping the retries
        // for faults.
        int attempt = state.attempt();
        Duration pause = pause(busy, attempt);
        LOG.info(
            "Job {} ({}): the service is busy ({}); asking again in {}",
            job.getKey(),
            job.getType(),
            busy.code(),
            pause);
        metrics.busy(job.getType(), busy.code());
        long since = state.busySince() != null ? state.busySince() : System.currentTimeMillis();
        yield new JobOutcome.Fail(
            "Waiting, the service is busy: " + described(busy, secrets),
            job.getRetries(),
            pause,
            states.write(job, state.withBusy(attempt + 1, since)));
      }
      case ApiException.Transient fault -> {
        int attempt = state.attempt();
        Duration pause = pause(fault, attempt);
        String message = described(fault, secrets);
        LOG.warn("Job {} ({}): {}; retrying in {}", job.getKey(), job.getType(), message, pause);
        metrics.retry(job.getType(), fault.code());
        yield new JobOutcome.Fail(
            message,
            job.getRetries() - 1,
            pause,
            states.write(job, state.withAttempt(attempt + 1)));
      }
      default -> {
        String message =
            failure.getClass().getSimpleName() + ": " + secrets.mask(failure.getMessage());
        if (secrets.resolvedAny()) {
          // The stack trace's messages could hold a resolved secret.
          LOG.error("Job {} ({}) failed unexpectedly: {}", job.getKey(), job.getType(), message);
        } else {
          LOG.error("Job {} ({}) failed unexpectedly", job.getKey(), job.getType(), failure);
        }
        metrics.retry(job.getType(), UNEXPECTED);
        yield new JobOutcome.Fail(
            message, job.getRetries() - 1, properties.retryBackoff(), Map.of());
      }
    };
  }

  /**
   * The service's {@code retry_after} when it gave one, otherwise a pause growing with the attempts
   * so far.
   */
  private Duration pause(ApiException.Transient fault, int attempt) {
    return fault
        .retryAfter()
        .orElseGet(
            () -> Backoff.after(attempt, properties.retryBackoff(), properties.maxRetryBackoff()));
  }

  /**
   * Whether a busy service may still be waited for: within {@code busyWait} of its first busy
   * answer.
   */
  private boolean stillWaiting(JobState state) {
    return state.busySince() == null
        || System.currentTimeMillis() - state.busySince() < properties.busyWait().toMillis();
  }

  /**
   * Sends the job's outcome. A job that is gone meanwhile (its element was left: a callback's
   * message or a timer ended the wait, or the instance was cancelled) needs none; the SDK would
   * fail it, be refused again and log both.
   *
   * @return whether the engine took the outcome: false for a job that was gone
   */
  private boolean send(JobClient client, ActivatedJob job, JobOutcome outcome) {
    try {
      sendCommand(client, job, outcome);
      return true;
    } catch (ClientException e) {
      if (!CommandRejection.NOT_FOUND.is(e)) {
        throw e;
      }
      LOG.debug(
          "Job {} of type {} was gone before its outcome was sent", job.getKey(), job.getType());
      return false;
    }
  }

  private static void sendCommand(JobClient client, ActivatedJob job, JobOutcome outcome) {
    switch (outcome) {
      case JobOutcome.Complete complete ->
          client.newCompleteCommand(job).variables(complete.variables()).send().join();
      // A fail command's variables become local variables of the job's element instance, as the
      // bookkeeping needs.
      case JobOutcome.Fail fail ->
          client
              .newFailCommand(job)
              .retries(Math.max(fail.retries(), 0))
              .errorMessage(fail.message())
              .retryBackoff(fail.backoff())
              .variables(fail.variables())
              .send()
              .join();
      case JobOutcome.Throw error ->
          client
              .newThrowErrorCommand(job)
              .errorCode(error.code())
              .errorMessage(error.message())
              .variables(error.variables())
              .send()
              .join();
    }
  }
}
