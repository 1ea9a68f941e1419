package io.mediaflow.app.engine;

import io.camunda.client.CamundaClient;
import jakarta.annotation.PostConstruct;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.context.event.ApplicationReadyEvent;
import org.springframework.context.event.EventListener;
import org.springframework.core.io.Resource;
import org.springframework.core.io.support.PathMatchingResourcePatternResolver;
import org.springframework.stereotype.Component;

/**
 * Deploys every process in {@code bpmn/} together with every form in {@code forms/} (a user task
 * links its form by {@code formId}, so both must be in the engine).
 */
@Component
@ConditionalOnProperty(
    name = "mediaflow.engine.deploy",
    havingValue = "true",
    matchIfMissing = true)
public class ProcessDeployer {

  private static final Logger LOG = LoggerFactory.getLogger(ProcessDeployer.class);

  private final CamundaClient client;
  private final EngineProperties properties;
  private volatile boolean deployed;
  private CompletableFuture<Void> deployment;

  public ProcessDeployer(CamundaClient client, EngineProperties properties) {
    this.client = client;
    this.properties = properties;
  }

  /**
   * Deploys while the rest of the application starts (the workers, the web server): the first
   * deployment into a fresh engine, which parses and checks every model, is one of the slowest
   * steps of start-up.
   */
  @PostConstruct
  void startDeploying() {
    deployment =
        CompletableFuture.runAsync(
            this::deploy,
            task -> Thread.ofPlatform().name("mediaflow-deployment").daemon().start(task));
  }

  /** Start-up completes with the models deployed, or fails with the deployment. */
  @EventListener(ApplicationReadyEvent.class)
  public void awaitDeployment() {
    deployment.join();
  }

  private void deploy() {
    List<Resource> processes = resources("classpath*:bpmn/*.bpmn");
    List<Resource> forms = resources("classpath*:forms/*.form");
    if (processes.isEmpty() && forms.isEmpty()) {
      deployed = true;
      return;
    }
    var command = client.newDeployResourceCommand();
    var step =
        (io.camunda.client.api.command.DeployResourceCommandStep1.DeployResourceCommandStep2) null;
    for (Resource resource : processes) {
      byte[] bpmn = read(resource);
      if (properties.jobBasedUserTasks()) {
        bpmn = UserTasks.asJobBased(bpmn);
      }
      step =
          step == null
              ? command.addResourceBytes(bpmn, resource.getFilename())
              : step.addResourceBytes(bpmn, resource.getFilename());
    }
    for (Resource resource : forms) {
      byte[] form = read(resource);
      step =
          step == null
              ? command.addResourceBytes(form, resource.getFilename())
              : step.addResourceBytes(form, resource.getFilename());
    }
    // The first deployment of a fresh engine parses and checks every model; on a busy machine that
    // can take longer than the client's default 10 s, which would stop the application.
    var deployment = step.requestTimeout(Duration.ofMinutes(5)).send().join();
    LOG.info(
        "Deployed {} process(es) and {} form(s): {}",
        deployment.getProcesses().size(),
        deployment.getForm().size(),
        deployment.getProcesses().stream().map(p -> p.getBpmnProcessId()).toList());
    deployed = true;
  }

  /**
   * Whether every process and form is in the engine, so that instances can be started (see
   * readiness).
   */
  boolean deployed() {
    return deployed;
  }

  private static List<Resource> resources(String pattern) {
    try {
      return new ArrayList<>(
          List.of(new PathMatchingResourcePatternResolver().getResources(pattern)));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static byte[] read(Resource resource) {
    try (var in = resource.getInputStream()) {
      return in.readAllBytes();
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot read " + resource.getDescription(), e);
    }
  }
}
