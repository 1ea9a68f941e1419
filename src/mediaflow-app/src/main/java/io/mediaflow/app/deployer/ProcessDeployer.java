package io.mediaflow.app.deployer;

import io.camunda.client.CamundaClient;
import jakarta.annotation.PostConstruct;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.context.event.ApplicationReadyEvent;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.event.EventListener;
import org.springframework.core.io.Resource;
import org.springframework.core.io.support.PathMatchingResourcePatternResolver;
import org.springframework.stereotype.Component;

/**
 * Deploys every process in {@code bpmn/} together with every form in {@code forms/} (a user task
 * links its form by {@code formId}, so both must be in the engine).
 *
 * <p>A cluster that does not answer yet is waited for, not fatal: on a container platform the
 * application may well start before Zeebe. Each attempt that finds no cluster logs one line with
 * the address and the reason, and the next follows after a backoff; the application runs meanwhile,
 * its readiness DOWN ({@link DeploymentReadiness}) and its liveness UP. A cluster that answers and
 * refuses the deployment (a bad model, authentication, authorization) stops the application with
 * that reason, since trying again cannot help.
 */
@Component
@ConditionalOnProperty(
    name = "mediaflow.engine.deploy",
    havingValue = "true",
    matchIfMissing = true)
public class ProcessDeployer {

  private static final Logger LOG = LoggerFactory.getLogger(ProcessDeployer.class);
  private static final Duration FIRST_RETRY = Duration.ofSeconds(1);
  private static final Duration LAST_RETRY = Duration.ofSeconds(10);

  private final CamundaClient client;
  private final ConfigurableApplicationContext context;
  private volatile boolean deployed;

  /**
   * Done at the first outcome that start-up can act on: deployed, refused (exceptionally), or the
   * cluster not reachable (normally, the attempts going on in the background).
   */
  private final CompletableFuture<Void> firstOutcome = new CompletableFuture<>();

  public ProcessDeployer(CamundaClient client, ConfigurableApplicationContext context) {
    this.client = client;
    this.context = context;
  }

  /**
   * Deploys while the rest of the application starts (the workers, the web server): the first
   * deployment into a fresh engine, which parses and checks every model, is one of the slowest
   * steps of start-up.
   */
  @PostConstruct
  void startDeploying() {
    Thread.ofPlatform().name("mediaflow-deployment").daemon().start(this::deployUntilDone);
  }

  /**
   * Start-up completes with the models deployed or the cluster not reachable yet, and fails with
   * the reason the cluster refused them.
   */
  @EventListener(ApplicationReadyEvent.class)
  public void awaitDeployment() {
    try {
      firstOutcome.join();
    } catch (CompletionException e) {
      throw (DeploymentRefusedException) e.getCause();
    }
  }

  private void deployUntilDone() {
    Duration retry = FIRST_RETRY;
    while (!deployed) {
      try {
        deploy();
        firstOutcome.complete(null);
      } catch (RuntimeException e) {
        String reason = ClusterAnswer.reasonOf(e);
        if (!ClusterAnswer.isUnreachable(e)) {
          refused(reason);
          return;
        }
        LOG.warn(
            "Deploying the processes: the cluster at {} does not answer ({}); next attempt in {} s",
            address(),
            reason,
            retry.toSeconds());
        firstOutcome.complete(null);
        if (!pause(retry)) {
          return;
        }
        retry =
            retry.multipliedBy(2).compareTo(LAST_RETRY) > 0 ? LAST_RETRY : retry.multipliedBy(2);
      }
    }
  }

  /** Stops the start, or the running application once it has started, with the cluster's reason. */
  private void refused(String reason) {
    String message = "The cluster at " + address() + " refused the processes: " + reason;
    if (firstOutcome.completeExceptionally(new DeploymentRefusedException(message))) {
      return;
    }
    LOG.error("{}; stopping the application", message);
    System.exit(SpringApplication.exit(context, () -> 1));
  }

  /** Whether to go on: false once the application is stopping. */
  private boolean pause(Duration retry) {
    try {
      Thread.sleep(retry);
      return context.isActive();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return false;
    }
  }

  /** Where the deployment goes: the REST or the gRPC address, as the client sends commands. */
  private URI address() {
    var configuration = client.getConfiguration();
    return configuration.preferRestOverGrpc()
        ? configuration.getRestAddress()
        : configuration.getGrpcAddress();
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
    // can take longer than the client's default 10 s.
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

  /** The cluster's refusal, as the one reason start-up fails with. */
  static final class DeploymentRefusedException extends RuntimeException {
    DeploymentRefusedException(String message) {
      super(message, null, false, false);
    }
  }
}
