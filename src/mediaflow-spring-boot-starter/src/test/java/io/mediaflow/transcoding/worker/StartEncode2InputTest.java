package io.mediaflow.transcoding.worker;

import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import io.mediaflow.api.ApiJson;
import io.mediaflow.api.InvalidRequestException;
import io.mediaflow.api.internal.Constraints;
import io.mediaflow.fixtures.ApiFixtures;
import io.mediaflow.transcoding.query.Format;
import io.mediaflow.transcoding.query.JobPayload;
import io.mediaflow.transcoding.query.Query;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** The payload rule ({@link JobPayload}) as the start_encode2 operation's input carries it. */
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
            "task", Query.of("https://example.com/in.mp4", List.of(Format.of("mp4"))), text);
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
    assertThatThrownBy(() -> Constraints.check(new StartEncode2Input("t", query, "x".repeat(1001))))
        .hasMessageContaining("payload: must be at most 1000 characters");
    assertThatCode(() -> Constraints.check(new StartEncode2Input("t", query, "x".repeat(1000))))
        .doesNotThrowAnyException();
  }
}
