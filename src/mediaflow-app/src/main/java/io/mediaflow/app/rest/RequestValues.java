package io.mediaflow.app.rest;

import java.util.List;

/**
 * What the specification says of a request's values beyond their types, which the request model
 * does not check: bounds, that a key is a number (given as text, as 8.8 gives keys), that a list of
 * element mappings has one.
 */
final class RequestValues {

  private RequestValues() {}

  /**
   * {@code value}, the request's {@code name}, once it is at least {@code min}; {@code otherwise}
   * when absent.
   */
  static long atLeast(String name, Number value, long min, long otherwise) {
    if (value == null) {
      return otherwise;
    }
    if (value.longValue() < min) {
      throw ApiProblem.invalid(
          name + " must be a whole number of at least " + min + ", got " + value);
    }
    return value.longValue();
  }

  /** The key {@code value}, the request's {@code name}: a number as text. */
  static long key(String name, String value) {
    try {
      return Long.parseLong(value);
    } catch (NumberFormatException e) {
      throw ApiProblem.invalid(name + " must be a key (a number as text), got '" + value + "'");
    }
  }

  /** The request's list {@code name} of element mappings, once it has one at least. */
  static <T> List<T> mappings(String name, List<T> list) {
    if (list.isEmpty()) {
      throw ApiProblem.invalid(
          name + " is required: a list of {sourceElementId, targetElementId}, one at least");
    }
    return list;
  }
}
