package io.mediaflow.sandbox.transcoding;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.mediaflow.sandbox.SandboxTest;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Task callbacks, in the form the service posts them. */
class TranscodingCallbackTest extends SandboxTest {

  private final SandboxClient sandbox = new SandboxClient(baseUrl());

  @Test
  void queuedAndSavedCallbacksCarryTheTaskThePayloadAndTheStatus() {
    try (var endpoint = new TestServer().recorder("/hooks/transcoding", 200)) {
      String task = sandbox.createTask();
      String query =
          "{\"query\": {\"source\": \""
              + sandbox.sampleUrl()
              + "\", \"callback_url\": \""
              + endpoint.url("/hooks/transcoding?project=7")
              + "\", \"format\": [{\"output\": \"mp4\"}]}}";
      assertThat(sandbox.startEncode2(task, query, "order=17&step=encode").path("error").asInt())
          .isZero();
      sandbox.awaitFinished(task);
      List<Map<String, String>> forms =
          Await.until(
              "the queued and saved callbacks",
              () -> endpoint.received.stream().map(TestServer.Received::form).toList(),
              list -> list.size() >= 2);

      assertThat(forms)
          .extracting(form -> form.get("event"))
          .containsExactlyInAnyOrder("queued", "saved");
      for (Map<String, String> form : forms) {
        assertThat(form.get("task_token")).isEqualTo(task);
        assertThat(form.get("payload")).isEqualTo("order=17&step=encode");
        assertThat(form.get("callback_type")).isEqualTo("task");
        assertThat(form).doesNotContainKey("error_code");
      }
      Map<String, String> saved =
          forms.stream().filter(f -> f.get("event").equals("saved")).findFirst().orElseThrow();
      JsonNode status = sandbox.parse(saved.get("status"));
      assertThat(status.path("status").asText()).isEqualTo("completed");
      assertThat(status.path("videos").get(0).path("url").asText())
          .contains("/downloads/" + task + "/");
      Map<String, String> queued =
          forms.stream().filter(f -> f.get("event").equals("queued")).findFirst().orElseThrow();
      assertThat(sandbox.parse(queued.get("status")).path("status").asText()).isEqualTo("queued");
    }
  }

  @Test
  void aFailedJobCallsBackWithTheError() {
    try (var endpoint = new TestServer().recorder("/hook", 204)) {
      String task = sandbox.createTask();
      String query =
          "{\"query\": {\"source\": \""
              + baseUrl()
              + "/sandbox/samples/none.mp4\", \"callback_url\": \""
              + endpoint.url("/hook")
              + "\", \"format\": [{\"output\": \"mp4\"}]}}";
      sandbox.startEncode2(task, query);
      Map<String, String> error =
          Await.until(
                  "the error callback",
                  () ->
                      endpoint.received.stream()
                          .map(TestServer.Received::form)
                          .filter(f -> "error".equals(f.get("event")))
                          .findFirst(),
                  found -> found.isPresent())
              .orElseThrow();
      assertThat(error.get("error_code")).isEqualTo("1");
      assertThat(error.get("error_message"))
          .isEqualTo("Download error: unable to download the specified source file/URL.");
      assertThat(error.get("payload")).isEmpty();
      assertThat(sandbox.parse(error.get("status")).path("error").asInt()).isEqualTo(1);
    }
  }

  @Test
  void aFailingCallbackEndpointBecomesAWarning() {
    try (var endpoint = new TestServer().recorder("/broken", 500)) {
      String task = sandbox.createTask();
      String query =
          "{\"query\": {\"source\": \""
              + sandbox.sampleUrl()
              + "\", \"callback_url\": \""
              + endpoint.url("/broken")
              + "\", \"format\": [{\"output\": \"metadata\"}]}}";
      sandbox.startEncode2(task, query);
      JsonNode status =
          sandbox.awaitStatus(
              task,
              s -> s.path("status").asText().equals("completed") && s.path("warnings").size() >= 2);
      assertThat(status.path("warnings"))
          .allSatisfy(
              warning -> {
                assertThat(warning.path("kind").asText()).isEqualTo("callback_endpoint");
                assertThat(warning.path("message").asText()).isEqualTo("Callback endpoint errors.");
              });
      assertThat(status.path("error").asInt()).isZero();
    }
  }
}
