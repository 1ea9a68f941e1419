package io.mediaflow.sandbox.live;

import com.fasterxml.jackson.databind.JsonNode;
import java.math.BigDecimal;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * The list filters: each query parameter is a property path with dots ({@code status.name}, {@code
 * params.dvr.enabled}) into the stream's JSON, and its value is {@code null} (the property is null
 * or absent), {@code notnull}, or an exact value; all conditions must hold.
 *
 * <p>An exact value matches a string equal to it, a number equal to it as a number ({@code 120}
 * matches {@code 120.0}), and a boolean by its truth value, where {@code true} and {@code 1} mean
 * true and {@code false} and {@code 0} mean false in either direction (so {@code
 * params.dvr.enabled=1} and {@code =true} both match a stream recording). Objects and arrays match
 * only {@code null} and {@code notnull}.
 */
final class LiveStreamFilter {

  private static final Pattern PATH = Pattern.compile("[A-Za-z0-9_]+(\\.[A-Za-z0-9_]+)*");

  private record Condition(List<String> path, String value) {}

  private final List<Condition> conditions;

  private LiveStreamFilter(List<Condition> conditions) {
    this.conditions = conditions;
  }

  /** The filter of these query parameters; a key that is no property path is refused. */
  static LiveStreamFilter of(Map<String, List<String>> query) {
    return new LiveStreamFilter(
        query.entrySet().stream()
            .flatMap(
                parameter ->
                    parameter.getValue().stream()
                        .map(value -> condition(parameter.getKey(), value)))
            .toList());
  }

  private static Condition condition(String key, String value) {
    if (!PATH.matcher(key).matches()) {
      throw LiveApiException.invalid(
          key, "not a property path; use names joined by dots such as status.name");
    }
    return new Condition(List.of(key.split("\\.")), value);
  }

  boolean matches(JsonNode stream) {
    return conditions.stream()
        .allMatch(condition -> matches(at(stream, condition.path()), condition.value()));
  }

  private static JsonNode at(JsonNode node, List<String> path) {
    JsonNode current = node;
    for (String name : path) {
      current = current == null ? null : current.get(name);
    }
    return current;
  }

  private static boolean matches(JsonNode property, String value) {
    boolean isNull = property == null || property.isNull();
    return switch (value) {
      case "null" -> isNull;
      case "notnull" -> !isNull;
      default -> !isNull && equalsExactly(property, value);
    };
  }

  private static boolean equalsExactly(JsonNode property, String value) {
    if (property.isTextual()) {
      return property.textValue().equals(value);
    }
    if (property.isBoolean()) {
      return property.booleanValue() ? isTrue(value) : isFalse(value);
    }
    if (property.isNumber()) {
      BigDecimal expected =
          isTrue(value) ? BigDecimal.ONE : isFalse(value) ? BigDecimal.ZERO : decimal(value);
      return expected != null && property.decimalValue().compareTo(expected) == 0;
    }
    return false;
  }

  private static boolean isTrue(String value) {
    return value.equals("true") || value.equals("1");
  }

  private static boolean isFalse(String value) {
    return value.equals("false") || value.equals("0");
  }

  private static BigDecimal decimal(String value) {
    try {
      return new BigDecimal(value);
    } catch (NumberFormatException e) {
      return null;
    }
  }
}
