package io.mediaflow.callback.internal;

import io.jsonwebtoken.JwtException;
import io.jsonwebtoken.JwtParser;
import io.jsonwebtoken.Jwts;
import io.mediaflow.api.internal.SharedSecret;
import io.mediaflow.callback.CallbackProperties;
import java.time.Clock;
import java.util.Date;
import java.util.EnumMap;
import java.util.Map;
import java.util.Optional;
import okhttp3.HttpUrl;

/**
 * Callback URLs the receiver can trust. The service does not sign its callbacks, so the workers
 * hand it a URL that carries its own proof: a JWT (HS256, jjwt) in the query parameter {@value
 * #TOKEN}, under a secret only this application knows, whose audience is the kind of callback,
 * whose subject is what it is about (a transcoding task token, or a process instance key), and
 * which expires. The receiver refuses any callback whose URL does not verify or has expired.
 */
public class CallbackUrls {

  /** The query parameter that carries the token. */
  public static final String TOKEN = "token";

  /** What a callback is about. */
  public enum Kind {
    TRANSCODING("transcoding"),
    LIVE("live");

    final String path;

    Kind(String path) {
      this.path = path;
    }
  }

  private final CallbackProperties properties;
  private final Clock clock;
  private final SharedSecret secret;

  /** A parser per kind, built once: each requires its kind as the audience. */
  private final Map<Kind, JwtParser> parsers = new EnumMap<>(Kind.class);

  public CallbackUrls(CallbackProperties properties, Clock clock) {
    this.properties = properties;
    this.clock = clock;
    this.secret = new SharedSecret(properties.secret(), "callback-url");
    for (Kind kind : Kind.values()) {
      parsers.put(
          kind,
          Jwts.parser()
              .verifyWith(secret.jwtKey())
              .clock(() -> Date.from(clock.instant()))
              .requireAudience(kind.path)
              .build());
    }
  }

  /**
   * When a wait for a callback checks anyway: rarely for a job handed one of these URLs, on every
   * poll interval for a job that was not.
   */
  public SafetyPoll safetyPoll() {
    return new SafetyPoll(properties);
  }

  /** The URL to hand the service, or none when callbacks are off. */
  public Optional<String> forSubject(Kind kind, String subject) {
    if (!properties.enabled()) {
      return Optional.empty();
    }
    HttpUrl base = HttpUrl.parse(properties.baseUrl());
    if (base == null) {
      throw new IllegalStateException("mediaflow.callbacks.base-url: must be an http or https URL");
    }
    String token =
        Jwts.builder()
            .audience()
            .add(kind.path)
            .and()
            .subject(subject)
            .expiration(Date.from(clock.instant().plus(properties.urlLifetime())))
            .signWith(secret.jwtKey(), Jwts.SIG.HS256)
            .compact();
    return Optional.of(
        base.newBuilder()
            .addPathSegments("callbacks/" + kind.path)
            .addQueryParameter(TOKEN, token)
            .build()
            .toString());
  }

  /**
   * What a callback is about, if its URL is one this application signed for {@code kind} and still
   * valid.
   */
  public Optional<String> verifiedSubject(Kind kind, String token) {
    if (token == null) {
      return Optional.empty();
    }
    try {
      return Optional.ofNullable(
          parsers.get(kind).parseSignedClaims(token).getPayload().getSubject());
    } catch (JwtException | IllegalArgumentException refused) {
      return Optional.empty();
    }
  }
}
