package io.mediaflow.sandbox.live;

import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.mediaflow.fixtures.ApiFixtures;
import io.mediaflow.sandbox.PlaybackDomainDirectory;
import java.io.IOException;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.springframework.beans.factory.support.StaticListableBeanFactory;

/**
 * The create-stream bodies of the shared fixtures ({@code mediaflow-api-fixtures}): the sandbox
 * accepts the valid ones and refuses each invalid one naming its field, as the plugin's rules do
 * with the same fixtures.
 */
class StreamFixturesTest {

  private static final ObjectMapper JSON = new ObjectMapper();

  /** No fixture names a playback domain, so the sandbox's directory of them is not needed. */
  private final StreamParamsValidator validator =
      new StreamParamsValidator(
          new StaticListableBeanFactory().getBeanProvider(PlaybackDomainDirectory.class),
          new DvrParamsValidator());

  static Stream<Arguments> cases() {
    return ApiFixtures.cases("live-streams.json", "body");
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("cases")
  void theValidatorAgreesWithTheFixture(String name, JsonNode body, String invalidField)
      throws IOException {
    String request = JSON.writeValueAsString(body);
    if (invalidField == null) {
      assertThatCode(() -> validator.read(LiveRequestBody.parse(request, JSON)))
          .doesNotThrowAnyException();
    } else {
      assertThatThrownBy(() -> validator.read(LiveRequestBody.parse(request, JSON)))
          .isInstanceOf(LiveApiException.class)
          .hasMessageContaining(invalidField);
    }
  }
}
