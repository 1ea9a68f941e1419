package io.mediaflow.sandbox.delivery;

import java.util.Locale;
import java.util.regex.Pattern;

/**
 * Fully qualified domain names as the service accepts them: at least two labels, each 1 to 63
 * letters, digits or hyphens with no hyphen at either end, at most 253 characters in all. DNS
 * record names may also carry the underscore labels that verification records use ({@code
 * _acme-challenge.video.example.com}).
 */
public final class Fqdn {

  public static final String RULE =
      "must be a fully qualified domain name: at least two labels of 1 to 63 letters, digits or hyphens"
          + " (no hyphen at either end), at most 253 characters";

  private static final int MAX_LENGTH = 253;
  private static final Pattern HOST_LABEL = Pattern.compile("[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?");
  private static final Pattern RECORD_LABEL =
      Pattern.compile("_?[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?");

  private Fqdn() {}

  /** The host name in its canonical lower-case form; refuses anything that is not an FQDN. */
  public static String hostName(String field, String value) {
    return parse(field, value, HOST_LABEL);
  }

  /**
   * A DNS record name, which may start with underscore labels; one trailing root dot is accepted
   * and dropped.
   */
  public static String recordName(String field, String value) {
    String name =
        value != null && value.endsWith(".") ? value.substring(0, value.length() - 1) : value;
    return parse(field, name, RECORD_LABEL);
  }

  private static String parse(String field, String value, Pattern label) {
    if (value == null || value.isBlank()) {
      throw DeliveryException.invalid(field + ": required; " + RULE);
    }
    String name = value.strip().toLowerCase(Locale.ROOT);
    String[] labels = name.split("\\.", -1);
    boolean valid = name.length() <= MAX_LENGTH && labels.length >= 2;
    for (int i = 0; valid && i < labels.length; i++) {
      valid = labels[i].length() <= 63 && label.matcher(labels[i]).matches();
    }
    if (!valid) {
      throw DeliveryException.invalid(field + ": '" + value + "' " + RULE);
    }
    return name;
  }
}
