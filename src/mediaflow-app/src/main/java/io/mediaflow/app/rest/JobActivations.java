package io.mediaflow.app.rest;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.ActivateJobsRequest;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.ActivateJobsResponse;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.ActivatedJob;
import io.grpc.Status;
import io.mediaflow.app.engine.gateway.CommandGateway;
import io.mediaflow.app.engine.gateway.JobPolls;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.springframework.context.SmartLifecycle;
import org.springframework.stereotype.Component;
import org.springframework.web.context.request.async.DeferredResult;

/**
 * Job activation over REST with long polling, as Camunda's gateway does it: a request that finds no
 * job waits until a job of its type can be activated or its {@code requestTimeout} passes, and
 * answers with what it then activates. The wait is the gateway's one long poll ({@link JobPolls}),
 * the same a gRPC worker's ActivateJobs waits in; a waiting request holds no thread (its answer is
 * a {@link DeferredResult}). Jobs activated for a request that was answered meanwhile go back to
 * the engine at once.
 */
@Component
class JobActivations implements SmartLifecycle {

  /** How long Camunda's gateway holds a request that sets no {@code requestTimeout} (or 0). */
  static final Duration DEFAULT_REQUEST_TIMEOUT = Duration.ofSeconds(10);

  /** The only tenant of the embedded engine. */
  static final String DEFAULT_TENANT = "<default>";

  /** The worker name camunda-client-java sends for a request that names none. */
  private static final String DEFAULT_WORKER = "default";

  /** An activation's {@code requestTimeout} that turns the long poll off: it answers at once. */
  private static final long NO_WAIT = -1;

  /**
   * A waiting request is answered by the poll at its timeout; Spring's own timeout is only a safety
   * net.
   */
  private static final Duration SAFETY_MARGIN = Duration.ofSeconds(30);

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

  private final CommandGateway gateway;
  private final Set<DeferredResult<ObjectNode>> waiting = ConcurrentHashMap.newKeySet();
  private volatile boolean running;

  JobActivations(GatewayCalls gateway) {
    this.gateway = gateway.gateway();
  }

  /**
   * The jobs activated, now or once some can be: {@code {"jobs": [...]}}, empty after the request's
   * timeout. A request for another tenant's jobs waits its timeout for none: there is no other
   * tenant.
   */
  DeferredResult<ObjectNode> activate(Request request) {
    Duration wait = running ? request.requestTimeout() : null;
    if (!request.defaultTenant()) {
      return noneAfter(wait); // no other tenant's job will ever come
    }
    var answer =
        new DeferredResult<ObjectNode>(
            wait == null ? null : wait.plus(SAFETY_MARGIN).toMillis(), () -> jobs(List.of()));
    waitFor(answer);
    var activation =
        ActivateJobsRequest.newBuilder()
            .setType(request.type())
            .setWorker(request.worker() == null ? DEFAULT_WORKER : request.worker())
            .setTimeout(request.timeout().toMillis())
            .setMaxJobsToActivate(request.maxJobs())
            .addAllFetchVariable(request.fetchVariables())
            .setRequestTimeout(wait == null ? NO_WAIT : wait.toMillis())
            .build();
    gateway.activateJobs(
        activation,
        new JobPolls.Worker() {
          @Override
          public boolean jobs(ActivateJobsResponse jobs) {
            return finish(answer, JobActivations.jobs(jobs.getJobsList()));
          }

          @Override
          public void none() {
            finish(answer, JobActivations.jobs(List.of()));
          }

          @Override
          public void refused(Status status) {
            waiting.remove(answer);
            answer.setErrorResult(status.asRuntimeException());
          }
        });
    return answer;
  }

  /** No job: at once without {@code wait}, else once it has passed. */
  private DeferredResult<ObjectNode> noneAfter(Duration wait) {
    if (wait == null) {
      var none = new DeferredResult<ObjectNode>();
      none.setResult(jobs(List.of()));
      return none;
    }
    var none = new DeferredResult<ObjectNode>(wait.toMillis(), () -> jobs(List.of()));
    waitFor(none);
    return none;
  }

  /** Keeps the request until it is answered, so that a stop can answer it. */
  private void waitFor(DeferredResult<ObjectNode> answer) {
    waiting.add(answer);
    answer.onCompletion(() -> waiting.remove(answer));
  }

  /** Answers the request unless it was answered already; whether this answered it. */
  private boolean finish(DeferredResult<ObjectNode> answer, ObjectNode jobs) {
    waiting.remove(answer);
    return answer.setResult(jobs);
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
    waiting.forEach(answer -> finish(answer, jobs(List.of())));
  }

  @Override
  public boolean isRunning() {
    return running;
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
      node.set("customHeaders", object(job.getCustomHeaders()));
      node.put("worker", job.getWorker());
      node.put("retries", job.getRetries());
      node.put("deadline", job.getDeadline());
      node.set("variables", object(job.getVariables()));
      node.put("tenantId", Shapes.tenant(job.getTenantId()));
      node.put("jobKey", Shapes.key(job.getKey()));
      node.put("processInstanceKey", Shapes.key(job.getProcessInstanceKey()));
      node.put("processDefinitionKey", Shapes.key(job.getProcessDefinitionKey()));
      node.put("elementInstanceKey", Shapes.key(job.getElementInstanceKey()));
      node.put("kind", job.getKind().name());
      node.put("listenerEventType", job.getListenerEventType().name());
      if (job.hasUserTask()) {
        // Only a task listener's job has one; the field is left out otherwise, as Camunda does.
        node.set("userTask", CamundaJson.MAPPER.valueToTree(userTask(job.getUserTask())));
      }
      node.set("tags", CamundaJson.MAPPER.valueToTree(job.getTagsList()));
    }
    return result;
  }

  /** A JSON object of the gateway's job (its headers, its variables), as a tree. */
  private static JsonNode object(String json) {
    try {
      return CamundaJson.MAPPER.readTree(json);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("The engine handed a job whose JSON is unreadable", e);
    }
  }

  /** A task listener's job's task, as Camunda's REST API has it. */
  private static io.camunda.client.protocol.rest.UserTaskProperties userTask(
      io.camunda.zeebe.gateway.protocol.GatewayOuterClass.UserTaskProperties task) {
    return new io.camunda.client.protocol.rest.UserTaskProperties()
        .action(task.hasAction() ? task.getAction() : null)
        .assignee(task.hasAssignee() ? task.getAssignee() : null)
        .candidateGroups(task.getCandidateGroupsList())
        .candidateUsers(task.getCandidateUsersList())
        .changedAttributes(task.getChangedAttributesList())
        .dueDate(task.hasDueDate() ? task.getDueDate() : null)
        .followUpDate(task.hasFollowUpDate() ? task.getFollowUpDate() : null)
        .formKey(task.hasFormKey() ? Shapes.key(task.getFormKey()) : null)
        .priority(task.hasPriority() ? task.getPriority() : null)
        .userTaskKey(task.hasUserTaskKey() ? Shapes.key(task.getUserTaskKey()) : null);
  }
}
