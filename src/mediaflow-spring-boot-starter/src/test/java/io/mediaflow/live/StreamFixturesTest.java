package io.mediaflow.live;

import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import io.mediaflow.api.ApiJson;
import io.mediaflow.api.InvalidRequestException;
import io.mediaflow.api.internal.Constraints;
import io.mediaflow.fixtures.ApiFixtures;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The create-stream bodies of the shared fixtures ({@code mediaflow-api-fixtures}): the plugin's
 * rules accept the valid ones and refuse each invalid one naming its field, as the sandbox's
 * validator does with the same fixtures.
 */
class StreamFixturesTest {

  static Stream<Arguments> cases() {
    return ApiFixtures.cases("live-streams.json", "body");
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("cases")
  void theRulesAgreeWithTheFixture(String name, JsonNode body, String invalidField) {
    if (invalidField == null) {
      assertThatCode(() -> Constraints.check(read(body))).doesNotThrowAnyException();
    } else {
      assertThatThrownBy(() -> Constraints.check(read(body)))
          .isInstanceOf(InvalidRequestException.class)
          .hasMessageContaining(invalidField);
    }
  }

  private static NewStream read(JsonNode body) {
    return ApiJson.MAPPER.convertValue(body, NewStream.class);
  }
}
