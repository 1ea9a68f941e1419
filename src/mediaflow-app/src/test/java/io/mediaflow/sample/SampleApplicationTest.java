package io.mediaflow.sample;

import static org.assertj.core.api.Assertions.assertThat;

import io.camunda.client.CamundaClient;
import io.camunda.zeebe.model.bpmn.Bpmn;
import io.mediaflow.EmbeddedDefaultProcess;
import io.mediaflow.MediaflowTest;
import io.mediaflow.callback.CallbackMessages;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.core.io.ClassPathResource;

/**
 * The plugin on its own in a user's application ({@link SampleApplication}), with Camunda's client
 * at its defaults: against the embedded default's gateway and REST API (started by the test as a
 * JVM apart, its own workers off, its sandbox standing for the service), a process with Mediaflow
 * tasks runs to its end with the service's answer in its variables. The client speaks REST by
 * default, so the worker records a create's result over REST (set variables), and the callback
 * receiver publishes the service's callback as a message over REST: the process waits for that
 * message and nothing else. The application's configuration is the one the README shows.
 */
class SampleApplicationTest {

  private static final String CONFIGURATION = "io/mediaflow/sample/application.yml";

  @TempDir Path keyStore;
  @TempDir Path engineData;

  private Process embeddedDefault;
  private ConfigurableApplicationContext application;

  @AfterEach
  void stop() throws InterruptedException {
    if (application != null) {
      application.close();
    }
    if (embeddedDefault != null) {
      embeddedDefault.destroy();
      if (!embeddedDefault.waitFor(30, TimeUnit.SECONDS)) {
        embeddedDefault.destroyForcibly().waitFor();
      }
    }
  }

  @Test
  void aProcessWithMediaflowTasksRunsInAnApplicationThatHasOnlyTheStarterAtTheClientsDefaults()
      throws IOException {
    int enginePort = MediaflowTest.freePort();
    var engine = new EmbeddedDefaultProcess(engineData, MediaflowTest.freePort(), enginePort);
    // Its own workers off: the application below is the only one working the jobs.
    embeddedDefault =
        engine.start(
            "--camunda.client.worker.defaults.enabled=false",
            "--mediaflow.sandbox.time-scale=0.01");
    String sandbox = engine.baseUrl() + "/sandbox";
    int port = MediaflowTest.freePort();

    // what the environment gives the README's application.yml
    var properties =
        new HashMap<String, Object>(
            SampleEnvironment.of(engine, keyStore, "http://localhost:" + port));
    // its own application.yml, not the embedded default's, which is on this module's class path too
    properties.put("spring.config.location", "classpath:/" + CONFIGURATION);
    properties.put("server.port", port);
    application =
        new SpringApplicationBuilder(SampleApplication.class).properties(properties).run();

    assertThat(Arrays.stream(application.getBeanDefinitionNames()).map(application::getType))
        .as("beans of the project other than the plugin")
        .noneMatch(
            type ->
                type != null
                    && (type.getName().startsWith("io.mediaflow.app.")
                        || type.getName().startsWith("io.mediaflow.sandbox.")));
    CamundaClient camunda = application.getBean(CamundaClient.class);
    assertThat(camunda.getConfiguration().preferRestOverGrpc())
        .as("the client's default protocol, REST")
        .isTrue();

    camunda
        .newDeployResourceCommand()
        .addProcessModel(
            Bpmn.createExecutableProcess("sample")
                .startEvent()
                .serviceTask(
                    "createTask", task -> task.zeebeJobType("mediaflow.transcoding.create_task"))
                .serviceTask(
                    "startJob",
                    task ->
                        task.zeebeJobType("mediaflow.transcoding.start_encode2")
                            .zeebeInputExpression("transcodingTask.task_token", "taskToken")
                            .zeebeInput(
                                "={source: \""
                                    + sandbox
                                    + "/samples/bars-1080p.mp4\", format: [{output: \"thumbnail\","
                                    + " time: 0.5, image_format: \"jpg\"}]}",
                                "query"))
                // Only the service's callback, published by the callback receiver, moves the
                // instance on.
                .intermediateCatchEvent(
                    "jobFinished",
                    event ->
                        event.message(
                            message ->
                                message
                                    .name(CallbackMessages.TRANSCODING_JOB_FINISHED)
                                    .zeebeCorrelationKeyExpression("transcodingJob.task_token")))
                .endEvent()
                .done(),
            "sample.bpmn")
        .send()
        .join();
    var ended =
        camunda
            .newCreateInstanceCommand()
            .bpmnProcessId("sample")
            .latestVersion()
            .withResult()
            .requestTimeout(Duration.ofMinutes(2))
            .send()
            .join();

    @SuppressWarnings("unchecked")
    var task = (Map<String, Object>) ended.getVariablesAsMap().get("transcodingTask");
    assertThat(task).as("the created task").isNotNull();
    assertThat((String) task.get("task_token")).isNotBlank();
    assertThat((String) task.get("upload_url"))
        .as("the sandbox's upload host")
        .startsWith(sandbox + "/upload");
    @SuppressWarnings("unchecked")
    var job = (Map<String, Object>) ended.getVariablesAsMap().get("transcodingJob");
    assertThat(job).as("the started job").containsEntry("task_token", task.get("task_token"));
  }

  @Test
  void theReadmeShowsThisConfiguration() throws IOException {
    String readme = Files.readString(Path.of("../../README.md"));
    String configuration =
        new ClassPathResource(CONFIGURATION).getContentAsString(StandardCharsets.UTF_8);
    assertThat(readme)
        .as("README.md, \"Use the plugin in your own application\"")
        .contains(configuration);
  }
}
