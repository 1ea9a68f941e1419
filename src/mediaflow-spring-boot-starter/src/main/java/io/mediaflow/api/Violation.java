package io.mediaflow.api;

/**
 * One broken rule of a request: the field as the API names it, with its place in the request
 * ({@code format[0].stream[1].resolution}), and the rule in words. It never holds the value: a
 * field may carry a credential, and the rule alone tells the user what to fix.
 *
 * @param field the field's path, empty when the rule concerns a value whose place the caller adds
 *     (a JSON reader's)
 * @param rule what the value must be, e.g. {@code must be from 1 to 16384 pixels}
 */
public record Violation(String field, String rule) {

  public Violation {
    field = field == null ? "" : field;
  }

  /**
   * The same rule at {@code parent} ({@code format[0]} and {@code size} give {@code
   * format[0].size}).
   */
  public Violation under(String parent) {
    if (parent.isEmpty()) {
      return this;
    }
    return new Violation(
        field.isEmpty() ? parent : field.startsWith("[") ? parent + field : parent + "." + field,
        rule);
  }

  @Override
  public String toString() {
    return field.isEmpty() ? rule : field + ": " + rule;
  }
}
