package io.mediaflow.app.rest;

/**
 * What the specification says of a request's values beyond their types, which the request model
 * does not check: bounds, and that a key is a number (given as text, as 8.8 gives keys).
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
}
