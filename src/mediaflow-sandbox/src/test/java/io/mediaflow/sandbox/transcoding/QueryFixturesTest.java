package io.mediaflow.sandbox.transcoding;

import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.mediaflow.fixtures.ApiFixtures;
import java.io.IOException;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The Query objects of the shared fixtures ({@code mediaflow-api-fixtures}), sent as {@code
 * /v1/start_encode2}'s {@code query} form field: the sandbox accepts the valid ones and refuses
 * each invalid one naming its field. The plugin's rules meet the same fixtures, so the two readings
 * of document 3 cannot drift apart.
 */
class QueryFixturesTest {

  private static final ObjectMapper JSON = new ObjectMapper();

  static Stream<Arguments> cases() {
    return ApiFixtures.cases("transcoding-queries.json", "query");
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("cases")
  void theValidatorAgreesWithTheFixture(String name, JsonNode query, String invalidField)
      throws IOException {
    String form = JSON.writeValueAsString(Map.of("query", query));
    if (invalidField == null) {
      assertThatCode(() -> QueryValidator.validate(form, JSON)).doesNotThrowAnyException();
    } else {
      assertThatThrownBy(() -> QueryValidator.validate(form, JSON))
          .isInstanceOf(TranscodingApiError.class)
          .hasMessageContaining("'" + invalidField + "'");
    }
  }

  static Stream<Arguments> payloads() {
    return ApiFixtures.cases("transcoding-payloads.json", "payload");
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("payloads")
  void thePayloadLimitAgreesWithTheFixture(String name, JsonNode payload, String invalidField) {
    String text = payload.isNull() || payload.isMissingNode() ? null : payload.asText();
    if (invalidField == null) {
      assertThatCode(() -> QueryValidator.checkPayload(text)).doesNotThrowAnyException();
    } else {
      assertThatThrownBy(() -> QueryValidator.checkPayload(text))
          .isInstanceOf(TranscodingApiError.class)
          .hasMessageContaining("'" + invalidField + "'");
    }
  }
}
