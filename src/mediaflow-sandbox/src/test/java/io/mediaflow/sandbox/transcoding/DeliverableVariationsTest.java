package io.mediaflow.sandbox.transcoding;

import static io.mediaflow.sandbox.transcoding.SandboxClient.query;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.mediaflow.sandbox.SandboxTest;
import java.net.URI;
import java.net.http.HttpRequest;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The sandbox's variations at the points where document 3 is silent about a deliverable
 * (docs/sandbox.md): a start refused as busy that spends its token, a rendition listed but not
 * saved, a rung larger than the source made at the source's size. Each is switched on alone; the
 * sandbox without it answers as before.
 */
class DeliverableVariationsTest extends SandboxTest {

  private final SandboxClient sandbox = new SandboxClient(baseUrl());

  @AfterEach
  void noVariation() {
    variations();
    sandbox.send(HttpRequest.newBuilder(URI.create(sandbox.api("/control"))).DELETE().build());
  }

  @Test
  void aStartRefusedAsBusySpendsItsTokenUnderTheVariationAndLeavesTheTaskWithoutAJob() {
    String sample = query(sandbox.sampleUrl(), "{\"output\": \"metadata\"}");
    variations("refused-start-spends-token");
    failNextStart(8);
    String task = sandbox.createTask();

    assertThat(sandbox.startEncode2(task, sample).path("error").asInt()).isEqualTo(8);

    assertThat(sandbox.startEncode2(task, sample).path("error").asInt())
        .as("the repeat: token already used")
        .isEqualTo(16);
    assertThat(sandbox.basicStatus(task).path("status").asText())
        .as("no job: the task reads as one never started")
        .isEqualTo("created");
    variations("refused-start-spends-token", "unstarted-task-is-error-21");
    assertThat(sandbox.post("/v1/status", Map.of("task_tokens", task)).path("error").asInt())
        .isEqualTo(21);

    variations();
    failNextStart(8);
    String unspent = sandbox.createTask();
    assertThat(sandbox.startEncode2(unspent, sample).path("error").asInt()).isEqualTo(8);
    assertThat(sandbox.startEncode2(unspent, sample).path("error").asInt())
        .as("without the variation a refused start leaves the token unused")
        .isZero();
  }

  @Test
  void aRenditionMissingIsListedAsCompletedButItsFilesAreNotThere() {
    variations("rendition-missing");
    String task =
        sandbox.start(
            query(
                sandbox.sampleUrl(),
                "{\"output\": \"advanced_hls\", \"stream\": [{\"resolution\": 360, \"user_tag\": \"360p\"}, {\"resolution\": 240, \"user_tag\": \"240p\"}]}"));

    JsonNode status = sandbox.awaitFinished(task);

    assertThat(status.path("status").asText()).isEqualTo("completed");
    JsonNode videos = status.path("videos");
    assertThat(videos).hasSize(2);
    videos.forEach(video -> assertThat(video.path("status").asText()).isEqualTo("completed"));
    String master = videos.get(0).path("url").asText();
    assertThat(sandbox.get(master).statusCode()).as("the master playlist").isEqualTo(200);
    String base = master.substring(0, master.lastIndexOf('/') + 1);
    assertThat(sandbox.get(base + "video_1/chunklist.m3u8").statusCode())
        .as("the first rendition's playlist")
        .isEqualTo(404);
    assertThat(sandbox.get(base + "video_2/chunklist.m3u8").statusCode()).isEqualTo(200);
  }

  @Test
  void aRungLargerThanTheSourceIsMadeAtTheSourcesSizeUnderItsOwnTag() {
    variations("taller-rungs-at-source-size");
    String task =
        sandbox.start(
            query(
                sandbox.sampleUrl(),
                "{\"output\": \"advanced_hls\", \"stream\": [{\"resolution\": 720, \"user_tag\": \"720p\"}, {\"resolution\": 240, \"user_tag\": \"240p\"}]}"));

    JsonNode videos = sandbox.awaitFinished(task).path("videos");

    assertThat(videos).hasSize(2);
    assertThat(videos.get(0).path("user_tag").asText()).isEqualTo("720p");
    assertThat(videos.get(0).path("meta").path("height").asInt())
        .as("the 640x360 source's height, not 720")
        .isEqualTo(360);
    assertThat(videos.get(1).path("meta").path("height").asInt()).isEqualTo(240);
  }

  private void failNextStart(int error) {
    var response =
        sandbox.send(
            HttpRequest.newBuilder(URI.create(sandbox.api("/control")))
                .header("Content-Type", "application/json")
                .POST(
                    HttpRequest.BodyPublishers.ofString(
                        "{\"failNext\": {\"endpoint\": \"start_encode2\", \"error\": "
                            + error
                            + ", \"retryAfter\": 1, \"times\": 1}}"))
                .build());
    assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
  }

  private void variations(String... names) {
    var response =
        sandbox.send(
            HttpRequest.newBuilder(URI.create(baseUrl() + "/sandbox/variations"))
                .header("Content-Type", "application/json")
                .PUT(
                    HttpRequest.BodyPublishers.ofString(
                        "{\"variations\": ["
                            + String.join(
                                ",", List.of(names).stream().map(n -> "\"" + n + "\"").toList())
                            + "]}"))
                .build());
    assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
  }
}
