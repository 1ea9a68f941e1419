package io.mediaflow.sample;

import static org.assertj.core.api.Assertions.assertThat;

import io.camunda.client.CamundaClient;
import io.camunda.zeebe.model.bpmn.Bpmn;
import io.camunda.zeebe.process.test.api.ZeebeTestEngine;
import io.camunda.zeebe.process.test.engine.EngineFactory;
import io.mediaflow.MediaflowTest;
import io.mediaflow.SandboxAlone;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.Arrays;
import java.util.Base64;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.core.io.ClassPathResource;

/**
 * The plugin on its own in a user's application ({@link SampleApplication}): against a Zeebe engine and the
 * service's API reached over HTTP (here the in-memory engine and the sandbox, each started by the test as
 * something apart), a process with one Mediaflow task runs to its end with the service's answer in its variables.
 * The application's configuration is the one the README shows.
 */
class SampleApplicationTest {

  private static final String CONFIGURATION = "io/mediaflow/sample/application.yml";

  @TempDir Path keyStore;

  private ZeebeTestEngine engine;
  private ConfigurableApplicationContext service;
  private ConfigurableApplicationContext application;

  @AfterEach
  void stop() {
    for (var context : new ConfigurableApplicationContext[] {application, service}) {
      if (context != null) {
        context.close();
      }
    }
    if (engine != null) {
      engine.stop();
    }
  }

  @Test
  void aProcessWithAMediaflowTaskRunsInAnApplicationThatHasOnlyTheStarter() {
    int enginePort = MediaflowTest.freePort();
    engine = EngineFactory.create(enginePort);
    engine.start();
    int servicePort = MediaflowTest.freePort();
    service = SandboxAlone.start(servicePort);
    String sandbox = "http://localhost:" + servicePort + "/sandbox";
    int port = MediaflowTest.freePort();

    application = new SpringApplicationBuilder(SampleApplication.class).properties(Map.ofEntries(
        // its own application.yml, not the embedded default's, which is on this module's class path too
        Map.entry("spring.config.location", "classpath:/" + CONFIGURATION),
        Map.entry("server.port", port),
        // the in-memory engine speaks gRPC only
        Map.entry("camunda.client.prefer-rest-over-grpc", false),
        // what the environment gives the README's application.yml
        Map.entry("ZEEBE_GRPC_ADDRESS", "http://localhost:" + enginePort),
        Map.entry("MEDIAFLOW_TRANSCODING_BASE_URL", sandbox + "/transcoding"),
        Map.entry("MEDIAFLOW_TRANSCODING_API_KEY", "sandbox-api-key"),
        Map.entry("MEDIAFLOW_LIVE_BASE_URL", sandbox + "/live"),
        Map.entry("MEDIAFLOW_LIVE_API_KEY", "sandbox-api-key"),
        Map.entry("MEDIAFLOW_DELIVERY_BASE_URL", sandbox + "/cdn"),
        Map.entry("MEDIAFLOW_DELIVERY_API_KEY", "sandbox-api-key"),
        Map.entry("MEDIAFLOW_STORAGE_URL", sandbox + "/storage/{bucket}/{path}"),
        Map.entry("MEDIAFLOW_KEY_STORE_DIRECTORY", keyStore.toString()),
        Map.entry("MEDIAFLOW_KEY_STORE_MASTER_KEY", randomKey()),
        Map.entry("MEDIAFLOW_CALLBACK_BASE_URL", "http://localhost:" + port),
        Map.entry("MEDIAFLOW_CALLBACK_SECRET", "sample-callback-secret"))).run();

    assertThat(Arrays.stream(application.getBeanDefinitionNames()).map(application::getType))
        .as("beans of the project other than the plugin")
        .noneMatch(type -> type != null && (type.getName().startsWith("io.mediaflow.app.")
            || type.getName().startsWith("io.mediaflow.sandbox.")));

    CamundaClient camunda = application.getBean(CamundaClient.class);
    camunda.newDeployResourceCommand()
        .addProcessModel(Bpmn.createExecutableProcess("sample")
            .startEvent()
            .serviceTask("createTask", task -> task.zeebeJobType("mediaflow.transcoding.create_task"))
            .endEvent()
            .done(), "sample.bpmn")
        .send().join();
    var ended = camunda.newCreateInstanceCommand().bpmnProcessId("sample").latestVersion()
        .withResult().requestTimeout(Duration.ofSeconds(60)).send().join();

    @SuppressWarnings("unchecked")
    var task = (Map<String, Object>) ended.getVariablesAsMap().get("transcodingTask");
    assertThat(task).as("the created task").isNotNull();
    assertThat((String) task.get("task_token")).isNotBlank();
    assertThat((String) task.get("upload_url")).as("the sandbox's upload host").startsWith(sandbox + "/upload");
  }

  @Test
  void theReadmeShowsThisConfiguration() throws IOException {
    String readme = Files.readString(Path.of("../../README.md"));
    String configuration = new ClassPathResource(CONFIGURATION).getContentAsString(StandardCharsets.UTF_8);
    assertThat(readme).as("README.md, \"Use the plugin in your own application\"").contains(configuration);
  }

  private static String randomKey() {
    byte[] key = new byte[32];
    new SecureRandom().nextBytes(key);
    return Base64.getEncoder().encodeToString(key);
  }
}
