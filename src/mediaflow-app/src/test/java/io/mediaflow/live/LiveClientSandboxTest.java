package io.mediaflow.live;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mediaflow.MediaflowTest;
import io.mediaflow.api.ApiException;
import io.mediaflow.api.InvalidRequestException;
import io.mediaflow.api.internal.Secrets;
import io.mediaflow.sandbox.RequestCounter;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

/** The client against the live streaming sandbox over real HTTP: every endpoint of document 2. */
class LiveClientSandboxTest extends MediaflowTest {

  static final String ACCESS_KEY = "AKIAIOSFODNN7EXAMPLE";
  static final String SECRET_KEY = "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY";

  @Autowired LiveClient client;
  @Autowired RequestCounter requests;

  @Test
  void createReadsEveryParamBackAsTypedJava() {
    var dvr =
        new Dvr(
            true,
            List.of(
                new DvrDestination(
                    "s3://recordings/shows",
                    ACCESS_KEY,
                    SECRET_KEY,
                    "public-read",
                    "REDUCED_REDUNDANCY"),
                new DvrDestination("sftp://archive.example.com/live", null, null, null, null)),
            "transcoded",
            "720p",
            List.of("mp4", "ts"),
            3600);
    Stream stream =
        client.createStream(
            new NewStream(
                "evening show",
                "srt",
                "hls",
                600,
                null,
                29.97,
                "https://hooks.example.com/live",
                dvr));

    assertThat(stream.id()).isNotBlank();
    assertThat(stream.name()).isEqualTo("evening show");
    assertThat(stream.streamKey()).isNotBlank();
    assertThat(stream.serverUrls().rtmp()).startsWith("rtmp://");
    assertThat(stream.serverUrls().srt()).as("srt appears only once started").isNull();
    assertThat(stream.status().name()).isEqualTo("created");
    assertThat(stream.status().state()).contains(StreamState.CREATED);
    assertThat(stream.status().enteredAt()).isPresent();
    assertThat(stream.createdAt()).isNotBlank();
    assertThat(stream.playbackIds())
        .singleElement()
        .satisfies(
            id -> {
              assertThat(id.policy()).isEqualTo("public");
              assertThat(id.playbackUrl()).endsWith("playlist.m3u8");
            });
    assertThat(stream.params())
        .satisfies(
            params -> {
              assertThat(params.inputFormat()).isEqualTo("srt");
              assertThat(params.outputFormat()).isEqualTo("hls");
              assertThat(params.framerate()).isEqualTo(29.97);
              assertThat(params.mode()).isEqualTo("auto");
              assertThat(params.callbackUrl()).isEqualTo("https://hooks.example.com/live");
              assertThat(params.streamTimeout()).isEqualTo(600);
            });
    Dvr recording = stream.params().dvr();
    assertThat(recording.isOn()).isTrue();
    assertThat(recording.destination())
        .extracting(DvrDestination::url)
        .containsExactly("s3://recordings/shows", "sftp://archive.example.com/live");
    assertThat(recording.destination().getFirst().accessKey()).isEqualTo(ACCESS_KEY);
    assertThat(recording.destination().getFirst().permissions()).isEqualTo("public-read");
    assertThat(recording.destination().getFirst().storageClass()).isEqualTo("REDUCED_REDUNDANCY");
    assertThat(recording.streamSource()).isEqualTo("transcoded");
    assertThat(recording.resolution()).isEqualTo("720p");
    assertThat(recording.format()).containsExactly("mp4", "ts");
    assertThat(recording.maxFileDuration()).isEqualTo(3600);
    assertThat(stream.simulcastTargets()).as("absent until a target was added").isNull();
    assertThat(stream.originHost()).isNull();

    assertThat(client.getStream(new GetStream(stream.id()))).isEqualTo(stream);
  }

  @Test
  void aStreamWithoutParamsGetsTheDocumentedDefaults() {
    Stream stream = client.createStream(null);

    assertThat(stream.params().inputFormat()).isEqualTo("rtmp");
    assertThat(stream.params().streamTimeout()).isEqualTo(120);
    assertThat(stream.params().framerate()).isZero();
    assertThat(stream.params().dvr().isOn()).isFalse();
    assertThat(stream.params().dvr().maxFileDuration()).isEqualTo(Dvr.DEFAULT_MAX_FILE_DURATION);
  }

