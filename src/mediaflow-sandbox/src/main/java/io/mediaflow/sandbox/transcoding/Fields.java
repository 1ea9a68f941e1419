package io.mediaflow.sandbox.transcoding;

import com.fasterxml.jackson.databind.JsonNode;
import java.net.URI;
import java.util.Collection;
import java.util.regex.Pattern;

/**
 * Reads and checks the attributes of one JSON object of a query, naming every failure by its path
 * ({@code format[0].stream[1].quality}). Numbers may also be given as numeric strings, as the
 * service's form-based clients often send them.
 */
final class Fields {

  private static final Pattern NUMBER = Pattern.compile("-?\\d+(\\.\\d+)?");

  private final JsonNode node;
  private final String at;

  Fields(JsonNode node, String at) {
    this.node = node;
    this.at = at;
  }

  String path(String name) {
    return at.isEmpty() ? name : at + "." + name;
  }

  JsonNode node() {
    return node;
  }

  boolean has(String name) {
    JsonNode value = node.get(name);
    return value != null && !value.isNull();
  }

  JsonNode get(String name) {
    return has(name) ? node.get(name) : null;
  }

  String string(String name) {
    JsonNode value = get(name);
    if (value == null) {
      return null;
    }
    if (!value.isTextual()) {
      throw TranscodingApiError.invalid(path(name), "must be a string");
    }
    return value.asText();
  }

  String requiredString(String name) {
    String value = string(name);
    if (value == null || value.isBlank()) {
      throw TranscodingApiError.required(path(name));
    }
    return value;
  }

  String oneOf(String name, Collection<String> allowed) {
    String value = string(name);
    if (value != null && !allowed.contains(value)) {
      throw TranscodingApiError.invalid(path(name), "must be one of " + String.join(", ", allowed));
    }
    return value;
  }

  /** A number from {@code min} to {@code max} inclusive, or null when absent. */
  Double number(String name, double min, double max) {
    Double value = numeric(name);
    if (value != null && (value < min || value > max)) {
      throw TranscodingApiError.invalid(
          path(name), "must be a number from " + plain(min) + " to " + plain(max));
    }
    return value;
  }

  /** A number above 0, or null when absent. */
  Double positive(String name) {
    Double value = numeric(name);
    if (value != null && value <= 0) {
      throw TranscodingApiError.invalid(path(name), "must be a number above 0");
    }
    return value;
  }

  /** An integer from {@code min} to {@code max} inclusive, or null when absent. */
  Integer integer(String name, long min, long max) {
    Double value = numeric(name);
    if (value == null) {
      return null;
    }
    if (value != Math.rint(value) || value < min || value > max) {
      throw TranscodingApiError.invalid(
          path(name), "must be an integer from " + min + " to " + max);
    }
    return value.intValue();
  }

  Integer integerIn(String name, Collection<Integer> allowed) {
    Integer value = integer(name, Integer.MIN_VALUE, Integer.MAX_VALUE);
    if (value != null && !allowed.contains(value)) {
      throw TranscodingApiError.invalid(path(name), "must be one of " + allowed);
    }
    return value;
  }

  /** 0 or 1 (true and false are taken as 1 and 0); false when absent. */
  boolean flag(String name) {
    JsonNode value = get(name);
    if (value == null) {
      return false;
    }
    if (value.isBoolean()) {
      return value.asBoolean();
    }
    Double number = numeric(name);
    if (number != 0 && number != 1) {
      throw TranscodingApiError.invalid(path(name), "must be 0 or 1");
    }
    return number == 1;
  }

  /** An absolute {@code http} or {@code https} URL, or null when absent. */
  String httpUrl(String name) {
    String value = string(name);
    if (value != null && !isHttpUrl(value)) {
      throw TranscodingApiError.invalid(path(name), "must be an http or https URL");
    }
    return value;
  }

  Fields object(String name) {
    JsonNode value = get(name);
    if (value == null) {
      return null;
    }
    if (!value.isObject()) {
      throw TranscodingApiError.invalid(path(name), "must be an object");
    }
    return new Fields(value, path(name));
  }

  static boolean isHttpUrl(String value) {
    try {
      URI uri = new URI(value.strip());
      return ("http".equalsIgnoreCase(uri.getScheme()) || "https".equalsIgnoreCase(uri.getScheme()))
          && uri.getHost() != null;
    } catch (java.net.URISyntaxException e) {
      return false;
    }
  }

  private Double numeric(String name) {
    JsonNode value = get(name);
    if (value == null) {
      return null;
    }
    if (value.isNumber()) {
      return value.asDouble();
    }
    if (value.isTextual() && NUMBER.matcher(value.asText().strip()).matches()) {
      return Double.parseDouble(value.asText().strip());
    }
    throw TranscodingApiError.invalid(path(name), "must be a number");
  }

  private static String plain(double value) {
    return value == Math.rint(value) ? Long.toString((long) value) : Double.toString(value);
  }
}
