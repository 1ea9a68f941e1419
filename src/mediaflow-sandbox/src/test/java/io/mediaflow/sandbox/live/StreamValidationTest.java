package io.mediaflow.sandbox.live;

import static io.mediaflow.sandbox.live.LiveStreamLifecycleTest.ACCESS_KEY;
import static io.mediaflow.sandbox.live.LiveStreamLifecycleTest.SECRET_KEY;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.mediaflow.sandbox.SandboxTest;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class StreamValidationTest extends SandboxTest {

  private static final String S3 =
      "\"url\": \"s3://b/f\", \"access_key\": \""
          + ACCESS_KEY
          + "\", \"secret_key\": \""
          + SECRET_KEY
          + "\"";

  LiveApi api;

  @BeforeEach
  void connect() {
    api = LiveApi.connect(baseUrl());
  }

  @Test
  void creationFillsInEveryDefault() {
    JsonNode stream = api.create(null);
    assertThat(stream.get("id").asText()).matches("[0-9a-f-]{36}");
    assertThat(stream.get("name").isNull()).isTrue();
    assertThat(stream.get("stream_key").asText()).hasSize(32);
    assertThat(stream.get("server_urls").fieldNames())
        .toIterable()
        .containsExactly("rtmp", "rtmps");
    assertThat(stream.at("/server_urls/rtmp").asText()).startsWith("rtmp://");
    assertThat(stream.at("/status/name").asText()).isEqualTo("created");
    assertThat(stream.at("/status/timestamp").asText())
        .matches("\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d:\\d\\d");
    assertThat(stream.get("created_at").asText())
        .isEqualTo(stream.at("/status/timestamp").asText());
    assertThat(stream.get("playback_ids")).hasSize(1);
    assertThat(stream.at("/playback_ids/0/policy").asText()).isEqualTo("public");
    assertThat(stream.get("playback_domain").isNull()).isTrue();
    assertThat(stream.has("simulcast_targets")).isFalse();
    assertThat(stream.has("origin_host")).isFalse();
    assertThat(stream.get("params"))
        .isEqualTo(
            json(
                """
        {"input_format": "rtmp", "output_format": "hls", "framerate": 0, "mode": "auto", "callback_url": null,
         "stream_timeout": 120,
         "dvr": {"enabled": 0, "destination": null, "stream_source": "auto", "resolution": "highest",
                 "format": "mp4", "max_file_duration": 14400}}"""));
  }

  @Test
  void creationEchoesWhatWasGivenInItsForm() {
    JsonNode stream =
        api.create(
            """
        {"name": "show", "input_format": "srt", "output_format": "cmaf", "framerate": 29.97, "stream_timeout": 300,
         "callback_url": "https://hooks.example.com/live?id=7",
         "dvr": {"enabled": true, "stream_source": "transcoded", "resolution": "720p", "format": ["ts", "hls"],
                 "max_file_duration": 21600,
                 "destination": [{%s, "permissions": "public-read", "storage_class": "REDUCED_REDUNDANCY"},
                                 {"url": "sftp://backup.example.com/live"}]}}"""
                .formatted(S3));
    assertThat(stream.get("name").asText()).isEqualTo("show");
    JsonNode params = stream.get("params");
    assertThat(params.get("framerate").decimalValue()).isEqualByComparingTo("29.97");
    assertThat(params.get("callback_url").asText())
        .isEqualTo("https://hooks.example.com/live?id=7");
    assertThat(params.get("dvr"))
        .isEqualTo(
            json(
                """
        {"enabled": 1,
         "destination": [{"url": "s3://b/f", "access_key": "%s", "permissions": "public-read",
                          "storage_class": "REDUCED_REDUNDANCY"},
                         {"url": "sftp://backup.example.com/live", "access_key": null, "permissions": null,
                          "storage_class": null}],
         "stream_source": "transcoded", "resolution": "720p", "format": ["ts", "hls"], "max_file_duration": 21600}
        """
                    .formatted(ACCESS_KEY)));
    // The secret is accepted, never shown.
    assertThat(stream.toString()).doesNotContain(SECRET_KEY).doesNotContain("secret_key");
  }

  @Test
  void aSingleDestinationStaysAnObjectWithS3Defaults() {
    JsonNode dvr =
        api.create("{\"dvr\": {\"enabled\": 1, \"format\": \"ts\", \"destination\": {" + S3 + "}}}")
            .at("/params/dvr");
    assertThat(dvr.at("/destination/url").asText()).isEqualTo("s3://b/f");
    assertThat(dvr.at("/destination/permissions").asText()).isEqualTo("private");
    assertThat(dvr.get("format").asText()).isEqualTo("ts");
  }

  @ParameterizedTest(name = "{0} -> {1}")
  @CsvSource(
      delimiter = '|',
      textBlock =
          """
      {"name": 5}                                      | name: must be a string
      {"callbackUrl": "https://x.example.com"}         | callbackUrl: unknown field
      {"input_format": "rtmpx"}                        | input_format: must be one of rtmp, webrtc, srt
      {"input_format": 1}                              | input_format: must be a string
      {"output_format": "dash"}                        | output_format: must be one of hls, cmaf
      {"stream_timeout": 0}                            | stream_timeout: must be an integer from 1
      {"stream_timeout": -5}                           | stream_timeout: must be an integer from 1
      {"stream_timeout": 1.5}                          | stream_timeout: must be an integer
      {"stream_timeout": "120"}                        | stream_timeout: must be an integer
      {"framerate": -1}                                | framerate: must be a number from 0 to 30
      {"framerate": 30.5}                              | framerate: must be a number from 0 to 30
      {"framerate": "30"}                              | framerate: must be a number
      {"callback_url": "ftp://x.example.com/cb"}       | callback_url: must be an absolute URL starting with http://
      {"callback_url": "/relative/path"}               | callback_url: must be an absolute URL
      {"callback_url": "https://u:p@x.example.com/"}   | callback_url: must not carry credentials
      {"playback_domain": "not a domain"}              | playback_domain: must be a fully qualified domain name
      {"playback_domain": "localhost"}                 | playback_domain: must be a fully qualified domain name
      {"playback_domain": "live.unknown.example.com"}  | playback_domain: 'live.unknown.example.com' is not a
      {"dvr": 1}                                       | dvr: must be a JSON object
      {"dvr": {"enable": 1}}                           | dvr.enable: unknown field
      {"dvr": {"enabled": 2}}                          | dvr.enabled: must be 0 or 1
      {"dvr": {"enabled": "yes"}}                      | dvr.enabled: must be 0 or 1
      {"dvr": {"enabled": 1}}                          | dvr.destination: required when enabled is 1
      {"dvr": {"enabled": 1, "destination": []}}       | dvr.destination: must hold at least one destination
      {"dvr": {"destination": "s3://b/f"}}             | dvr.destination: must be a JSON object
      {"dvr": {"destination": {"access_key": "x"}}}    | dvr.destination.url: required
      {"dvr": {"destination": {"url": "http://b/f"}}}  | dvr.destination.url: must be an absolute URL starting with s3:// or b2://
      {"dvr": {"destination": {"url": "s3://b/f"}}}    | dvr.destination.access_key: required for s3:// destinations; 20
      {"dvr": {"destination": {"url": "ftp://u:p@h/f"}}} | dvr.destination.url: must not carry credentials
      {"dvr": {"destination": {"url": "b2://b", "access_key": "k"}}}        | dvr.destination.secret_key: required together
      {"dvr": {"destination": {"url": "ftp://h", "permissions": "private"}}} | dvr.destination.permissions: applies only to s3://
      {"dvr": {"destination": {"url": "ftp://h", "storage_class": "GLACIER"}}} | dvr.destination.storage_class: applies only
      {"dvr": {"destination": {"url": "ftp://h/f", "region": "eu"}}}        | dvr.destination.region: unknown field
      {"dvr": {"stream_source": "both"}}               | dvr.stream_source: must be one of original, transcoded, auto
      {"dvr": {"resolution": "8k"}}                    | dvr.resolution: must be one of highest, lowest, 240p, 480p, 720p
      {"dvr": {"format": "mkv"}}                       | dvr.format: must be one of mp4, ts, hls
      {"dvr": {"format": []}}                          | dvr.format: must be one of mp4, ts, hls or a non-empty list
      {"dvr": {"format": ["mp4", "mkv"]}}              | dvr.format[1]: must be one of mp4, ts, hls
      {"dvr": {"format": ["mp4", "mp4"]}}              | dvr.format[1]: 'mp4' is listed twice
      {"dvr": {"max_file_duration": 0}}                | dvr.max_file_duration: must be an integer from 1 to 21600
      {"dvr": {"max_file_duration": 21601}}            | dvr.max_file_duration: must be an integer from 1 to 21600
      {"dvr": {"max_file_duration": 60.5}}             | dvr.max_file_duration: must be an integer from 1 to 21600
      [1, 2]                                           | request body: must be a JSON object
      {"name": "unterminated                           | request body: must be a JSON object
      """)
  void creationRefusesEachBrokenRule(String body, String error) {
    assertThat(api.post("/live-streams", body).error(400)).startsWith(error);
  }

  @ParameterizedTest(name = "{0} -> {1}")
  @CsvSource(
      delimiter = '|',
      textBlock =
          """
      "access_key": "AKIAIOSFODNN7EXAMPL", "secret_key": "%2$s"  | access_key: required for s3:// destinations; 20 alphanumeric
      "access_key": "AKIAIOSFODNN7EXAMP-E", "secret_key": "%2$s" | access_key: required for s3:// destinations; 20 alphanumeric
      "access_key": "%1$s", "secret_key": "short"               | secret_key: required for s3:// destinations; 40 characters
      "access_key": "%1$s", "secret_key": "%2$s", "permissions": "everyone"   | permissions: must be one of private, public-read
      "access_key": "%1$s", "secret_key": "%2$s", "storage_class": "CHEAP"    | storage_class: must be one of STANDARD
      """)
  void destinationsInAListAreNamedByIndex(String fields, String error) {
    String second = "{\"url\": \"s3://b/f\", " + fields.formatted(ACCESS_KEY, SECRET_KEY) + "}";
    String body = "{\"dvr\": {\"enabled\": 1, \"destination\": [{" + S3 + "}, " + second + "]}}";
    String message = api.post("/live-streams", body).error(400);
    assertThat(message).startsWith("dvr.destination[1]." + error).doesNotContain(SECRET_KEY);
  }

  @Test
  void aBodyMustBeSentAsJson() {
    String ingest =
        baseUrl() + "/sandbox/live-streams/" + api.create(null).get("id").asText() + "/ingest";
    var answer =
        LiveApi.send(
            "POST", ingest, "{\"action\": \"start\"}", null, "application/x-www-form-urlencoded");
    assertThat(answer.error(400))
        .isEqualTo("Content-Type: must be application/json, not application/x-www-form-urlencoded");
  }

  @ParameterizedTest(name = "{0} -> {1}")
  @CsvSource(
      delimiter = '|',
      textBlock =
          """
      {"url": "http://x.example.com/live", "stream_key": "k"}   | url: must be an absolute URL starting with rtmp://
      {"stream_key": "k"}                                        | url: required
      {"url": "rtmp://x.example.com/live"}                       | stream_key: required
      {"url": "rtmp://x.example.com/live", "stream_key": " "}    | stream_key: must not be empty
      {"url": "rtmp://x.example.com/live", "stream_key": "k", "name": "yt"} | name: unknown field
      """)
  void simulcastTargetsNeedAnRtmpUrlAndAKey(String body, String error) {
    String id = api.create(null).get("id").asText();
    assertThat(api.post("/live-streams/" + id + "/simulcast-targets", body).error(400))
        .startsWith(error);
  }

  @ParameterizedTest(name = "{0} -> {1}")
  @CsvSource(
      delimiter = '|',
      textBlock =
          """
      {"policy": "private"}                | policy: must be one of public, authenticated
      {}                                   | policy: required; one of public, authenticated
      {"policy": "public", "url": "x"}     | url: unknown field
      """)
  void playbackIdsNeedAPolicy(String body, String error) {
    String id = api.create(null).get("id").asText();
    assertThat(api.post("/live-streams/" + id + "/playback-ids", body).error(400))
        .startsWith(error);
  }

  @ParameterizedTest(name = "{0} -> {1}")
  @CsvSource(
      delimiter = '|',
      textBlock =
          """
      {"action": "pause"}                          | action: must be one of start, stop
      {}                                           | action: required; one of start, stop
      {"action": "start", "input_format": "hls"}   | input_format: must be one of rtmp, webrtc, srt
      """)
  void ingestControlNeedsAnAction(String body, String error) {
    String id = api.create(null).get("id").asText();
    assertThat(api.ingest(id, body).error(400)).startsWith(error);
  }

  private static JsonNode json(String text) {
    try {
      return LiveApi.JSON.readTree(text);
    } catch (Exception e) {
      throw new IllegalArgumentException(e);
    }
  }
}