  @Test
  void startAndStopMoveTheStreamThroughItsStates() {
    // 600 s without input (6 s at the tests' time scale), not the default's 1.2 s: the stop must
    // find it waiting.
    Stream created =
        client.createStream(
            new NewStream("start and stop", null, null, 600, null, null, null, null));

    Stream starting = client.startStream(new StartStream(created.id()));
    assertThat(starting.statusName()).isEqualTo("starting");
    Stream waiting = awaitStatus(created.id(), "waiting");
    assertThat(waiting.serverUrls().webrtc()).isNotBlank();
    assertThat(waiting.serverUrls().srt()).startsWith("srt://");
    assertThat(waiting.originHost()).isNotBlank();
    assertThat(waiting.originUrl()).endsWith(created.id() + "/playlist.m3u8");
    assertThat(waiting.status().timestamp()).isNotBlank();

    assertThat(client.stopStream(new StopStream(created.id())).statusName()).isEqualTo("stopping");
    Stream stopped = awaitStatus(created.id(), "stopped");
    assertThat(stopped.originUrl()).isNull();
    assertThat(stopped.serverUrls().srt()).isNull();
  }

  @Test
  void playbackIdsAreAddedWithEitherPolicyAndDeleted() {
    Stream created = client.createStream(NewStream.named("playback"));

    Stream withAuthenticated =
        client.addPlaybackId(new AddPlaybackId(created.id(), PlaybackPolicy.AUTHENTICATED));
    assertThat(withAuthenticated.playbackIds())
        .extracting(PlaybackId::policy)
        .containsExactly("public", "authenticated");
    PlaybackId authenticated = withAuthenticated.playbackIds().get(1);
    assertThat(authenticated.playbackUrl()).contains(authenticated.id()).endsWith("playlist.m3u8");
    assertThat(authenticated.created()).isNotBlank();
    Stream withTwoPublic =
        client.addPlaybackId(new AddPlaybackId(created.id(), PlaybackPolicy.PUBLIC));
    assertThat(withTwoPublic.playbackIds()).hasSize(3);

    Stream afterDelete =
        client.deletePlaybackId(
            new DeletePlaybackId(created.id(), created.playbackIds().getFirst().id()));
    assertThat(afterDelete.playbackIds())
        .extracting(PlaybackId::policy)
        .containsExactly("authenticated", "public");
  }

  @Test
  void simulcastTargetsAreAddedAndDeleted() {
    Stream created = client.createStream(NewStream.named("simulcast"));

    client.addSimulcastTarget(
        new AddSimulcastTarget(created.id(), "rtmp://a.rtmp.youtube.com/live2", "yt-key"));
    Stream withTwo =
        client.addSimulcastTarget(
            new AddSimulcastTarget(
                created.id(), "rtmps://live-api-s.facebook.com:443/rtmp/", "fb-key"));
    assertThat(withTwo.simulcastTargets())
        .extracting(SimulcastTarget::url)
        .containsExactly(
            "rtmp://a.rtmp.youtube.com/live2", "rtmps://live-api-s.facebook.com:443/rtmp/");
    assertThat(withTwo.simulcastTargets())
        .allSatisfy(target -> assertThat(target.id()).isNotBlank());
    assertThat(withTwo.simulcastTargets().getFirst().streamKey()).isEqualTo("yt-key");
    assertThat(withTwo.toString()).doesNotContain("yt-key", "fb-key", withTwo.streamKey());
    assertThat(withTwo.withoutSecrets(false).simulcastTargets())
        .extracting(SimulcastTarget::streamKey)
        .containsOnly(Secrets.MASK);

    client.deleteSimulcastTarget(
        new DeleteSimulcastTarget(created.id(), withTwo.simulcastTargets().get(0).id()));
    Stream withNone =
        client.deleteSimulcastTarget(
            new DeleteSimulcastTarget(created.id(), withTwo.simulcastTargets().get(1).id()));
    assertThat(withNone.simulcastTargets()).as("an empty array when none remain").isEmpty();
  }

