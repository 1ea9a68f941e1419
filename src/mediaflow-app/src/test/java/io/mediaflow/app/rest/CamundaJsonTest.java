package io.mediaflow.app.rest;

import static org.assertj.core.api.Assertions.assertThat;

import io.camunda.client.protocol.rest.ProcessInstanceResult;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The REST layer's mapper writes Camunda's REST model, not the media service's API's settings. */
class CamundaJsonTest {

  @Test
  void aVariableWhoseValueIsNullIsWritten() {
    Map<String, Object> variables = new HashMap<>();
    variables.put("approved", null);

    assertThat(CamundaJson.MAPPER.valueToTree(variables).toString())
        .isEqualTo("{\"approved\":null}");
  }

  @Test
  void anOptionalFieldOfAShapeIsWrittenAsNull() {
    var node = CamundaJson.MAPPER.valueToTree(new ProcessInstanceResult().processInstanceKey("1"));

    assertThat(node.has("endDate"))
        .as("endDate, though the generated class marks it NON_NULL")
        .isTrue();
    assertThat(node.get("endDate").isNull()).isTrue();
  }

  @Test
  void datesAreIsoText() {
    assertThat(CamundaJson.MAPPER.valueToTree(Instant.parse("2026-11-27T20:00:00Z")).asText())
        .isEqualTo("2026-11-27T20:00:00Z");
  }
}
