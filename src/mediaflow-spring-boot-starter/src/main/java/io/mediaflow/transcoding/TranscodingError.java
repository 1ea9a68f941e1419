package io.mediaflow.transcoding;

import io.mediaflow.api.ApiException;
import java.time.Duration;
import java.util.Arrays;
import java.util.Map;

/**
 * The transcoding API's error codes (document 3, section 7) and what each means for a process:
 * retry a fault, wait while the service is busy, route as a rejection, or stop for an operator.
 */
enum TranscodingError {
  ERROR_SERVER_INTERNAL(1, Outcome.RETRY),
  ERROR_BAD_API_KEY(2, Outcome.OPERATOR),
  ERROR_API_KEY_NOT_FOUND(3, Outcome.OPERATOR),
  ERROR_BAD_TOKEN(4, Outcome.REJECT),
  /**
   * Also an expired session token: the client fetches a new one and retries once before it counts.
   */
  ERROR_TOKEN_NOT_FOUND(5, Outcome.REJECT),
  ERROR_SERVICE_SUSPENDED(6, Outcome.OPERATOR),
  ERROR_MASTER_NOT_FOUND(7, Outcome.RETRY),
  ERROR_SYSTEM_BUSY(8, Outcome.WAIT),
  ERROR_BAD_PAYLOAD(9, Outcome.REJECT),
  ERROR_PROJECT_NOT_FOUND(10, Outcome.OPERATOR),
  ERROR_BAD_PROFILE(11, Outcome.REJECT),
  ERROR_PROFILE_NOT_FOUND(12, Outcome.REJECT),
  ERROR_BAD_TOKENS(13, Outcome.REJECT),
  ERROR_FIELD_REQUIRED(14, Outcome.REJECT),
  /** A task token is single-use: a start after a failed one needs a new task. */
  ERROR_TOKEN_ALREADY_USED(16, Outcome.REJECT),
  ERROR_QUEUE_IS_FULL(18, Outcome.WAIT),
  ERROR_VALID_PARAMS(19, Outcome.REJECT),
  OUT_OF_RANGE(21, Outcome.REJECT),
  ERROR_LIMIT_EXCEEDED(22, Outcome.WAIT);

  /**
   * RETRY a fault; WAIT while the service is busy (it says "retry later"); REJECT to the process;
   * OPERATOR.
   */
  enum Outcome {
    RETRY,
    WAIT,
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

  public static TranscodingError of(int value) {
    return Arrays.stream(values()).filter(e -> e.value == value).findFirst().orElse(null);
  }

  /**
   * The exception for an answer with {@code error} = {@code value}.
   *
   * @param retryAfter the answer's {@code retry_after}, for error 8
   */
  public static ApiException exception(
      int value, String message, Duration retryAfter, String endpoint) {
    TranscodingError error = of(value);
    String text =
        endpoint + ": " + (message == null || message.isBlank() ? "error " + value : message);
    if (error == null) {
      // Codes outside the documented table: treat like an internal error, which the table says to
      // retry.
      return new ApiException.Transient("ERROR_" + value, text, retryAfter, null);
    }
    return switch (error.outcome) {
      case RETRY -> new ApiException.Transient(error.name(), text, retryAfter, null);
      case WAIT -> ApiException.Transient.busy(error.name(), text, retryAfter);
      case REJECT -> new ApiException.Rejected(error.name(), text, Map.of("error", value));
      case OPERATOR -> new ApiException.Misconfigured(error.name(), text);
    };
  }
}