  @Test
  void listFiltersByDottedPathsExactValuesNullAndNotNullCombinedWithAnd() {
    String name = "filtered " + UUID.randomUUID();
    var recorded =
        client.createStream(
            new NewStream(
                name,
                null,
                null,
                null,
                null,
                null,
                null,
                new Dvr(
                    true,
                    List.of(new DvrDestination("b2://bucket/shows", null, null, null, null)),
                    null,
                    null,
                    null,
                    null)));
    var plain = client.createStream(NewStream.named(name));
    client.startStream(new StartStream(plain.id()));

    assertThat(ids(client.listStreams(StreamFilter.all().and("name", name))))
        .containsExactlyInAnyOrder(recorded.id(), plain.id());
    assertThat(
            ids(
                client.listStreams(
                    StreamFilter.all().and("name", name).and("params.dvr.enabled", "1"))))
        .containsExactly(recorded.id());
    assertThat(
            ids(
                client.listStreams(
                    StreamFilter.of(Map.of("name", name, "params.dvr.destination", "notnull")))))
        .containsExactly(recorded.id());
    assertThat(
            ids(
                client.listStreams(
                    StreamFilter.all().and("name", name).andNull("params.dvr.destination"))))
        .containsExactly(plain.id());
    // A stream never started stays "created"; a started one moves on at the sandbox's pace, so only
    // the former is a status the filter can be checked against without racing the sandbox.
    assertThat(
            ids(
                client.listStreams(
                    StreamFilter.all().and("name", name).and("status.name", "created"))))
        .containsExactly(recorded.id());
    assertThat(
            ids(
                client.listStreams(
                    StreamFilter.all().and("name", name).andNotNull("playback_domain"))))
        .isEmpty();
    assertThat(ids(client.listStreams(StreamFilter.all()))).contains(recorded.id(), plain.id());
  }

  @Test
  void theServicesRefusalsAreTypedAndNamed() {
    assertThatThrownBy(() -> client.getStream(new GetStream("no-such-stream")))
        .isInstanceOfSatisfying(
            ApiException.Rejected.class, e -> assertThat(e.code()).isEqualTo("NOT_FOUND"))
        .hasMessageContaining("GET /v1/live-streams/no-such-stream");
    Stream created = client.createStream(NewStream.named("refusals"));
    assertThatThrownBy(() -> client.stopStream(new StopStream(created.id())))
        .isInstanceOfSatisfying(
            ApiException.Rejected.class, e -> assertThat(e.code()).isEqualTo("CONFLICT"));
    assertThatThrownBy(() -> client.deletePlaybackId(new DeletePlaybackId(created.id(), "unknown")))
        .isInstanceOfSatisfying(
            ApiException.Rejected.class, e -> assertThat(e.code()).isEqualTo("NOT_FOUND"));
    // The sandbox has no playback domain unless the content delivery API created one.
    assertThatThrownBy(
            () ->
                client.createStream(
                    new NewStream(null, null, null, null, "live.example.com", null, null, null)))
        .isInstanceOfSatisfying(
            ApiException.Rejected.class, e -> assertThat(e.code()).isEqualTo("BAD_REQUEST"))
        .hasMessageContaining("playback_domain");
  }

  @Test
  void aBrokenRuleIsRefusedBeforeAnythingIsSent() {
    long creates = requests.count("POST /sandbox/live/v1/live-streams");
    var tooLong =
        new Dvr(
            true,
            List.of(
                new DvrDestination("s3://recordings/shows", ACCESS_KEY, SECRET_KEY, null, null)),
            null,
            null,
            null,
            30_000);

    assertThatThrownBy(() -> client.createStream(NewStream.named("too long").withDvr(tooLong)))
        .isInstanceOf(InvalidRequestException.class)
        .hasMessage("dvr.max_file_duration: must be from 1 to 21600 seconds");
    assertThatThrownBy(
            () ->
                client.addSimulcastTarget(
                    new AddSimulcastTarget("any", "https://example.com/live", "")))
        .isInstanceOf(InvalidRequestException.class)
        .hasMessageContaining("url: must be the target's rtmp:// or rtmps:// ingest URL")
        .hasMessageContaining("stream_key: is required");
    assertThat(requests.count("POST /sandbox/live/v1/live-streams")).isEqualTo(creates);
  }

  private Stream awaitStatus(String id, String status) {
    return await(
        "stream " + id + " in status " + status,
        () ->
            java.util.Optional.of(client.getStream(new GetStream(id)))
                .filter(stream -> status.equals(stream.statusName())));
  }

  private static List<String> ids(List<Stream> streams) {
    return streams.stream().map(Stream::id).toList();
  }
}
