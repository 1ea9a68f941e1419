package io.mediaflow.api;

import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * A call to one of the service's APIs did not succeed. The subtype says what a process can do about
 * it, so callers branch on the type, never on the message:
 *
 * <ul>
 *   <li>{@link Transient}: worth retrying later (server errors, timeouts, busy, queue full);
 *   <li>{@link Rejected}: the service refused the request or failed the work; a process routes it
 *       (BPMN error);
 *   <li>{@link Misconfigured}: credentials or account problems an operator must fix (incident);
 *   <li>{@link OutcomeUnknown}: a call whose answer was lost may have taken effect, and what the
 *       service shows cannot tell; a person decides rather than the call being repeated (incident).
 * </ul>
 *
 * <p>Where the failure is an HTTP answer, {@link #httpStatus()} and {@link #requestId()} say which,
 * for an operator to quote to the service's support; a transport fault, or a rule the plugin checks
 * itself, has neither.
 *
 * <p>Messages never carry secrets: no API key, token or private key, and no URL that holds one.
 */
public abstract sealed class ApiException extends RuntimeException {

  private final String code;
  private final Map<String, Object> details;
  private final HttpAnswer answer;

  private ApiException(
      String code,
      String message,
      Map<String, Object> details,
      Throwable cause,
      HttpAnswer answer) {
    super(message, cause);
    this.code = code;
    this.details = Map.copyOf(details);
    this.answer = answer;
  }

  /**
   * The HTTP answer a failure came from.
   *
   * @param status its HTTP status
   * @param requestId the service's identifier of the request, null when the answer has none. The
   *     API documents name no such identifier; this is the conventional {@code X-Request-Id}
   *     response header, read when the service sends it.
   */
  public record HttpAnswer(int status, String requestId) {}

  /** The HTTP status of the answer this failure came from; none where there was no answer. */
  public OptionalInt httpStatus() {
    return answer == null ? OptionalInt.empty() : OptionalInt.of(answer.status());
  }

  /** The service's identifier of the request ({@link HttpAnswer#requestId()}), when it gave one. */
  public Optional<String> requestId() {
    return answer == null ? Optional.empty() : Optional.ofNullable(answer.requestId());
  }

  /**
   * The service's code for the failure, e.g. {@code ERROR_VALID_PARAMS}, {@code HTTP_404}, {@code
   * JOB_FAILED}.
   */
  public String code() {
    return code;
  }

  /** Structured facts for the process (error description, warnings, the service's error number). */
  public Map<String, Object> details() {
    return details;
  }

  /**
   * Worth retrying after a pause; {@link #retryAfter()} is the service's own advice when it gave
   * one. A {@linkplain #busy() busy} service (backpressure: resources, queue or limit of queued
   * tasks) asks to be asked again later; nothing is wrong with the request or the connection.
   */
  public static final class Transient extends ApiException {
    private final Duration retryAfter;
    private final boolean busy;

    public Transient(String code, String message, Duration retryAfter, Throwable cause) {
      this(code, message, retryAfter, cause, null);
    }

    /** A fault the service answered ({@code answer}), e.g. HTTP 503. */
    public Transient(
        String code, String message, Duration retryAfter, Throwable cause, HttpAnswer answer) {
      this(code, message, retryAfter, cause, answer, false);
    }

    private Transient(
        String code,
        String message,
        Duration retryAfter,
        Throwable cause,
        HttpAnswer answer,
        boolean busy) {
      super(code, message, Map.of(), cause, answer);
      this.retryAfter = retryAfter;
      this.busy = busy;
    }

    /** The service is busy and says so: a reason to wait, not a fault. */
    public static Transient busy(String code, String message, Duration retryAfter) {
      return busy(code, message, retryAfter, null);
    }

    /** {@link #busy(String, String, Duration)} in the HTTP answer {@code answer}. */
    public static Transient busy(
        String code, String message, Duration retryAfter, HttpAnswer answer) {
      return new Transient(code, message, retryAfter, null, answer, true);
    }

    public Optional<Duration> retryAfter() {
      return Optional.ofNullable(retryAfter);
    }

    public boolean busy() {
      return busy;
    }
  }

  /**
   * The service refused the request or failed the work; retrying the same request will not help.
   */
  public static final class Rejected extends ApiException {
    public Rejected(String code, String message, Map<String, Object> details) {
      this(code, message, details, null);
    }

    /** A refusal in the HTTP answer {@code answer}. */
    public Rejected(String code, String message, Map<String, Object> details, HttpAnswer answer) {
      super(code, message, details, null, answer);
    }
  }

  /** Bad or unknown API key, suspended account: an operator has to act. */
  public static final class Misconfigured extends ApiException {
    public Misconfigured(String code, String message) {
      this(code, message, null);
    }

    /** A refusal of the credentials or account in the HTTP answer {@code answer}. */
    public Misconfigured(String code, String message, HttpAnswer answer) {
      super(code, message, Map.of(), null, answer);
    }
  }

  /**
   * A call whose answer was lost may or may not have taken effect, and what the service shows since
   * cannot tell which (two resources alike appeared at the same time, and nothing marks the one
   * this call made). Repeating the call could make a second one, so a person decides; the message
   * names what was looked for and what was found.
   */
  public static final class OutcomeUnknown extends ApiException {
    public OutcomeUnknown(String code, String message) {
      super(code, message, Map.of(), null, null);
    }
  }
}
