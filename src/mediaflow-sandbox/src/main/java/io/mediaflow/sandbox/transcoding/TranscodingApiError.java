package io.mediaflow.sandbox.transcoding;

import java.util.Set;

/**
 * An API call the service refuses: answered with HTTP 200 and {@code {"error": code, "message":
 * ...}} (plus {@code retry_after} for error 8), as the service does.
 */
public class TranscodingApiError extends RuntimeException {

  /** The codes of the service's error table (document 3, section 7); 15, 17 and 20 do not exist. */
  static final Set<Integer> DOCUMENTED_CODES =
      Set.of(1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 16, 18, 19, 21, 22);

  public static final int SERVER_INTERNAL = 1;
  public static final int BAD_API_KEY = 2;
  public static final int API_KEY_NOT_FOUND = 3;
  public static final int BAD_TOKEN = 4;
  public static final int TOKEN_NOT_FOUND = 5;
  public static final int SYSTEM_BUSY = 8;
  public static final int BAD_PAYLOAD = 9;
  public static final int BAD_PROFILE = 11;
  public static final int PROFILE_NOT_FOUND = 12;
  public static final int BAD_TOKENS = 13;
  public static final int FIELD_REQUIRED = 14;
  public static final int TOKEN_ALREADY_USED = 16;
  public static final int QUEUE_IS_FULL = 18;
  public static final int VALID_PARAMS = 19;
  public static final int OUT_OF_RANGE = 21;
  public static final int LIMIT_EXCEEDED = 22;

  private final int code;
  private final Integer retryAfter;

  public TranscodingApiError(int code, String message) {
    this(code, message, null);
  }

  public TranscodingApiError(int code, String message, Integer retryAfter) {
    super(message, null, false, false);
    this.code = code;
    this.retryAfter = retryAfter;
  }

  /** Error 14: {@code field} is missing. */
  public static TranscodingApiError required(String field) {
    return new TranscodingApiError(FIELD_REQUIRED, "Field '" + field + "' is required.");
  }

  /** Error 19: {@code field} breaks {@code rule}. */
  public static TranscodingApiError invalid(String field, String rule) {
    return new TranscodingApiError(
        VALID_PARAMS, "Invalid parameter '" + field + "': " + rule + ".");
  }

  public int code() {
    return code;
  }

  public Integer retryAfter() {
    return retryAfter;
  }
}
