package io.mediaflow.app.rest;

import com.fasterxml.jackson.databind.JsonNode;
import io.mediaflow.app.batch.BatchOperation.ElementMapping;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * A list of {@code {sourceElementId, targetElementId}}, as Camunda's REST API takes a migration's
 * mapping instructions and a batch modification's moves; at least one, each with both ids.
 */
final class ElementMappings {

  private ElementMappings() {}

  static List<ElementMapping> read(RequestObject body, String name) {
    JsonNode list = body.get(name);
    if (!list.isArray() || list.isEmpty()) {
      throw ApiProblem.invalid(
          body.prefix() + name + " is required: a list of {sourceElementId, targetElementId}");
    }
    List<ElementMapping> mappings = new ArrayList<>();
    for (int i = 0; i < list.size(); i++) {
      RequestObject mapping =
          RequestObject.of(
              list.get(i),
              body.prefix() + name + "[" + i + "]",
              Set.of("sourceElementId", "targetElementId"));
      String source = mapping.text("sourceElementId", null);
      String target = mapping.text("targetElementId", null);
      if (source == null || target == null) {
        throw ApiProblem.invalid(
            body.prefix() + name + "[" + i + "] needs sourceElementId and targetElementId");
      }
      mappings.add(new ElementMapping(source, target));
    }
    return mappings;
  }
}
