package io.mediaflow.sandbox.delivery;

import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.mediaflow.fixtures.ApiFixtures;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The CORS policies of the shared fixtures ({@code mediaflow-api-fixtures}), as request bodies: the
 * sandbox accepts the valid ones and refuses each invalid one naming its header, as the plugin's
 * rules do with the same fixtures.
 */
class CorsPolicyFixturesTest {

  private static final ObjectMapper JSON = new ObjectMapper();

  static Stream<Arguments> cases() {
    return ApiFixtures.cases("delivery-cors-policies.json", "body");
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("cases")
  void theSandboxAgreesWithTheFixture(String name, JsonNode body, String invalidField) {
    Map<String, Object> request = JSON.convertValue(body, new TypeReference<>() {});
    if (invalidField == null) {
      assertThatCode(() -> BucketCorsPolicy.of(request)).doesNotThrowAnyException();
    } else {
      assertThatThrownBy(() -> BucketCorsPolicy.of(request))
          .isInstanceOf(DeliveryException.class)
          .hasMessageContaining(invalidField + ":");
    }
  }
}
