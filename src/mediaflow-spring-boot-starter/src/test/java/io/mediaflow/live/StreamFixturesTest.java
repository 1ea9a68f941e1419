package io.mediaflow.live;

import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import io.mediaflow.api.ApiJson;
import io.mediaflow.api.InvalidRequestException;
import java.io.IOException;
import java.io.InputStream;
import java.util.stream.Stream;
import java.util.stream.StreamSupport;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The create-stream bodies of the shared fixtures ({@code mediaflow-api-fixtures}): the plugin's rules accept the
 * valid ones and refuse each invalid one naming its field, as the sandbox's validator does with the same fixtures.
 */
class StreamFixturesTest {

  static Stream<Arguments> cases() throws IOException {
    try (InputStream in = StreamFixturesTest.class.getResourceAsStream("/io/mediaflow/fixtures/live-streams.json")) {
      JsonNode fixtures = ApiJson.MAPPER.readTree(in);
      return StreamSupport.stream(fixtures.path("cases").spliterator(), false)
          .map(c -> Arguments.of(c.path("name").asText(), c.path("body"), c.path("invalidField").asText(null)))
          .toList().stream();
    }
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("cases")
  void theRulesAgreeWithTheFixture(String name, JsonNode body, String invalidField) {
    if (invalidField == null) {
      assertThatCode(() -> StreamRules.check(read(body))).doesNotThrowAnyException();
    } else {
      assertThatThrownBy(() -> StreamRules.check(read(body)))
          .isInstanceOf(InvalidRequestException.class)
          .hasMessageContaining(invalidField);
    }
  }

  private static NewStream read(JsonNode body) {
    return ApiJson.MAPPER.convertValue(body, NewStream.class);
  }
}
