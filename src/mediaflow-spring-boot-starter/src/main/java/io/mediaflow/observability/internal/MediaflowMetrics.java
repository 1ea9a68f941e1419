package io.mediaflow.observability.internal;

import java.time.Duration;
import java.util.Locale;

/**
 * What the plugin tells its metrics: one method per event, in the plugin's words; {@link
 * MicrometerMetrics} turns them into meters and owns their names and tags. The plugin records
 * through this interface only, so that it runs unchanged where the application has no Micrometer
 * (micrometer-core is optional for the starter) or no meter registry: {@link #NONE} then records
 * nothing. Every tag value is one of a fixed set (the enums here, job types, API names, documented
 * error codes), never an id or a URL.
 */
public interface MediaflowMetrics {

  /** Records nothing. */
  MediaflowMetrics NONE = new MediaflowMetrics() {};

  /** How a call to one of the service's APIs ended. */
  enum Outcome {
    SUCCESS,
    /** The service asked to be asked later: HTTP 429, transcoding errors 8, 18 and 22. */
    BUSY,
    /** The service refused the request or its credentials (4xx, a documented refusal). */
    CLIENT_ERROR,
    /** The service failed (5xx, an internal error it reports, an answer that cannot be read). */
    SERVER_ERROR,
    /** No answer: the connection failed or timed out. */
    TRANSPORT;

    public String tag() {
      return name().toLowerCase(Locale.ROOT);
    }
  }

  /** Why an access token was fetched. */
  enum TokenFetch {
    /** None was held yet. */
    FIRST,
    /** The one held was about to expire. */
    EXPIRING,
    /** The service refused the one held (HTTP 401, transcoding errors 4 and 5). */
    REFUSED;

    public String tag() {
      return name().toLowerCase(Locale.ROOT);
    }
  }

  /** What became of a callback. */
  enum CallbackOutcome {
    /** Published as a message. */
    ACCEPTED,
    /** Its URL did not verify (forged, altered, signed with another secret, expired). */
    REFUSED_SIGNATURE,
    /** The engine already had its message: a repeat. */
    DUPLICATE,
    /** Its URL verified, but it named no event or stream to publish. */
    MALFORMED;

    public String tag() {
      return name().toLowerCase(Locale.ROOT);
    }
  }

  /** How a wait ended. */
  enum WaitResult {
    /** What it waited for happened. */
    DONE,
    /** Its timeout passed first (BPMN error {@code WAIT_TIMEOUT}). */
    TIMEOUT,
    /** The service refused a check or reported the work failed. */
    FAILED;

    public String tag() {
      return name().toLowerCase(Locale.ROOT);
    }
  }

  /** Ends what {@link #running} began. */
  interface Running extends AutoCloseable {
    @Override
    void close();
  }

  /**
   * Until the answer is closed, the calls this thread makes to the service are counted for the job
   * type {@code operation}.
   */
  default Running running(String operation) {
    return () -> {};
  }

  /**
   * One call to an API.
   *
   * @param code the documented error code or {@code HTTP_<status>} of a failure; {@code none} for a
   *     success
   */
  default void call(String api, Outcome outcome, String code, long nanos) {}

  default void tokenFetched(String api, TokenFetch reason) {}

  /**
   * A job failed with a fault and spends one of its retries.
   *
   * @param reason the fault's code
   */
  default void retry(String operation, String reason) {}

  /** A job is asked again later, without spending a retry, because the service is busy. */
  default void busy(String operation, String code) {}

  default void callback(String api, CallbackOutcome outcome) {}

  /** A callback became the message {@code message}. */
  default void messagePublished(String message) {}

  /**
   * A check of a wait saw it not yet done.
   *
   * @param since when its first check was, epoch milliseconds
   * @param nextCheck how long until the engine hands the job out for its next check
   */
  default void waitPending(
      String operation, long elementInstanceKey, long since, Duration nextCheck) {}

  /**
   * A wait reached its final status.
   *
   * @param lasted from its first check to this one
   * @param checks how many checks it took, this one included
   */
  default void waitEnded(
      String operation, long elementInstanceKey, WaitResult result, Duration lasted, int checks) {}

  /**
   * After an attempt whose answer was lost, a lookup asked whether that attempt took effect.
   *
   * @param found whether it found what that attempt made
   */
  default void lookup(String operation, boolean found) {}

  /** A job wrote that it is about to send a create, before sending it. */
  default void sentMark(String operation) {}

  /**
   * @param kind {@code object} or {@code playback}
   */
  default void signedUrls(String kind, int count) {}

  /** A signing key was created and its private key kept. */
  default void signingKeyCreated() {}
}
