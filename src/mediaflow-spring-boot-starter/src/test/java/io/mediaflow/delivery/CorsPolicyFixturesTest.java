package io.mediaflow.delivery;

import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.JsonNode;
import io.mediaflow.api.ApiJson;
import io.mediaflow.api.InvalidRequestException;
import io.mediaflow.fixtures.ApiFixtures;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The CORS policies of the shared fixtures ({@code mediaflow-api-fixtures}): the plugin's rules
 * accept the valid ones and refuse each invalid one naming its header, as the sandbox does with the
 * same fixtures.
 */
class CorsPolicyFixturesTest {

  static Stream<Arguments> cases() {
    return ApiFixtures.cases("delivery-cors-policies.json", "body");
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("cases")
  void theRulesAgreeWithTheFixture(String name, JsonNode body, String invalidField) {
    var policy =
        new CorsPolicy(
            ApiJson.MAPPER.convertValue(body, new TypeReference<Map<String, String>>() {}));
    if (invalidField == null) {
      assertThatCode(policy::check).doesNotThrowAnyException();
    } else {
      assertThatThrownBy(policy::check)
          .isInstanceOf(InvalidRequestException.class)
          .hasMessageContaining(invalidField + ":");
    }
  }
}
