package io.mediaflow.live.worker;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mediaflow.api.InvalidRequestException;
import io.mediaflow.live.AddPlaybackId;
import io.mediaflow.live.AddSimulcastTarget;
import io.mediaflow.live.PlaybackPolicy;
import io.mediaflow.live.StreamState;
import io.mediaflow.worker.internal.InputReader;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Process variables as the live workers read them: the API's forms accepted, anything else named by
 * field.
 */
class LiveInputsTest {

  private final InputReader inputs = new InputReader(name -> java.util.Optional.empty());

  @Test
  void dvrAsAProcessWritesItIsReadWithTheApisNames() {
    var input =
        inputs.read(
            Map.of(
                "name",
                "show",
                "streamTimeout",
                300,
                "includeStreamKey",
                true,
                "dvr",
                Map.of(
                    "enabled",
                    1,
                    "format",
                    "hls",
                    "max_file_duration",
                    600,
                    "destination",
                    Map.of(
                        "url",
                        "s3://b/f",
                        "access_key",
                        "AKIAIOSFODNN7EXAMPLE",
                        "storage_class",
                        "STANDARD"))),
            CreateStreamInput.class);

    assertThat(input.keepStreamKey()).isTrue();
    var dvr = input.newStream(java.util.Optional.empty()).dvr();
    assertThat(dvr.isOn()).isTrue();
    assertThat(dvr.format()).containsExactly("hls");
    assertThat(dvr.destination().getFirst().accessKey()).isEqualTo("AKIAIOSFODNN7EXAMPLE");
    assertThat(dvr.destination().getFirst().storageClass()).isEqualTo("STANDARD");
    assertThat(input.newStream(java.util.Optional.empty()).streamTimeout()).isEqualTo(300);
  }

  @Test
  void theModelsOwnCallbackUrlWinsOverTheSignedOneAndEitherCarriesTheJobsMarker() {
    var own =
        inputs.read(
            Map.of("callbackUrl", "https://hooks.example.com/live?x=1"), CreateStreamInput.class);
    var none = inputs.read(Map.of(), CreateStreamInput.class);
    var signed = java.util.Optional.of("http://localhost/callbacks/live?subject=1&signature=s");

    String ownUrl = own.markedCallbackUrl(signed, "mf-7-abc").orElseThrow();
    String signedUrl = none.markedCallbackUrl(signed, "mf-7-abc").orElseThrow();

    assertThat(ownUrl).isEqualTo("https://hooks.example.com/live?x=1&mediaflow_marker=mf-7-abc");
    assertThat(signedUrl)
        .isEqualTo(
            "http://localhost/callbacks/live?subject=1&signature=s&mediaflow_marker=mf-7-abc");
    assertThat(CreateStreamInput.markerOf(ownUrl)).isEqualTo("mf-7-abc");
    assertThat(none.markedCallbackUrl(java.util.Optional.empty(), "mf-7-abc"))
        .as("callbacks off: no marker")
        .isEmpty();
  }

  @Test
  void enabledIsZeroOrOne() {
    assertThatThrownBy(
            () -> inputs.read(Map.of("dvr", Map.of("enabled", 5)), CreateStreamInput.class))
        .isInstanceOf(InvalidRequestException.class)
        .hasMessage("dvr.enabled: must be 0 or 1 (or true or false)");
  }

  @Test
  void statesAndPoliciesAreTheDocumentsOwn() {
    var wait =
        inputs.read(
            Map.of("streamId", "s", "states", List.of("live", "stopped"), "timeout", "PT5M"),
            WaitForStatusInput.class);
    assertThat(wait.states()).containsExactly(StreamState.LIVE, StreamState.STOPPED);
    assertThat(wait.timeout()).isEqualTo(Duration.ofMinutes(5));
    assertThatThrownBy(
            () ->
                inputs.read(
                    Map.of("streamId", "s", "states", List.of("onair")), WaitForStatusInput.class))
        .hasMessage(
            "states[0]: must be one of created, starting, waiting, launching, live, idle, stopping, stopped");
    assertThatThrownBy(
            () ->
                inputs.read(Map.of("streamId", "s", "states", List.of()), WaitForStatusInput.class))
        .hasMessageStartingWith("states: ");

    assertThat(
            inputs
                .read(Map.of("streamId", "s", "policy", "authenticated"), AddPlaybackId.class)
                .policy())
        .isEqualTo(PlaybackPolicy.AUTHENTICATED);
    assertThatThrownBy(
            () -> inputs.read(Map.of("streamId", "s", "policy", "private"), AddPlaybackId.class))
        .hasMessage("policy: must be public or authenticated");
  }

  @Test
  void aTargetsKeyIsNeverPrinted() {
    var input =
        inputs.read(
            Map.of("streamId", "s", "url", "rtmp://x/app", "streamKey", "target-secret"),
            AddSimulcastTarget.class);
    assertThat(input.toString()).doesNotContain("target-secret");
    assertThatThrownBy(() -> inputs.read(Map.of("url", "rtmp://x/app"), AddSimulcastTarget.class))
        .hasMessage("streamId: is required; streamKey: is required");
  }
}
