package io.mediaflow.api.internal;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.function.Supplier;

/**
 * One API's access token, fetched on first use, reused until shortly before it expires, and fetched
 * again at once when the service says it no longer knows it. Shared by every worker thread of a
 * replica.
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
  private AccessToken current;

  public AccessTokenCache(Supplier<AccessToken> fetch, Duration renewBefore, Clock clock) {
    this.fetch = fetch;
    this.renewBefore = renewBefore;
    this.clock = clock;
  }

  public synchronized String token() {
    if (current == null || !clock.instant().isBefore(current.expiresAt().minus(renewBefore))) {
      current = fetch.get();
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
    }
  }
}
