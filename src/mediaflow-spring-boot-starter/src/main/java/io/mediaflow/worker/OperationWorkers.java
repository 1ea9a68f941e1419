package io.mediaflow.worker;

import io.camunda.client.CamundaClient;
import io.camunda.client.api.worker.JobWorker;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.SmartLifecycle;
import org.springframework.stereotype.Component;

/**
 * Opens one job worker per declared operation: its job type from the input record's {@link Operation}, the record's
 * components (and the job's state) as the only variables fetched, and the client's worker defaults
 * ({@code camunda.client.worker.defaults.*}: streaming, jobs in flight, lock timeout) unless the operation names its
 * own timeout. Every job goes through {@link JobRunner}.
 */
@Component
public class OperationWorkers implements SmartLifecycle {

  private static final Logger LOG = LoggerFactory.getLogger(OperationWorkers.class);

  private final CamundaClient camunda;
  private final JobRunner jobs;
  private final List<OperationHandler<?>> handlers;
  private final List<JobWorker> open = new ArrayList<>();

  public OperationWorkers(CamundaClient camunda, JobRunner jobs, List<OperationHandlers> declarations) {
    this.camunda = camunda;
    this.jobs = jobs;
    this.handlers = byType(declarations);
  }

  /** Every declared operation, in job type order; a job type declared twice is a bug caught at start. */
  public static List<OperationHandler<?>> byType(List<? extends OperationHandlers> declarations) {
    var seen = new HashMap<String, Class<?>>();
    var all = new ArrayList<OperationHandler<?>>();
    for (OperationHandlers declaration : declarations) {
      for (OperationHandler<?> handler : declaration.handlers()) {
        Class<?> other = seen.putIfAbsent(handler.type(), handler.inputType());
        if (other != null) {
          throw new IllegalStateException("Job type " + handler.type() + " is declared by both " + other.getName()
              + " and " + handler.inputType().getName());
        }
        all.add(handler);
      }
    }
    all.sort(Comparator.comparing(OperationHandler::type));
    return List.copyOf(all);
  }

  public List<OperationHandler<?>> handlers() {
    return handlers;
  }

  @Override
  public synchronized void start() {
    for (OperationHandler<?> handler : handlers) {
      var worker = camunda.newWorker()
          .jobType(handler.type())
          .handler((client, job) -> jobs.handle(client, job, handler))
          .fetchVariables(handler.variables());
      handler.timeout().ifPresent(worker::timeout);
      open.add(worker.open());
    }
    LOG.info("Opened {} Mediaflow job workers", open.size());
  }

  @Override
  public synchronized void stop() {
    open.forEach(JobWorker::close);
    open.clear();
  }

  @Override
  public synchronized boolean isRunning() {
    return !open.isEmpty();
  }
}
