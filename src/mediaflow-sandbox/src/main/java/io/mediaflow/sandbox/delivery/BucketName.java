package io.mediaflow.sandbox.delivery;

import java.util.regex.Pattern;

/**
 * Media storage bucket names, with the usual object-storage rule: 3 to 63 lower-case letters,
 * digits, dots or hyphens, starting and ending with a letter or digit. The sandbox's storage
 * creates a bucket on its first object, so every well-formed name is a bucket of the account.
 */
public final class BucketName {

  private static final Pattern NAME = Pattern.compile("[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]");

  private BucketName() {}

  public static String require(String field, String value) {
    if (value == null || value.isBlank()) {
      throw DeliveryException.invalid(field + ": required");
    }
    if (!isValid(value)) {
      throw DeliveryException.invalid(
          field
              + ": '"
              + value
              + "' must be 3 to 63 lower-case letters, digits, dots"
              + " or hyphens, starting and ending with a letter or digit");
    }
    return value;
  }

  /**
   * Whether {@code name} follows the rule: only such a bucket can exist in the sandbox's storage.
   */
  public static boolean isValid(String name) {
    return NAME.matcher(name).matches();
  }
}
