package io.mediaflow.app.engine;

import io.camunda.client.CamundaClient;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.context.event.ApplicationReadyEvent;
import org.springframework.context.event.EventListener;
import org.springframework.core.io.Resource;
import org.springframework.core.io.support.PathMatchingResourcePatternResolver;
import org.springframework.stereotype.Component;

/**
 * Deploys every process in {@code bpmn/} together with every form in {@code forms/} (a user task links its form
 * by {@code formId}, so both must be in the engine).
 */
@Component
@ConditionalOnProperty(name = "mediaflow.engine.deploy", havingValue = "true", matchIfMissing = true)
public class ProcessDeployer {

  private static final Logger LOG = LoggerFactory.getLogger(ProcessDeployer.class);

  private final CamundaClient client;
  private final EngineProperties properties;

  public ProcessDeployer(CamundaClient client, EngineProperties properties) {
    this.client = client;
    this.properties = properties;
  }

  @EventListener(ApplicationReadyEvent.class)
  public void deploy() {
    List<Resource> processes = resources("classpath*:bpmn/*.bpmn");
    List<Resource> forms = resources("classpath*:forms/*.form");
    if (processes.isEmpty() && forms.isEmpty()) {
      return;
    }
    var command = client.newDeployResourceCommand();
    var step = (io.camunda.client.api.command.DeployResourceCommandStep1.DeployResourceCommandStep2) null;
    for (Resource resource : processes) {
      byte[] bpmn = read(resource);
      if (properties.jobBasedUserTasks()) {
        bpmn = UserTasks.asJobBased(bpmn);
      }
      step = step == null
          ? command.addResourceBytes(bpmn, resource.getFilename())
          : step.addResourceBytes(bpmn, resource.getFilename());
    }
    for (Resource resource : forms) {
      byte[] form = read(resource);
      step = step == null
          ? command.addResourceBytes(form, resource.getFilename())
          : step.addResourceBytes(form, resource.getFilename());
    }
    // Fifteen resources at once: on a busy machine the engine takes longer than a command's default 10 s.
    var deployment = step.requestTimeout(java.time.Duration.ofMinutes(2)).send().join();
    LOG.info("Deployed {} process(es) and {} form(s): {}", deployment.getProcesses().size(),
        deployment.getForm().size(),
        deployment.getProcesses().stream().map(p -> p.getBpmnProcessId()).toList());
  }

  private static List<Resource> resources(String pattern) {
    try {
      return new ArrayList<>(List.of(new PathMatchingResourcePatternResolver().getResources(pattern)));
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
