package io.mediaflow.app.rest;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.camunda.client.CamundaClient;
import io.camunda.client.api.response.ActivateJobsResponse;
import io.camunda.client.api.response.ActivatedJob;
import io.camunda.zeebe.protocol.record.Record;
import io.camunda.zeebe.protocol.record.intent.IncidentIntent;
import io.camunda.zeebe.protocol.record.intent.JobIntent;
import io.camunda.zeebe.protocol.record.value.IncidentRecordValue;
import io.camunda.zeebe.protocol.record.value.JobRecordValue;
import io.mediaflow.app.engine.EngineRecordFeed;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.SmartLifecycle;
import org.springframework.stereotype.Component;
import org.springframework.web.context.request.async.DeferredResult;

/**
 * Job activation over REST with long polling, as Camunda's gateway does it: a request that finds no
 * job waits until a job of its type can be activated or its {@code requestTimeout} passes, and
 * answers with what it then activates. A waiting request holds no thread (its answer is a {@link
 * DeferredResult}); the engine's activation is tried again only when the engine's records say a job
 * of that type became activatable (created, timed out, failed with retries and no backoff, back
 * from a backoff, yielded, or its incident resolved). Each activation asks the gateway not to wait
 * ({@link #NO_WAIT}), so the wait is here.
 *
 * <p>The records are read on a thread of this class's own once the engine wrote some (nothing is
 * read while nobody waits), and each activation is sent without waiting for its answer.
 */
@Component
class JobActivations implements EngineRecordFeed.Subscriber, SmartLifecycle {

  private static final Logger LOG = LoggerFactory.getLogger(JobActivations.class);

  /** How long Camunda's gateway holds a request that sets no {@code requestTimeout} (or 0). */
  static final Duration DEFAULT_REQUEST_TIMEOUT = Duration.ofSeconds(10);

  /** The only tenant of the embedded engine. */
  static final String DEFAULT_TENANT = "<default>";

  /**
   * An activation's {@code requestTimeout} that turns the gateway's own long polling off: it
   * answers at once.
   */
  private static final Duration NO_WAIT = Duration.ofMillis(-1);

  /**
   * A waiting request is answered by this class at its timeout; Spring's own timeout is only a
   * safety net.
   */
  private static final Duration SAFETY_MARGIN = Duration.ofSeconds(30);

  private static final Set<JobIntent> ACTIVATABLE =
      Set.of(
          JobIntent.CREATED,
          JobIntent.TIMED_OUT,
          JobIntent.RECURRED_AFTER_BACKOFF,
          JobIntent.YIELDED,
          JobIntent.RETRIES_UPDATED);

  /**
   * What to activate.
   *
   * @param requestTimeout how long to wait for jobs; null: answer at once
   * @param defaultTenant whether the request asks for the default tenant's jobs, the only ones
   *     there are
   */
  record Request(
      String type,
      String worker,
      Duration timeout,
      int maxJobs,
      List<String> fetchVariables,
      Duration requestTimeout,
      boolean defaultTenant) {}

  private final CamundaClient camunda;
  private final EngineRecordFeed feed;
  private final Set<Waiting> waiting = ConcurrentHashMap.newKeySet();
  private final AtomicBoolean readScheduled = new AtomicBoolean();
  private final ScheduledExecutorService timer =
      Executors.newSingleThreadScheduledExecutor(
          Thread.ofPlatform().daemon().name("job-activations").factory());
  private volatile boolean running;

  JobActivations(CamundaClient camunda, EngineRecordFeed feed) {
    this.camunda = camunda;
    this.feed = feed;
    feed.subscribe(this);
    feed.whenWritten(this::written);
  }

  /**
   * The jobs activated, now or once some can be: {@code {"jobs": [...]}}, empty after the request's
   * timeout.
   */
  DeferredResult<ObjectNode> activate(Request request) {
    Duration wait = running ? request.requestTimeout() : null;
    var answer =
        new DeferredResult<ObjectNode>(
            wait == null ? null : wait.plus(SAFETY_MARGIN).toMillis(), () -> jobs(List.of()));
    var attempt = new Waiting(request, answer);
    if (wait != null) {
      waiting.add(attempt);
      timer.schedule(attempt::expire, wait.toMillis(), TimeUnit.MILLISECONDS);
    }
    if (request.defaultTenant()) {
      attempt.activate();
    } else if (wait == null) {
      attempt.finish(jobs(List.of())); // no other tenant's job will ever come
    }
    return answer;
  }

  @Override
  public void start() {
    running = true;
  }

  /**
   * Before the web server stops, which waits for the requests in flight: the waiting ones are
   * answered with what they have, none, rather than holding the stop up to their timeouts.
   */
  @Override
  public void stop() {
    running = false;
    waiting.forEach(Waiting::expire);
    timer.shutdownNow();
  }

  @Override
  public boolean isRunning() {
    return running;
  }

  /** Job records that make jobs activatable wake the requests waiting for their type. */
  @Override
  public void accept(Record<?> record) {
    if (waiting.isEmpty()) {
      return;
    }
    if (record.getValue() instanceof JobRecordValue job
        && (ACTIVATABLE.contains(record.getIntent())
            || record.getIntent() == JobIntent.FAILED
                && job.getRetries() > 0
                && job.getRetryBackoff() <= 0)) {
      waiting.stream()
          .filter(w -> w.request.type().equals(job.getType()) && w.request.defaultTenant())
          .forEach(Waiting::activate);
    } else if (record.getValue() instanceof IncidentRecordValue incident
        && record.getIntent() == IncidentIntent.RESOLVED
        && incident.getJobKey() > 0) {
      // The record does not name the job's type; a resolution is rare enough to wake everyone.
      waiting.stream().filter(w -> w.request.defaultTenant()).forEach(Waiting::activate);
    }
  }

