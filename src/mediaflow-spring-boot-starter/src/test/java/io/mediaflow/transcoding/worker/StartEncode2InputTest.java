package io.mediaflow.transcoding.worker;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import io.mediaflow.api.ApiJson;
import io.mediaflow.api.InvalidRequestException;
import io.mediaflow.api.internal.Constraints;
import io.mediaflow.callback.CallbackProperties;
import io.mediaflow.callback.internal.CallbackUrls;
import io.mediaflow.fixtures.ApiFixtures;
import io.mediaflow.transcoding.StartEncode2;
import io.mediaflow.transcoding.query.Format;
import io.mediaflow.transcoding.query.JobPayload;
import io.mediaflow.transcoding.query.Query;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The payload rule ({@link JobPayload}) as the start_encode2 operation's input carries it, and the
 * callback it adds to the query.
 */
class StartEncode2InputTest {

  static Stream<Arguments> payloads() {
    return ApiFixtures.cases("transcoding-payloads.json", "payload");
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("payloads")
  void thePayloadRuleAgreesWithTheFixture(String name, JsonNode payload, String invalidField) {
    String text = payload.isNull() || payload.isMissingNode() ? null : payload.asText();
    var input =
        new StartEncode2Input(
            new StartEncode2(
                "task", Query.of("https://example.com/in.mp4", List.of(Format.of("mp4"))), text),
            null);
    if (invalidField == null) {
      assertThatCode(() -> Constraints.check(input)).doesNotThrowAnyException();
    } else {
      assertThatThrownBy(() -> Constraints.check(input))
          .isInstanceOf(InvalidRequestException.class)
          .hasMessageContaining(invalidField + ":");
    }
  }

  @Test
  void payloadLongerThan1000CharactersIsRefused() throws Exception {
    Query query =
        ApiJson.MAPPER.readValue(
            "{\"source\":\"tus:0b6a1f4e-2c3d-4e5f-8a9b-0c1d2e3f4a5b\",\"format\":[{\"output\":\"mp4\"}]}",
            Query.class);
    assertThatThrownBy(
            () ->
                Constraints.check(
                    new StartEncode2Input(new StartEncode2("t", query, "x".repeat(1001)), null)))
        .hasMessageContaining("payload: must be at most 1000 characters");
    assertThatCode(
            () ->
                Constraints.check(
                    new StartEncode2Input(new StartEncode2("t", query, "x".repeat(1000)), null)))
        .doesNotThrowAnyException();
  }

  @Test
  void mediaflowsCallbackIsAddedUnlessTheQueryNamesOneOrTheModelTurnsItOff() {
    Query query = Query.of("https://example.com/in.mp4", List.of(Format.of("mp4")));
    var callbacks =
        new CallbackUrls(
            new CallbackProperties(
                true,
                "https://mediaflow.example",
                "callback-secret",
                Duration.ofDays(7),
                Duration.ofHours(1),
                Duration.ofMinutes(1),
                Duration.ofMinutes(15)),
            Clock.systemUTC());

    assertThat(
            sentCallbackUrl(
                new StartEncode2Input(new StartEncode2("task", query, null), null), callbacks))
        .as("by default")
        .startsWith("https://mediaflow.example/");
    assertThat(
            sentCallbackUrl(
                new StartEncode2Input(new StartEncode2("task", query, null), true), callbacks))
        .startsWith("https://mediaflow.example/");
    assertThat(
            sentCallbackUrl(
                new StartEncode2Input(new StartEncode2("task", query, null), false), callbacks))
        .as("turned off, for a process that polls")
        .isNull();
    Query named = query.withCallbackUrl("https://hooks.example/transcoding");
    assertThat(
            sentCallbackUrl(
                new StartEncode2Input(new StartEncode2("task", named, null), null), callbacks))
        .isEqualTo("https://hooks.example/transcoding");
  }

  /** The callback_url in the query the start sends. */
  private static String sentCallbackUrl(StartEncode2Input input, CallbackUrls callbacks) {
    return input.withCallback(input.callbackUrl(callbacks)).query().callbackUrl();
  }
}
