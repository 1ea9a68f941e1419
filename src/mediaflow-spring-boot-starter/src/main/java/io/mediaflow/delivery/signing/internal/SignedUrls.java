package io.mediaflow.delivery.signing.internal;

import io.mediaflow.api.ApiException;
import io.mediaflow.api.constraint.Fqdn;
import io.mediaflow.api.internal.Constraints;
import io.mediaflow.api.internal.Rules;
import io.mediaflow.delivery.BucketName;
import io.mediaflow.delivery.DeliveryClient;
import io.mediaflow.delivery.ObjectPath;
import io.mediaflow.delivery.PrivateKeyPem;
import io.mediaflow.delivery.ServiceId;
import io.mediaflow.delivery.signing.SigningKeyStore;
import io.mediaflow.delivery.signing.UriScope;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotEmpty;
import jakarta.validation.constraints.NotNull;
import java.security.PrivateKey;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import okhttp3.HttpUrl;

/**
 * Signed URLs for objects of an {@code authenticated} bucket, at its default address or behind a
 * {@code vod} playback domain, and for the playback URLs of a live stream's {@code authenticated}
 * playback IDs, signed with a key whose private key is in the {@link SigningKeyStore}.
 */
public class SignedUrls {

  /**
   * What to sign.
   *
   * @param signingKeyId the signing key, whose private key the key store holds
   * @param bucketName the bucket, for URLs at its default address
   * @param domainName a {@code vod} playback domain: when given, the URLs use it instead of the
   *     default address
   * @param paths the objects' paths inside the bucket; one URL each
   * @param lifetime how long the tokens work; null for tokens that never expire
   * @param notBefore when the tokens start to work; null for at once
   * @param uri the {@code uri} claim of every token, as given; empty for the whole bucket; null to
   *     let {@code uriScope} choose it for each object
   * @param uriScope what a token opens when {@code uri} is null: its object, or its object's
   *     folder; null for the folder of a playlist ({@link UriScope#forPath}) and the object
   *     otherwise
   * @param claims further claims for the tokens
   */
  public record Request(
      @NotBlank(message = "is required") @ServiceId String signingKeyId,
      @BucketName String bucketName,
      @Fqdn String domainName,
      @NotEmpty(message = "needs at least one object path")
          List<@NotNull(message = ObjectPath.RULE) @ObjectPath String> paths,
      Duration lifetime,
      Instant notBefore,
      String uri,
      UriScope uriScope,
      Map<String, Object> claims) {}

  /**
   * What to sign for live playback: the playback URLs as the stream lists them (at the default
   * address, or {@code https://<custom_domain>/<playback_id>.m3u8} behind a live playback domain).
   *
   * @param signingKeyId a key bound to the stream, or to its live playback domain
   * @param uri the {@code uri} claim of every token; null leaves it out, so a token opens what the
   *     key serves
   */
  public record PlaybackRequest(
      @NotBlank(message = "is required") @ServiceId String signingKeyId,
      @NotEmpty(message = "needs at least one playback URL") List<String> playbackUrls,
      Duration lifetime,
      Instant notBefore,
      String uri) {}

  /** A playback URL with a signed token, and when the token stops working (null: never). */
  public record SignedPlaybackUrl(String playbackUrl, String url, String expires) {}

  private final SigningKeyStore store;
  private final ContentAddresses addresses;
  private final KeyBindings bindings;
  private final Clock clock;

  public SignedUrls(
      SigningKeyStore store, ContentAddresses addresses, DeliveryClient client, Clock clock) {
    this.store = store;
    this.addresses = addresses;
    this.bindings = new KeyBindings(client);
    this.clock = clock;
  }

