package io.mediaflow.live.worker;

import io.mediaflow.api.internal.SharedSecret;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.time.Clock;
import java.time.Instant;
import java.util.Base64;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import okhttp3.HttpUrl;

/**
 * Which process instance created a stream: the query parameter {@value #PARAMETER} of the stream's
 * callback URL holds its key and the moment of the create, signed under the workers' shared secret
 * ({@code mediaflow.worker.state-secret}), so {@link EndedInstanceStreams} stops no stream on the
 * word of a URL anyone else wrote (another application on the same account with its own secret, or
 * a stream made by hand). The job's marker beside it names the element instance, which the engine
 * cannot be asked about once the instance is gone; the callback token's subject expires and is
 * absent where the model gives its own callback URL.
 */
final class CreatingInstances {

  /** The query parameter of a stream's callback URL that names its creating instance. */
  static final String PARAMETER = "mediaflow_instance";

  private static final Pattern MARK = Pattern.compile("(\\d+)-(\\d+)-([A-Za-z0-9_-]{22})");
  private static final Base64.Encoder BASE64 = Base64.getUrlEncoder().withoutPadding();

  /** The process instance that created a stream, and when. */
  public record Creator(long processInstanceKey, Instant createdAt) {}

  private final SharedSecret secret;
  private final Clock clock;

  CreatingInstances(String stateSecret, Clock clock) {
    this.secret = new SharedSecret(stateSecret, "stream-instance");
    this.clock = clock;
  }

  /** {@code callbackUrl} naming {@code processInstanceKey} as the stream's creator, from now. */
  String mark(String callbackUrl, long processInstanceKey) {
    HttpUrl parsed = HttpUrl.parse(callbackUrl);
    if (parsed == null) {
      // A URL the API would refuse anyway goes as given: the rules name the problem.
      return callbackUrl;
    }
    long now = clock.instant().getEpochSecond();
    String mark = processInstanceKey + "-" + now + "-" + signature(processInstanceKey, now);
    return parsed.newBuilder().setQueryParameter(PARAMETER, mark).build().toString();
  }

  /** The creator a stream's callback URL names, if these workers signed it. */
  public Optional<Creator> of(String callbackUrl) {
    HttpUrl parsed = callbackUrl == null ? null : HttpUrl.parse(callbackUrl);
    String mark = parsed == null ? null : parsed.queryParameter(PARAMETER);
    Matcher fields = mark == null ? null : MARK.matcher(mark);
    if (fields == null || !fields.matches()) {
      return Optional.empty();
    }
    try {
      long key = Long.parseLong(fields.group(1));
      long at = Long.parseLong(fields.group(2));
      boolean signed =
          MessageDigest.isEqual(
              signature(key, at).getBytes(StandardCharsets.US_ASCII),
              fields.group(3).getBytes(StandardCharsets.US_ASCII));
      return signed ? Optional.of(new Creator(key, Instant.ofEpochSecond(at))) : Optional.empty();
    } catch (NumberFormatException tooLong) {
      return Optional.empty();
    }
  }

  private String signature(long processInstanceKey, long at) {
    byte[] mac =
        secret.mac(
            ("stream-instance\n" + processInstanceKey + "\n" + at)
                .getBytes(StandardCharsets.UTF_8));
    return BASE64.encodeToString(mac).substring(0, 22);
  }
}
