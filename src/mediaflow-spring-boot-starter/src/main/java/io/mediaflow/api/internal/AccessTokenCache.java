package io.mediaflow.api.internal;

import io.mediaflow.observability.internal.MediaflowMetrics;
import io.mediaflow.observability.internal.MediaflowMetrics.TokenFetch;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.function.Supplier;

/**
 * One API's access token, fetched on first use, reused until shortly before it expires, and fetched
 * again at once when the service says it no longer knows it. Shared by every worker thread of a
 * replica. Each fetch is counted with its reason, so a key the service stopped taking shows as
 * tokens refused over and over.
 */
public final class AccessTokenCache {

  /** A token and the moment the service stops accepting it. */
  public record AccessToken(String value, Instant expiresAt) {
    @Override
    public String toString() {
      return "AccessToken[value=***, expiresAt=" + expiresAt + "]";
    }
  }

  private final Supplier<AccessToken> fetch;
  private final Duration renewBefore;
  private final Clock clock;
  private final String api;
  private final MediaflowMetrics metrics;
  private AccessToken current;
  private boolean refused;

  /**
   * @param api the API the tokens are for, as {@code metrics} names it
   */
  public AccessTokenCache(
      Supplier<AccessToken> fetch,
      Duration renewBefore,
      Clock clock,
      String api,
      MediaflowMetrics metrics) {
    this.fetch = fetch;
    this.renewBefore = renewBefore;
    this.clock = clock;
    this.api = api;
    this.metrics = metrics;
  }

  public synchronized String token() {
    if (current == null || !clock.instant().isBefore(current.expiresAt().minus(renewBefore))) {
      TokenFetch reason =
          current != null ? TokenFetch.EXPIRING : refused ? TokenFetch.REFUSED : TokenFetch.FIRST;
      current = fetch.get();
      refused = false;
      metrics.tokenFetched(api, reason);
    }
    return current.value();
  }

  /**
   * Fetches a token and drops it: proves that the token endpoint answers and accepts the
   * credentials, without touching the token the workers use (a health check must not change what it
   * observes).
   */
  public void verify() {
    var unused = fetch.get();
  }

  /**
   * The service rejected {@code token}; the next {@link #token()} fetches a new one (unless another
   * did).
   */
  public synchronized void invalidate(String token) {
    if (current != null && current.value().equals(token)) {
      current = null;
      refused = true;
    }
  }
}
