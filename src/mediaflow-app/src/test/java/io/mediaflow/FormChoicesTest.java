package io.mediaflow;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.mediaflow.api.ApiJson;
import io.mediaflow.delivery.Domain;
import io.mediaflow.live.DvrFormat;
import io.mediaflow.live.PlaybackPolicy;
import io.mediaflow.live.StreamFormat;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The start forms offer the values the plugin's rules allow, and no others: a form is JSON that
 * cannot name the Java that holds a rule, so this holds the two together.
 */
class FormChoicesTest {

  private static final Path FORMS = Path.of("../../forms");

  @Test
  void goLiveOffersTheDocumentedIngestFormatsAndPlaybackPolicies() throws IOException {
    assertThat(values("start-go-live.form", "inputFormat"))
        .containsExactlyInAnyOrderElementsOf(json(StreamFormat.Input.values()));
    assertThat(values("start-go-live.form", "playbackPolicy"))
        .containsExactlyInAnyOrderElementsOf(json(PlaybackPolicy.values()));
    assertThat(values("start-go-live.form", "format"))
        .as("the DVR formats")
        .containsExactlyElementsOf(DvrFormat.FORMATS);
  }

  @Test
  void customDomainTlsOffersTheDomainTypes() throws IOException {
    assertThat(values("start-custom-domain-tls.form", "type"))
        .containsExactlyInAnyOrder(Domain.VOD, Domain.LIVE);
  }

  /** The values of the form's select, radio or checklist field bound to {@code key}. */
  private static List<String> values(String form, String key) throws IOException {
    JsonNode field = find(ApiJson.MAPPER.readTree(Files.readString(FORMS.resolve(form))), key);
    assertThat(field).as("a field with key %s in %s", key, form).isNotNull();
    var values = new ArrayList<String>();
    field.path("values").forEach(value -> values.add(value.path("value").asText()));
    return values;
  }

  private static JsonNode find(JsonNode container, String key) {
    for (JsonNode component : container.path("components")) {
      if (key.equals(component.path("key").asText()) && component.has("values")) {
        return component;
      }
      JsonNode inner = find(component, key);
      if (inner != null) {
        return inner;
      }
    }
    return null;
  }

  private static List<String> json(Enum<?>[] constants) {
    return Arrays.stream(constants)
        .map(constant -> ApiJson.MAPPER.convertValue(constant, String.class))
        .toList();
  }
}
