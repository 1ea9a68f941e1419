package io.mediaflow.callback;

import jakarta.validation.constraints.AssertTrue;
import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.validation.annotation.Validated;

/**
 * How the service's callbacks reach this application.
 *
 * @param enabled hand the service a callback URL; without one, processes learn of changes by
 *     polling only
 * @param baseUrl the address at which the service reaches this application's receiver; required
 *     while enabled
 * @param secret the secret callback URLs are signed with (from {@code MEDIAFLOW_CALLBACK_SECRET});
 *     every replica needs the same one. Empty: a random key per run, so URLs handed out before a
 *     restart stop verifying and those processes go on by polling
 * @param urlLifetime how long a callback URL is accepted after it was handed out
 * @param messageTimeToLive how long a published message waits for its process, for a callback that
 *     arrives before the process waits for it
 * @param pollInterval how often a wait that a callback ends checks a job started without
 *     Mediaflow's callback (every job while callbacks are off); for a job with one, its shortest
 *     pause between two checks
 * @param safetyPoll for a job started with Mediaflow's callback, while callbacks are on, the
 *     longest pause between two checks of such a wait, which grows with the wait's age: a lost
 *     callback is caught within it
 */
@ConfigurationProperties("mediaflow.callbacks")
@Validated
public record CallbackProperties(
    @DefaultValue("true") boolean enabled,
    String baseUrl,
    @DefaultValue("") String secret,
    @DefaultValue("7d") Duration urlLifetime,
    @DefaultValue("1h") Duration messageTimeToLive,
    @DefaultValue("1m") Duration pollInterval,
    @DefaultValue("15m") Duration safetyPoll) {

  /** The service cannot be handed a callback URL without knowing where this application is. */
  @AssertTrue(
      message =
          "mediaflow.callbacks.base-url must be set to this application's http:// or https:// address"
              + " as the service reaches it, or callbacks switched off with mediaflow.callbacks.enabled=false")
  public boolean isBaseUrlSetWhileEnabled() {
    return !enabled || (baseUrl != null && baseUrl.matches("https?://\\S+"));
  }

  /** A wait must check at some point, and its pause may only grow. */
  @AssertTrue(
      message =
          "mediaflow.callbacks.poll-interval must be above 0 and mediaflow.callbacks.safety-poll at"
              + " least as long")
  public boolean isSafetyPollAtLeastPollInterval() {
    return pollInterval != null
        && safetyPoll != null
        && pollInterval.isPositive()
        && safetyPoll.compareTo(pollInterval) >= 0;
  }

  @Override
  public String toString() {
    return "CallbackProperties[enabled="
        + enabled
        + ", baseUrl="
        + baseUrl
        + ", secret=***, pollInterval="
        + pollInterval
        + ", safetyPoll="
        + safetyPoll
        + "]";
  }
}
