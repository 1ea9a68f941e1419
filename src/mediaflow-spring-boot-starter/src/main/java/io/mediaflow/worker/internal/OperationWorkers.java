package io.mediaflow.worker.internal;

import io.camunda.client.CamundaClient;
import io.camunda.client.annotation.customizer.JobWorkerValueCustomizer;
import io.camunda.client.annotation.value.JobWorkerValue;
import io.camunda.client.api.response.ActivatedJob;
import io.camunda.client.api.worker.JobClient;
import io.camunda.client.api.worker.JobHandler;
import io.camunda.client.api.worker.JobWorker;
import io.camunda.client.bean.BeanInfo;
import io.camunda.client.jobhandling.JobWorkerManager;
import io.mediaflow.api.operation.Operation;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.SmartLifecycle;

/**
 * Opens one job worker per declared operation, the way the SDK opens a {@code @JobWorker} method:
 * the job type from the input record's {@link Operation}, the record's components (and the job's
 * state) as the only variables fetched, and the operation's own lock timeout if it names one; then
 * every {@link JobWorkerValueCustomizer} of the application, so {@code
 * camunda.client.worker.defaults.*} and {@code camunda.client.worker.override.<type>.*} (enabled,
 * tenant IDs, jobs in flight, timeouts, streaming) apply as they do to the application's own
 * workers, and the SDK's {@link JobWorkerManager} opens what is enabled, with its metrics. Every
 * job goes through {@link JobRunner}.
 */
public class OperationWorkers implements SmartLifecycle {

  private static final Logger LOG = LoggerFactory.getLogger(OperationWorkers.class);

  /**
   * The method every operation's jobs come in by, as the SDK sees it: the one abstract method of
   * its functional interface {@link JobHandler}, which {@link OperationJobHandler} implements.
   * Found without naming it, so no rename on either side can leave it missing at run time.
   */
  private static final Method HANDLE =
      Arrays.stream(JobHandler.class.getMethods())
          .filter(method -> Modifier.isAbstract(method.getModifiers()))
          .reduce(
              (one, other) -> {
                throw new IllegalStateException("JobHandler is no functional interface any more");
              })
          .orElseThrow();

  private final CamundaClient camunda;
  private final JobWorkerManager manager;
  private final List<JobWorkerValueCustomizer> customizers;
  private final JobRunner jobs;
  private final List<OperationHandler<?>> handlers;
  private final List<JobWorker> open = new ArrayList<>();
  private boolean running;

  public OperationWorkers(
      CamundaClient camunda,
      JobWorkerManager manager,
      List<JobWorkerValueCustomizer> customizers,
      JobRunner jobs,
      List<OperationHandlers> declarations) {
    this.camunda = camunda;
    this.manager = manager;
    this.customizers = List.copyOf(customizers);
    this.jobs = jobs;
    this.handlers = byType(declarations);
  }

  /**
   * Every declared operation, in job type order; a job type declared twice is a bug caught at
   * start.
   */
  public static List<OperationHandler<?>> byType(List<? extends OperationHandlers> declarations) {
    var seen = new HashMap<String, Class<?>>();
    var all = new ArrayList<OperationHandler<?>>();
    for (OperationHandlers declaration : declarations) {
      for (OperationHandler<?> handler : declaration.handlers()) {
        Class<?> other = seen.putIfAbsent(handler.type(), handler.inputType());
        if (other != null) {
          throw new IllegalStateException(
              "Job type "
                  + handler.type()
                  + " is declared by both "
                  + other.getName()
                  + " and "
                  + handler.inputType().getName());
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
      var jobHandler = new OperationJobHandler(jobs, handler);
      JobWorkerValue value = workerValue(handler, jobHandler);
      if (Boolean.TRUE.equals(value.getEnabled())) {
        open.add(manager.openWorker(camunda, value, jobHandler));
      } else {
        LOG.info("Mediaflow job worker {} is disabled by configuration", value.getType());
      }
    }
    running = true;
    LOG.info("Opened {} of {} Mediaflow job workers", open.size(), handlers.size());
  }

  private JobWorkerValue workerValue(OperationHandler<?> handler, OperationJobHandler jobHandler) {
    var value = new JobWorkerValue();
    value.setType(handler.type());
    value.setName(handler.type());
    value.setEnabled(true);
    value.setAutoComplete(false);
    value.setFetchVariables(handler.variables());
    handler.timeout().ifPresent(value::setTimeout);
    // What the SDK knows of an annotated method: this one takes the ActivatedJob, so the variables
    // stay as given.
    value.setMethodInfo(
        BeanInfo.builder()
            .bean(jobHandler)
            .beanName("mediaflowOperationWorkers")
            .targetClass(OperationJobHandler.class)
            .build()
            .toMethodInfo(HANDLE));
    customizers.forEach(customizer -> customizer.customize(value));
    return value;
  }

  @Override
  public synchronized void stop() {
    // The SDK closes every worker it opened once the context closes, which may come first; a worker
    // it closed while jobs were in flight is not open any more, though not yet closed until they
    // finish.
    open.stream().filter(JobWorker::isOpen).forEach(manager::closeWorker);
    open.clear();
    running = false;
  }

  @Override
  public synchronized boolean isRunning() {
    return running;
  }

  /** One operation's job handler. */
  private record OperationJobHandler(JobRunner jobs, OperationHandler<?> handler)
      implements JobHandler {

    @Override
    public void handle(JobClient client, ActivatedJob job) {
      jobs.handle(client, job, handler);
    }
  }
}
