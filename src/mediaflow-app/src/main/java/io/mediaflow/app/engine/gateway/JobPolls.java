package io.mediaflow.app.engine.gateway;

import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.ActivateJobsRequest;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.ActivateJobsResponse;
import io.camunda.zeebe.protocol.impl.record.value.job.JobBatchRecord;
import io.camunda.zeebe.protocol.impl.record.value.job.JobRecord;
import io.camunda.zeebe.protocol.record.ValueType;
import io.camunda.zeebe.protocol.record.intent.JobBatchIntent;
import io.camunda.zeebe.util.buffer.BufferUtil;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import java.time.Duration;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * ActivateJobs with long polling, as Zeebe's gateway does it: a poll the engine found no job for
 * waits, up to its request timeout (the gateway's default when it gives 0, not at all when
 * negative), until the engine says that a job of its type became activatable, and then asks the
 * engine again; the jobs it gets go to the worker, and a poll still empty at its timeout ends with
 * none. Jobs activated for a worker that has gone meanwhile are handed back to the engine at once.
 * The one long poll of the embedded engine: gRPC's ActivateJobs and the REST API's job activation
 * both wait here.
 */
public final class JobPolls {

  /** Who polls: a gRPC call, or a REST request. Told on the engine's thread or the timer's. */
  public interface Worker {

    /** Hands the worker its jobs; whether it took them (false: it has gone, they go back). */
    boolean jobs(ActivateJobsResponse jobs);

    /** The poll ended without a job. */
    void none();

    /** The engine refused the activation. */
    void refused(Status status);

    /** Runs {@code end} once the worker has gone (a gRPC call cancelled). */
    default void onGone(Runnable end) {}
  }

  /** Zeebe's gateway's {@code longPolling.timeout}, for a poll that gives none. */
  static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(10);

  private final CommandLog log;
  private final OpenRequests requests;
  private final ScheduledExecutorService timer;
  private final Map<String, Set<Poll>> waiting = new ConcurrentHashMap<>();

  JobPolls(CommandLog log, OpenRequests requests, ScheduledExecutorService timer) {
    this.log = log;
    this.requests = requests;
    this.timer = timer;
  }

  void activate(ActivateJobsRequest request, Worker worker) {
    long timeout =
        request.getRequestTimeout() == 0 ? DEFAULT_TIMEOUT.toMillis() : request.getRequestTimeout();
    var poll = new Poll(request, worker, timeout);
    worker.onGone(poll::end);
    if (timeout > 0) {
      timer.schedule(poll::expire, timeout, TimeUnit.MILLISECONDS);
    }
    poll.ask();
  }

  /** A job of {@code type} became activatable: the polls waiting for one ask again. */
  void wake(String type) {
    Set<Poll> polls = waiting.remove(type);
    if (polls != null) {
      polls.forEach(Poll::askAgain);
    }
  }

  /** Ends every waiting poll with no job: the gateway is closing. */
  void close() {
    waiting.values().forEach(polls -> polls.forEach(Poll::expire));
    waiting.clear();
  }

  private enum State {
    ASKING,
    WAITING,
    DONE
  }

  private final class Poll implements Caller {
    private final ActivateJobsRequest request;
    private final Worker worker;
    private final boolean waits;

    /** System.nanoTime() after which an empty answer ends the poll. */
    private final long deadline;

    private State state = State.ASKING;
    private long requestId = CommandLog.NO_REQUEST;

    Poll(ActivateJobsRequest request, Worker worker, long timeoutMillis) {
      this.request = request;
      this.worker = worker;
      this.waits = timeoutMillis > 0;
      this.deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(Math.max(timeoutMillis, 0));
    }

    synchronized void ask() {
      var batch =
          new JobBatchRecord()
              .setType(request.getType())
              .setWorker(request.getWorker())
              .setTimeout(request.getTimeout())
              .setMaxJobsToActivate(request.getMaxJobsToActivate())
              .setTenantIds(Jobs.tenants(request.getTenantIdsList()));
      request
          .getFetchVariableList()
          .forEach(name -> batch.variables().add().wrap(BufferUtil.wrapString(name)));
      requestId = requests.open(this);
      log.write(CommandLog.NO_KEY, ValueType.JOB_BATCH, JobBatchIntent.ACTIVATE, batch, requestId);
    }

    synchronized void askAgain() {
      if (state == State.WAITING) {
        state = State.ASKING;
        ask();
      }
    }

    /** On the engine's thread. */
    @Override
    public synchronized void answer(EngineResponse response) {
      if (state == State.DONE) {
        return;
      }
      JobBatchRecord batch = response.read(new JobBatchRecord());
      if (batch.getJobKeys().isEmpty()) {
        if (waits && System.nanoTime() - deadline < 0) {
          // Parked on the engine's thread, before it processes anything else: no notice of a new
          // job is missed.
          state = State.WAITING;
          waiting
              .computeIfAbsent(request.getType(), type -> ConcurrentHashMap.newKeySet())
              .add(this);
        } else {
          finish();
        }
        return;
      }
      var jobs = ActivateJobsResponse.newBuilder();
      for (int i = 0; i < batch.getJobKeys().size(); i++) {
        jobs.addJobs(Jobs.activated(batch.getJobKeys().get(i), (JobRecord) batch.getJobs().get(i)));
      }
      state = State.DONE;
      if (!worker.jobs(jobs.build())) {
        for (int i = 0; i < batch.getJobKeys().size(); i++) {
          Jobs.yield(log, batch.getJobKeys().get(i), (JobRecord) batch.getJobs().get(i));
        }
      }
    }

    @Override
    public synchronized void reject(StatusRuntimeException refusal) {
      state = State.DONE;
      worker.refused(refusal.getStatus());
    }

    /**
     * The request timeout: a waiting poll ends with no job; one being asked ends with the engine's
     * answer.
     */
    synchronized void expire() {
      if (state == State.WAITING) {
        unpark();
        finish();
      }
    }

    /** The worker cancelled the call. */
    synchronized void end() {
      state = State.DONE;
      unpark();
      requests.close(requestId);
    }

    private void finish() {
      state = State.DONE;
      worker.none();
    }

    private void unpark() {
      waiting.computeIfPresent(
          request.getType(),
          (type, polls) -> {
            polls.remove(this);
            return polls.isEmpty() ? null : polls;
          });
    }
  }
}
