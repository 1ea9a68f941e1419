package io.mediaflow.app.rest;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Set;
import java.util.TreeSet;

/**
 * A search's body read strictly, as Camunda 8.8 reads it: a JSON object holding only the search's
 * properties ({@code filter}, {@code sort}, {@code page}), with numbers where numbers belong, a
 * misspelt property or a number given as text refused with a 400 that names it ({@code
 * page.limit}). Only the searches read their bodies so, since their filters are matched as JSON
 * ({@link Search}); every command's body is read into the request model ({@link
 * CamundaJson#REQUESTS}).
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

  /** Whether {@code name} holds a value other than null. */
  boolean has(String name) {
    return node.hasNonNull(name);
  }

  JsonNode get(String name) {
    return node.path(name);
  }
}
