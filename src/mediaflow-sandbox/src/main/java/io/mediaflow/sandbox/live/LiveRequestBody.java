package io.mediaflow.sandbox.live;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.math.BigDecimal;
import java.net.URI;
import java.net.URISyntaxException;
import java.util.Iterator;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.springframework.http.HttpEntity;
import org.springframework.http.MediaType;

/**
 * A JSON object of a request, read field by field so that every refusal names the field with its
 * full path ({@code dvr.destination[1].url}) and the rule it breaks.
 */
final class LiveRequestBody {

  private final ObjectNode node;
  private final String path;

  private LiveRequestBody(ObjectNode node, String path) {
    this.node = node;
    this.path = path;
  }

  /**
   * The body of {@code request}. Request bodies are JSON: a body sent as another content type (as
   * {@code curl -d} does by default) is refused, since the server would read it as a form rather
   * than as the JSON it holds.
   */
  static LiveRequestBody parse(HttpEntity<String> request, ObjectMapper json) {
    MediaType type = request.getHeaders().getContentType();
    boolean hasBody = request.getBody() != null && !request.getBody().isBlank();
    if (hasBody
        && type != null
        && !type.isCompatibleWith(MediaType.APPLICATION_JSON)
        && !type.getSubtype().endsWith("+json")) {
      String given = type.getType() + "/" + type.getSubtype();
      throw LiveApiException.invalid("Content-Type", "must be application/json, not " + given);
    }
    return parse(request.getBody(), json);
  }

  /**
   * A JSON body; an empty body counts as an empty object, since every body field is optional or
   * named.
   */
  static LiveRequestBody parse(String body, ObjectMapper json) {
    if (body == null || body.isBlank()) {
      return new LiveRequestBody(json.createObjectNode(), "");
    }
    try {
      return new LiveRequestBody(asObject(json.readTree(body), "request body"), "");
    } catch (JsonProcessingException e) {
      throw LiveApiException.invalid(
          "request body", "must be a JSON object (" + e.getOriginalMessage() + ")");
    }
  }

  /**
   * {@code value} as the object at {@code name}; field names below it are prefixed with {@code
   * name}.
   */
  static LiveRequestBody of(JsonNode value, String name) {
    return new LiveRequestBody(asObject(value, name), name);
  }

  private static ObjectNode asObject(JsonNode value, String name) {
    if (!(value instanceof ObjectNode object)) {
      throw LiveApiException.invalid(name, "must be a JSON object");
    }
    return object;
  }

  /** The full name of {@code field}, as error messages give it. */
  String name(String field) {
    return path.isEmpty() ? field : path + "." + field;
  }

  /**
   * Refuses fields this object does not know, so a misspelt field is an error rather than silently
   * ignored.
   */
  void allowOnly(Set<String> fields) {
    for (Iterator<String> names = node.fieldNames(); names.hasNext(); ) {
      String field = names.next();
      if (!fields.contains(field)) {
        throw LiveApiException.invalid(
            name(field), "unknown field; accepted: " + String.join(", ", sorted(fields)));
      }
    }
  }

  /**
   * The value of {@code field}; empty when it is missing or JSON null (both mean "use the
   * default").
   */
  Optional<JsonNode> value(String field) {
    JsonNode value = node.get(field);
    return value == null || value.isNull() ? Optional.empty() : Optional.of(value);
  }

  Optional<String> text(String field) {
    return value(field)
        .map(
            value -> {
              if (!value.isTextual()) {
                throw LiveApiException.invalid(name(field), "must be a string");
              }
              return value.textValue();
            });
  }

  /** A required string that is not blank. */
  String requiredText(String field) {
    String value = text(field).orElseThrow(() -> LiveApiException.invalid(name(field), "required"));
    if (value.isBlank()) {
      throw LiveApiException.invalid(name(field), "must not be empty");
    }
    return value;
  }

  /** One of {@code allowed}, or {@code fallback} when absent. */
  String oneOf(String field, List<String> allowed, String fallback) {
    return text(field)
        .map(
            value -> {
              if (!allowed.contains(value)) {
                throw LiveApiException.invalid(
                    name(field), "must be one of " + String.join(", ", allowed));
              }
              return value;
            })
        .orElse(fallback);
  }

  /** One of {@code allowed}, required. */
  String requiredOneOf(String field, List<String> allowed) {
    String value = oneOf(field, allowed, null);
    if (value == null) {
      throw LiveApiException.invalid(name(field), "required; one of " + String.join(", ", allowed));
    }
    return value;
  }

  /** An integer between {@code min} and {@code max}, or {@code fallback} when absent. */
  int integer(String field, int min, int max, int fallback) {
    return value(field)
        .map(
            value -> {
              if (!value.isIntegralNumber()
                  || !value.canConvertToLong()
                  || value.longValue() < min
                  || value.longValue() > max) {
                throw LiveApiException.invalid(
                    name(field), "must be an integer from " + min + " to " + max);
              }
              return value.intValue();
            })
        .orElse(fallback);
  }

  /**
   * A number (integer or decimal) between {@code min} and {@code max}, or {@code fallback} when
   * absent.
   */
  BigDecimal number(String field, BigDecimal min, BigDecimal max, BigDecimal fallback) {
    return value(field)
        .map(
            value -> {
              if (!value.isNumber()
                  || value.decimalValue().compareTo(min) < 0
                  || value.decimalValue().compareTo(max) > 0) {
                throw LiveApiException.invalid(
                    name(field), "must be a number from " + min + " to " + max);
              }
              return value.decimalValue();
            })
        .orElse(fallback);
  }

  /**
   * An absolute URL with one of {@code schemes} and a host (or bucket), or empty when absent.
   * Credentials inside the URL are refused: the URL is shown in the stream JSON, a secret must not
   * be.
   */
  Optional<String> url(String field, List<String> schemes) {
    return text(field)
        .map(
            value -> {
              String rule =
                  "must be an absolute URL starting with "
                      + String.join(
                          " or ", schemes.stream().map(scheme -> scheme + "://").toList());
              URI uri;
              try {
                uri = new URI(value);
              } catch (URISyntaxException e) {
                throw LiveApiException.invalid(name(field), rule);
              }
              if (uri.getScheme() == null
                  || !schemes.contains(uri.getScheme())
                  || uri.getRawAuthority() == null) {
                throw LiveApiException.invalid(name(field), rule);
              }
              if (uri.getRawUserInfo() != null || uri.getRawAuthority().contains("@")) {
                throw LiveApiException.invalid(name(field), "must not carry credentials");
              }
              return value;
            });
  }

  private static List<String> sorted(Set<String> fields) {
    return fields.stream().sorted().toList();
  }
}
