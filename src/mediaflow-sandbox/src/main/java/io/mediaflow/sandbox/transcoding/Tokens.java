package io.mediaflow.sandbox.transcoding;

import java.security.SecureRandom;
import java.util.HexFormat;
import java.util.regex.Pattern;

/** Session and task tokens: 32 lowercase hex characters, like the service's. */
final class Tokens {

  private static final Pattern FORM = Pattern.compile("[0-9a-f]{32}");
  private static final SecureRandom RANDOM = new SecureRandom();

  private Tokens() {}

  static String random() {
    byte[] bytes = new byte[16];
    RANDOM.nextBytes(bytes);
    return HexFormat.of().formatHex(bytes);
  }

  /**
   * Error 14 (a required field missing, as document 3 names it) without a token, error 4 unless it
   * has the service's token form; the caller then looks it up (error 5).
   */
  static String requireWellFormed(String token, String field) {
    if (token == null || token.isBlank()) {
      throw TranscodingApiError.required(field);
    }
    String trimmed = token.strip();
    if (!FORM.matcher(trimmed).matches()) {
      throw new TranscodingApiError(
          TranscodingApiError.BAD_TOKEN,
          "Field '" + field + "' failed validation: a token is 32 hexadecimal characters.");
    }
    return trimmed;
  }

  static boolean wellFormed(String token) {
    return token != null && FORM.matcher(token).matches();
  }
}