  /**
   * Called on the engine's thread: the records are read on this class's own, once per burst of
   * writes.
   */
  private void written() {
    if (running && !waiting.isEmpty() && readScheduled.compareAndSet(false, true)) {
      try {
        timer.execute(
            () -> {
              readScheduled.set(false);
              try {
                feed.catchUp();
              } catch (RuntimeException e) {
                LOG.warn(
                    "Reading the engine's records for waiting job activations failed: {}",
                    e.toString());
              }
            });
      } catch (RejectedExecutionException stopped) {
        // stopping: every waiting request was answered
      }
    }
  }

  /**
   * A request being answered: at most one activation in flight, and another if jobs came meanwhile.
   */
  private final class Waiting {

    final Request request;
    private final DeferredResult<ObjectNode> answer;
    private boolean sending;
    private boolean again;
    private boolean expired;

    Waiting(Request request, DeferredResult<ObjectNode> answer) {
      this.request = request;
      this.answer = answer;
    }

    synchronized void activate() {
      if (answer.isSetOrExpired()) {
        return;
      }
      if (sending) {
        again = true;
        return;
      }
      sending = true;
      var command =
          camunda
              .newActivateJobsCommand()
              .jobType(request.type())
              .maxJobsToActivate(request.maxJobs())
              .timeout(request.timeout());
      if (request.worker() != null) {
        command = command.workerName(request.worker());
      }
      if (!request.fetchVariables().isEmpty()) {
        command = command.fetchVariables(request.fetchVariables());
      }
      command.requestTimeout(NO_WAIT).send().whenComplete(this::answered);
    }

    private synchronized void answered(ActivateJobsResponse response, Throwable failure) {
      sending = false;
      if (failure != null) {
        finish(failure);
      } else if (!response.getJobs().isEmpty() || request.requestTimeout() == null || expired) {
        finish(jobs(response.getJobs()));
      } else if (again) {
        again = false;
        activate();
      }
    }

    /**
     * At the request's timeout: answers with no jobs, unless an activation is in flight, which then
     * answers.
     */
    synchronized void expire() {
      expired = true;
      if (!sending) {
        finish(jobs(List.of()));
      }
    }

    private void finish(Object outcome) {
      waiting.remove(this);
      if (outcome instanceof Throwable failure) {
        answer.setErrorResult(failure);
      } else {
        answer.setResult((ObjectNode) outcome);
      }
    }
  }

  /** The activation's answer in the REST API's shape. */
  private static ObjectNode jobs(List<ActivatedJob> activated) {
    ObjectNode result = Shapes.object();
    ArrayNode jobs = result.putArray("jobs");
    for (ActivatedJob job : activated) {
      ObjectNode node = jobs.addObject();
      node.put("type", job.getType());
      node.put("processDefinitionId", job.getBpmnProcessId());
      node.put("processDefinitionVersion", job.getProcessDefinitionVersion());
      node.put("elementId", job.getElementId());
      node.set("customHeaders", CamundaJson.MAPPER.valueToTree(job.getCustomHeaders()));
      node.put("worker", job.getWorker());
      node.put("retries", job.getRetries());
      node.put("deadline", job.getDeadline());
      node.set("variables", CamundaJson.MAPPER.valueToTree(job.getVariablesAsMap()));
      node.put("tenantId", Shapes.tenant(job.getTenantId()));
      node.put("jobKey", Shapes.key(job.getKey()));
      node.put("processInstanceKey", Shapes.key(job.getProcessInstanceKey()));
      node.put("processDefinitionKey", Shapes.key(job.getProcessDefinitionKey()));
      node.put("elementInstanceKey", Shapes.key(job.getElementInstanceKey()));
      node.put("kind", job.getKind().name());
      node.put("listenerEventType", job.getListenerEventType().name());
      if (job.getUserTask() != null) {
        // Only a task listener's job has one; the field is left out otherwise, as Camunda does.
        node.set("userTask", CamundaJson.MAPPER.valueToTree(userTask(job.getUserTask())));
      }
      node.set("tags", CamundaJson.MAPPER.valueToTree(job.getTags()));
    }
    return result;
  }

  /** A task listener's job's task, as Camunda's REST API has it. */
  private static io.camunda.client.protocol.rest.UserTaskProperties userTask(
      io.camunda.client.api.response.UserTaskProperties task) {
    return new io.camunda.client.protocol.rest.UserTaskProperties()
        .action(task.getAction())
        .assignee(task.getAssignee())
        .candidateGroups(task.getCandidateGroups())
        .candidateUsers(task.getCandidateUsers())
        .changedAttributes(task.getChangedAttributes())
        .dueDate(task.getDueDate() == null ? null : task.getDueDate().toString())
        .followUpDate(task.getFollowUpDate() == null ? null : task.getFollowUpDate().toString())
        .formKey(task.getFormKey() == null ? null : Shapes.key(task.getFormKey()))
        .priority(task.getPriority())
        .userTaskKey(task.getUserTaskKey() == null ? null : Shapes.key(task.getUserTaskKey()));
  }
}
