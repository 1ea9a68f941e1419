package io.mediaflow.sandbox.live;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.mediaflow.sandbox.SandboxTest;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class PlaybackIdsAndSimulcastTest extends SandboxTest {

  LiveApi api;
  String id;

  @BeforeEach
  void createStream() {
    api = LiveApi.connect(baseUrl());
    id = api.create(null).get("id").asText();
  }

  @Test
  void playbackIdsAreAddedAndDeleted() {
    String publicId = api.stream(id).at("/playback_ids/0/id").asText();
    JsonNode stream =
        api
            .post("/live-streams/" + id + "/playback-ids", "{\"policy\": \"authenticated\"}")
            .stream();
    assertThat(stream.get("playback_ids")).hasSize(2);
    JsonNode added = stream.at("/playback_ids/1");
    String addedId = added.get("id").asText();
    assertThat(added.get("policy").asText()).isEqualTo("authenticated");
    assertThat(added.get("created").asText()).matches("\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d:\\d\\d");
    assertThat(added.get("playback_url").asText())
        .isEqualTo(baseUrl() + "/sandbox/live-playback/" + addedId + "/playlist.m3u8");

    JsonNode afterDelete = api.delete("/live-streams/" + id + "/playback-ids/" + addedId).stream();
    assertThat(afterDelete.get("playback_ids")).hasSize(1);
    assertThat(afterDelete.at("/playback_ids/0/id").asText()).isEqualTo(publicId);
    assertThat(api.delete("/live-streams/" + id + "/playback-ids/" + addedId).error(404))
        .isEqualTo("playback ID '" + addedId + "' does not exist");
    // Nothing plays from a deleted playback ID.
    assertThat(LiveApi.fetch(added.get("playback_url").asText()).statusCode()).isEqualTo(404);
  }

  @Test
  void simulcastTargetsAreAddedAndDeleted() {
    assertThat(api.stream(id).has("simulcast_targets")).isFalse();
    api
        .post(
            "/live-streams/" + id + "/simulcast-targets",
            """
        {"url": "rtmp://a.rtmp.youtube.com/live2", "stream_key": "yt-key"}""")
        .stream();
    JsonNode stream =
        api
            .post(
                "/live-streams/" + id + "/simulcast-targets",
                """
        {"url": "rtmps://live.twitch.tv/app", "stream_key": "tw-key"}""")
            .stream();
    JsonNode targets = stream.get("simulcast_targets");
    assertThat(targets).hasSize(2);
    assertThat(targets.get(0).get("id").asText()).matches("[0-9a-f-]{36}");
    assertThat(targets.get(0).get("url").asText()).isEqualTo("rtmp://a.rtmp.youtube.com/live2");
    assertThat(targets.get(1).get("stream_key").asText()).isEqualTo("tw-key");

    String first = targets.get(0).get("id").asText();
    String second = targets.get(1).get("id").asText();
    assertThat(
            api.delete("/live-streams/" + id + "/simulcast-targets/" + first).stream()
                .get("simulcast_targets"))
        .hasSize(1);
    JsonNode none = api.delete("/live-streams/" + id + "/simulcast-targets/" + second).stream();
    assertThat(none.get("simulcast_targets").isArray()).isTrue();
    assertThat(none.get("simulcast_targets")).isEmpty();
    assertThat(api.delete("/live-streams/" + id + "/simulcast-targets/" + second).error(404))
        .isEqualTo("simulcast target '" + second + "' does not exist");
  }
}
