package io.mediaflow.sandbox.live;

import static io.mediaflow.sandbox.live.LiveStreamLifecycleTest.ACCESS_KEY;
import static io.mediaflow.sandbox.live.LiveStreamLifecycleTest.SECRET_KEY;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.mediaflow.sandbox.SandboxTest;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Other tests' streams share the application, so each filter is checked on the streams this test
 * made.
 */
class StreamListFilterTest extends SandboxTest {

  LiveApi api;
  String recorded;
  String started;
  String simulcast;
  String name;

  @BeforeEach
  void createStreams() {
    api = LiveApi.connect(baseUrl());
    name = "filters-" + UUID.randomUUID();
    recorded =
        api.create(
                """
        {"name": "%s", "stream_timeout": 300, "dvr": {"enabled": 1, "destination": {"url": "s3://b/f",
         "access_key": "%s", "secret_key": "%s"}}}"""
                    .formatted(name, ACCESS_KEY, SECRET_KEY))
            .get("id")
            .asText();
    started = api.create("{\"stream_timeout\": 300}").get("id").asText();
    api.post("/live-streams/" + started + "/start", null).stream();
    simulcast = api.create("{\"dvr\": {\"enabled\": false}}").get("id").asText();
    api
        .post(
            "/live-streams/" + simulcast + "/simulcast-targets",
            "{\"url\": \"rtmp://x.example.com/live\", " + "\"stream_key\": \"k\"}")
        .stream();
  }

  @Test
  void noFilterListsEveryStream() {
    assertThat(mine("")).containsExactly(recorded, started, simulcast);
  }

  @Test
  void anExactValueMatchesEqualProperties() {
    assertThat(ids("?name=" + name)).containsExactly(recorded);
    assertThat(mine("?status.name=created")).containsExactly(recorded, simulcast);
    assertThat(mine("?params.stream_timeout=300")).containsExactly(recorded, started);
    assertThat(mine("?params.dvr.destination.url=s3://b/f")).containsExactly(recorded);
  }

  @Test
  void oneAndTrueMatchAnEnabledRecording() {
    assertThat(mine("?params.dvr.enabled=1")).containsExactly(recorded);
    assertThat(mine("?params.dvr.enabled=true")).containsExactly(recorded);
    assertThat(mine("?params.dvr.enabled=0")).containsExactly(started, simulcast);
    assertThat(mine("?params.dvr.enabled=false")).containsExactly(started, simulcast);
  }

  @Test
  void nullAndNotnullTestPresence() {
    assertThat(mine("?simulcast_targets=notnull")).containsExactly(simulcast);
    assertThat(mine("?simulcast_targets=null")).containsExactly(recorded, started);
    assertThat(mine("?params.dvr.destination=notnull")).containsExactly(recorded);
    assertThat(mine("?playback_domain=null")).containsExactly(recorded, started, simulcast);
    assertThat(mine("?name=notnull")).containsExactly(recorded);
  }

  @Test
  void conditionsCombineWithAnd() {
    assertThat(mine("?params.stream_timeout=300&params.dvr.enabled=0")).containsExactly(started);
    assertThat(mine("?params.stream_timeout=300&simulcast_targets=notnull")).isEmpty();
    assertThat(ids("?name=" + name + "&status.name=created&params.dvr.enabled=1"))
        .containsExactly(recorded);
  }

  @Test
  void aKeyThatIsNoPropertyPathIsRefused() {
    assertThat(api.get("/live-streams?status..name=live").error(400))
        .startsWith("status..name: not a property path");
  }

  private List<String> ids(String query) {
    var ids = new ArrayList<String>();
    for (JsonNode stream : api.get("/live-streams" + query).body().get("streams")) {
      ids.add(stream.get("id").asText());
    }
    return ids;
  }

  /** The listed streams among the ones this test created, in list order. */
  private List<String> mine(String query) {
    return ids(query).stream().filter(List.of(recorded, started, simulcast)::contains).toList();
  }
}