  public List<SignedUrl> sign(Request request) {
    check(request);
    PrivateKey key = privateKey(request.signingKeyId());
    bindings.requireServesObjects(
        request.signingKeyId(), request.bucketName(), request.domainName());
    Instant expiresAt =
        request.lifetime() == null ? null : clock.instant().plus(request.lifetime());
    return request.paths().stream()
        .map(
            path -> {
              String objectPath = ContentAddresses.objectPath(path);
              // The claim is a URL path, which is the same at both addresses.
              String uri =
                  request.uri() != null
                      ? request.uri()
                      : UriScope.forPath(request.uriScope(), objectPath).uri(objectPath);
              String token =
                  SignedTokens.sign(
                      request.signingKeyId(),
                      key,
                      new SignedTokens.Grant(
                          uri, expiresAt, request.notBefore(), request.claims()));
              String address =
                  request.domainName() != null
                      ? addresses.ofDomain(request.domainName(), objectPath)
                      : addresses.ofBucket(request.bucketName(), objectPath);
              return new SignedUrl(
                  objectPath,
                  ContentAddresses.signed(address, token),
                  expiresAt == null ? null : expiresAt.toString(),
                  uri);
            })
        .toList();
  }

  public List<SignedPlaybackUrl> signPlayback(PlaybackRequest request) {
    var rules = new Rules().addAll(Constraints.violations(request));
    if (request.playbackUrls() != null) {
      for (int i = 0; i < request.playbackUrls().size(); i++) {
        HttpUrl url =
            request.playbackUrls().get(i) == null
                ? null
                : HttpUrl.parse(request.playbackUrls().get(i));
        rules.require(
            url != null && url.query() == null,
            "playbackUrls[" + i + "]",
            "must be an http or https playback URL without a query, as the stream lists it");
      }
    }
    checkLifetime(rules, request.lifetime());
    rules.throwIfBroken();
    PrivateKey key = privateKey(request.signingKeyId());
    bindings.requireServesLivePlayback(request.signingKeyId());
    Instant expiresAt =
        request.lifetime() == null ? null : clock.instant().plus(request.lifetime());
    String token =
        SignedTokens.sign(
            request.signingKeyId(),
            key,
            new SignedTokens.Grant(request.uri(), expiresAt, request.notBefore(), null));
    return request.playbackUrls().stream()
        .map(
            url ->
                new SignedPlaybackUrl(
                    url,
                    ContentAddresses.signed(url, token),
                    expiresAt == null ? null : expiresAt.toString()))
        .toList();
  }

  private static void checkLifetime(Rules rules, Duration lifetime) {
    rules.require(
        lifetime == null || (!lifetime.isNegative() && !lifetime.isZero()),
        "lifetime",
        "must be a positive duration, or left out for tokens that never expire");
  }

  private static void check(Request request) {
    var rules = new Rules().addAll(Constraints.violations(request));
    rules.require(
        request.domainName() != null
            || (request.bucketName() != null && !request.bucketName().isBlank()),
        "bucketName/domainName",
        "one is required: the bucket for its default address, or a vod playback domain");
    checkLifetime(rules, request.lifetime());
    if (request.claims() != null) {
      request.claims().keySet().stream()
          .filter(SignedTokens.RESERVED_CLAIMS::contains)
          .forEach(
              claim ->
                  rules.add("claims." + claim, "is set by its own input, not as a custom claim"));
    }
    rules.throwIfBroken();
  }

  private PrivateKey privateKey(String signingKeyId) {
    PrivateKeyPem pem;
    try {
      pem =
          store
              .find(signingKeyId)
              .orElseThrow(
                  () ->
                      new ApiException.Rejected(
                          "SIGNING_KEY_NOT_IN_STORE",
                          "Signing key "
                              + signingKeyId
                              + ": its private key is not in this application's key store (a key made"
                              + " before a restart of the embedded default, or by a replica with its own store); create a new key",
                          Map.of("signingKeyId", signingKeyId)));
      return PrivateKeys.rsa(pem);
    } catch (IllegalStateException | IllegalArgumentException unreadable) {
      throw new ApiException.Misconfigured("KEY_STORE", unreadable.getMessage());
    }
  }
}
