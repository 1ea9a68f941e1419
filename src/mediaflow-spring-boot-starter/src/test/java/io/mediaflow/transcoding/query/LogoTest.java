package io.mediaflow.transcoding.query;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import io.mediaflow.api.ApiJson;
import io.mediaflow.api.InvalidRequestException;
import io.mediaflow.api.internal.Constraints;
import org.junit.jupiter.api.Test;

/**
 * Document 3's {@code logo}: "object or array", an array giving dynamic logos for time ranges whose
 * fields it does not show. The query goes to the service in the shape the process gave, with every
 * field of each logo.
 */
class LogoTest {

  @Test
  void oneLogoStaysAnObjectAndLogosOverTimeRangesStayAnArrayWithTheirFields() throws Exception {
    String one =
        "{\"source\":\"https://a/b.mp4\",\"format\":[{\"output\":\"mp4\","
            + "\"logo\":{\"source\":\"https://a/logo.png\",\"x\":10,\"y\":20}}]}";
    String ranges =
        "{\"source\":\"https://a/b.mp4\",\"format\":[{\"output\":\"advanced_hls\",\"stream\":[{\"resolution\":720,"
            + "\"logo\":[{\"source\":\"https://a/l1.png\",\"x\":0,\"y\":0,\"start_time\":0,\"end_time\":5},"
            + "{\"source\":\"https://a/l2.png\",\"x\":0,\"y\":0,\"start_time\":5,\"duration\":3}]}]}]}";

    for (String given : new String[] {one, ranges}) {
      Query query = ApiJson.MAPPER.readValue(given, Query.class);
      Constraints.check(query);
      JsonNode sent = ApiJson.MAPPER.valueToTree(query);
      assertThat(sent).isEqualTo(ApiJson.MAPPER.readTree(given));
    }
  }

  @Test
  void everyLogoNeedsItsSourceNamedByItsPlaceInTheArray() throws Exception {
    Query query =
        ApiJson.MAPPER.readValue(
            "{\"source\":\"https://a/b.mp4\",\"format\":[{\"output\":\"mp4\","
                + "\"logo\":[{\"source\":\"https://a/l1.png\"},{\"x\":1,\"start_time\":4}]}]}",
            Query.class);

    assertThatThrownBy(() -> Constraints.check(query))
        .isInstanceOf(InvalidRequestException.class)
        .hasMessageContaining("format[0].logo[1].source: is required");
    JsonNode sent = ApiJson.MAPPER.valueToTree(query);
    assertThat(sent.path("format").path(0).path("logo").path(1).path("start_time").asInt())
        .isEqualTo(4);
  }
}
