package io.mediaflow.api;

import java.util.List;
import java.util.stream.Collectors;

/**
 * A request broke one or more of the documented rules and was not sent. It carries each broken rule
 * as a {@link Violation} (field and rule, never the value), so a caller names fields from the list
 * rather than by parsing the message; the message lists them, e.g. {@code format[0].quality: must
 * be between 0 and 51 for video}.
 */
public class InvalidRequestException extends RuntimeException {

  private final List<Violation> violations;

  public InvalidRequestException(List<Violation> violations) {
    super(message(violations));
    this.violations = List.copyOf(violations);
  }

  public static InvalidRequestException field(String field, String rule) {
    return new InvalidRequestException(List.of(new Violation(field, rule)));
  }

  /**
   * A rule broken by a value whose place in the request the reader that met it adds (a JSON
   * deserializer's).
   */
  public static InvalidRequestException rule(String rule) {
    return field("", rule);
  }

  public List<Violation> violations() {
    return violations;
  }

  /** The violations in one line, as an incident or log shows them. */
  public static String message(List<Violation> violations) {
    return violations.stream().map(Violation::toString).collect(Collectors.joining("; "));
  }
}
