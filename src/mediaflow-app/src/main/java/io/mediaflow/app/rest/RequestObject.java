package io.mediaflow.app.rest;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * A request body of the REST API read strictly, as Camunda 8.8 reads it: a JSON object holding only
 * the operation's properties, with numbers where numbers belong. A misspelt property or a number
 * given as text is refused with a 400 that names it ({@code changeset.retries}), rather than
 * ignored or read as 0: a job failed with {@code "retries": "3"} would otherwise raise an incident.
 *
 * @param node the object
 * @param prefix how its properties are named in a refusal: empty at the top, {@code "page."} inside
 */
record RequestObject(JsonNode node, String prefix) {

  /**
   * The body of {@code operation} ("a start"), an empty object when there is none, once it is an
   * object whose properties are all in {@code properties}.
   */
  static RequestObject of(JsonNode body, String operation, Set<String> properties) {
    return read(body, "The request body of " + operation, "", properties);
  }

  /** The object at {@code name}, empty when absent, read as {@link #of} reads a body. */
  RequestObject object(String name, Set<String> properties) {
    return read(node.get(name), prefix + name, prefix + name + ".", properties);
  }

  private static RequestObject read(
      JsonNode value, String shown, String prefix, Set<String> properties) {
    if (value == null || value.isNull() || value.isMissingNode()) {
      return new RequestObject(CamundaJson.MAPPER.createObjectNode(), prefix);
    }
    if (!value.isObject()) {
      throw ApiProblem.invalid(shown + " must be a JSON object");
    }
    value
        .fieldNames()
        .forEachRemaining(
            name -> {
              if (!properties.contains(name)) {
                throw ApiProblem.invalid(
                    "Request property ["
                        + prefix
                        + name
                        + "] is unknown; "
                        + shown
                        + " takes "
                        + new TreeSet<>(properties));
              }
            });
    return new RequestObject(value, prefix);
  }

  /**
   * The whole number at {@code name}, at least {@code min}; {@code otherwise} when it is absent or
   * null.
   */
  long number(String name, long min, long otherwise) {
    JsonNode value = node.get(name);
    if (value == null || value.isNull()) {
      return otherwise;
    }
    if (!value.isIntegralNumber() || !value.canConvertToLong() || value.asLong() < min) {
      throw ApiProblem.invalid(
          prefix + name + " must be a whole number of at least " + min + ", got " + value);
    }
    return value.asLong();
  }

  /**
   * The key at {@code name}, as text (as Camunda's API gives keys) or a number; {@code -1} when
   * absent or null.
   */
  long key(String name) {
    JsonNode value = node.get(name);
    if (value == null || value.isNull()) {
      return -1;
    }
    try {
      return Long.parseLong(value.asText());
    } catch (NumberFormatException e) {
      throw ApiProblem.invalid(prefix + name + " must be a key (a number as text), got " + value);
    }
  }

  /** The text at {@code name}; {@code otherwise} when it is absent or null. */
  String text(String name, String otherwise) {
    JsonNode value = node.get(name);
    if (value == null || value.isNull()) {
      return otherwise;
    }
    if (!value.isTextual()) {
      throw ApiProblem.invalid(prefix + name + " must be a text, got " + value);
    }
    return value.asText();
  }

  /** The boolean at {@code name}; {@code otherwise} when it is absent or null. */
  boolean bool(String name, boolean otherwise) {
    JsonNode value = node.get(name);
    if (value == null || value.isNull()) {
      return otherwise;
    }
    if (!value.isBoolean()) {
      throw ApiProblem.invalid(prefix + name + " must be true or false, got " + value);
    }
    return value.asBoolean();
  }

  /** The list of texts at {@code name}; null when it is absent or null. */
  List<String> texts(String name) {
    JsonNode value = node.get(name);
    if (value == null || value.isNull()) {
      return null;
    }
    var texts = new ArrayList<String>();
    if (value.isArray()) {
      value.forEach(entry -> texts.add(entry.isTextual() ? entry.asText() : null));
    }
    if (!value.isArray() || texts.contains(null)) {
      throw ApiProblem.invalid(prefix + name + " must be a list of texts, got " + value);
    }
    return List.copyOf(texts);
  }

  /** The {@code variables} object, empty when there is none. */
  @SuppressWarnings("unchecked")
  Map<String, Object> variables() {
    JsonNode variables = node.get("variables");
    if (variables == null || variables.isNull()) {
      return Map.of();
    }
    if (!variables.isObject()) {
      throw ApiProblem.invalid(prefix + "variables must be a JSON object, got " + variables);
    }
    return CamundaJson.MAPPER.convertValue(variables, Map.class);
  }

  /** Whether {@code name} holds a value other than null. */
  boolean has(String name) {
    return node.hasNonNull(name);
  }

  JsonNode get(String name) {
    return node.path(name);
  }
}
