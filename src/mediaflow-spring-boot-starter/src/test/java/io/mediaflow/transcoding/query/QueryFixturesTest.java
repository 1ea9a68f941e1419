package io.mediaflow.transcoding.query;

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
 * The Query objects of the shared fixtures ({@code mediaflow-api-fixtures}): the plugin's rules
 * accept the valid ones and refuse each invalid one naming its field. The sandbox's validator meets
 * the same fixtures, so the two readings of document 3 cannot drift apart.
 */
class QueryFixturesTest {

  static Stream<Arguments> cases() {
    return ApiFixtures.cases("transcoding-queries.json", "query");
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("cases")
  void theRulesAgreeWithTheFixture(String name, JsonNode query, String invalidField) {
    if (invalidField == null) {
      assertThatCode(() -> Constraints.check(read(query))).doesNotThrowAnyException();
    } else {
      assertThatThrownBy(() -> Constraints.check(read(query)))
          .isInstanceOf(InvalidRequestException.class)
          .hasMessageContaining(invalidField + ":");
    }
  }

  private static Query read(JsonNode query) {
    return ApiJson.MAPPER.convertValue(query, Query.class);
  }
}
