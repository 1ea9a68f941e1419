package io.mediaflow.api;

/**
 * A request broke one of the documented rules and was not sent. The message names the field and the rule, e.g.
 * {@code format[0].quality: must be between 0 and 51 for video}.
 */
public class InvalidRequestException extends RuntimeException {

  public InvalidRequestException(String message) {
    super(message);
  }

  public static InvalidRequestException field(String field, String rule) {
    return new InvalidRequestException(field + ": " + rule);
  }
}
