package io.mediaflow.transcoding;

import io.mediaflow.api.ApiException;
import java.time.Duration;
import java.util.Arrays;
import java.util.Map;

/**
 * The transcoding API's error codes (document 3, section 7) and what each means for a process:
 * retry a fault, wait while the service is busy, route as a rejection, or stop for an operator. The
 * one table of outcomes: each code's row follows the document's meaning of it, so the three codes
 * it calls "internal error" (1, 7 and 10) are all retried, and the two about a token that failed (4
 * "failed validation", 5 "unknown") both first renew the session token once.
 */
enum TranscodingError {
  ERROR_SERVER_INTERNAL(1, Outcome.RETRY),
  ERROR_BAD_API_KEY(2, Outcome.OPERATOR),
  ERROR_API_KEY_NOT_FOUND(3, Outcome.OPERATOR),
  /**
   * An expired session token may fail validation as well as be unknown (the spec's README names
   * only 5): the client fetches a new one and retries once before it counts.
   */
  ERROR_BAD_TOKEN(4, Outcome.RENEW_TOKEN),
  /**
   * Also an expired session token: the client fetches a new one and retries once before it counts.
   */
  ERROR_TOKEN_NOT_FOUND(5, Outcome.RENEW_TOKEN),
  ERROR_SERVICE_SUSPENDED(6, Outcome.OPERATOR),
  ERROR_MASTER_NOT_FOUND(7, Outcome.RETRY),
  /** "Retry after the number of seconds given in the response". */
  ERROR_SYSTEM_BUSY(8, Outcome.WAIT),
  ERROR_BAD_PAYLOAD(9, Outcome.REJECT),
  /** The document's meaning is "internal error", as for 1 and 7. */
  ERROR_PROJECT_NOT_FOUND(10, Outcome.RETRY),
  ERROR_BAD_PROFILE(11, Outcome.REJECT),
  ERROR_PROFILE_NOT_FOUND(12, Outcome.REJECT),
  ERROR_BAD_TOKENS(13, Outcome.REJECT),
  ERROR_FIELD_REQUIRED(14, Outcome.REJECT),
  /**
   * A task token is single-use: a first start refused with it needs a new task; a repeated start
   * refused with it was the earlier start taking effect (see the start's worker).
   */
  ERROR_TOKEN_ALREADY_USED(16, Outcome.REJECT),
  ERROR_QUEUE_IS_FULL(18, Outcome.WAIT),
  ERROR_VALID_PARAMS(19, Outcome.REJECT),
  OUT_OF_RANGE(21, Outcome.REJECT),
  ERROR_LIMIT_EXCEEDED(22, Outcome.WAIT);

  /**
   * RETRY a fault; WAIT while the service is busy (it says "retry later"); RENEW_TOKEN: fetch a new
   * session token and call once more, then REJECT; REJECT to the process; OPERATOR.
   */
  enum Outcome {
    RETRY,
    WAIT,
    RENEW_TOKEN,
    REJECT,
    OPERATOR
  }

  private final int value;
  private final Outcome outcome;

  TranscodingError(int value, Outcome outcome) {
    this.value = value;
    this.outcome = outcome;
  }

  public int value() {
    return value;
  }

  /**
   * Whether the code of a rejection names a token refused in a way that may only mean it expired:
   * worth one more call with a new session token.
   */
  static boolean renewsSessionToken(String code) {
    return Arrays.stream(values())
        .anyMatch(e -> e.outcome == Outcome.RENEW_TOKEN && e.name().equals(code));
  }

  public static TranscodingError of(int value) {
    return Arrays.stream(values()).filter(e -> e.value == value).findFirst().orElse(null);
  }

  /**
   * The exception for an answer with {@code error} = {@code value}.
   *
   * @param retryAfter how long the service asked to wait (error 8's {@code retry_after}, or an HTTP
   *     {@code Retry-After}), null when it did not say
   * @param answer the HTTP answer that carried the error
   */
  public static ApiException exception(
      int value,
      String message,
      Duration retryAfter,
      String endpoint,
      ApiException.HttpAnswer answer) {
    TranscodingError error = of(value);
    String text =
        endpoint + ": " + (message == null || message.isBlank() ? "error " + value : message);
    if (error == null) {
      // Codes outside the documented table: treat like an internal error, which the table says to
      // retry.
      return new ApiException.Transient("ERROR_" + value, text, retryAfter, null, answer);
    }
    return switch (error.outcome) {
      case RETRY -> new ApiException.Transient(error.name(), text, retryAfter, null, answer);
      case WAIT -> ApiException.Transient.busy(error.name(), text, retryAfter, answer);
      case RENEW_TOKEN, REJECT ->
          new ApiException.Rejected(error.name(), text, Map.of("error", value), answer);
      case OPERATOR -> new ApiException.Misconfigured(error.name(), text, answer);
    };
  }
}
