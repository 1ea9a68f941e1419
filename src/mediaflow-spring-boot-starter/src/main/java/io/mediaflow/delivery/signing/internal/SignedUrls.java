package io.mediaflow.delivery.signing.internal;

import io.mediaflow.api.ApiException;
import io.mediaflow.api.constraint.Fqdn;
import io.mediaflow.api.internal.Constraints;
import io.mediaflow.api.internal.Rules;
import io.mediaflow.api.operation.Input;
import io.mediaflow.api.operation.Operation;
import io.mediaflow.delivery.BucketName;
import io.mediaflow.delivery.DeliveryClient;
import io.mediaflow.delivery.ObjectPath;
import io.mediaflow.delivery.PrivateKeyPem;
import io.mediaflow.delivery.ServiceId;
import io.mediaflow.delivery.signing.SigningKeyStore;
import io.mediaflow.delivery.signing.UriScope;
import io.mediaflow.observability.internal.MediaflowMetrics;
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
   * What to sign: also the input of the operation that signs them, read from a job's variables, so
   * its rules are the same for both.
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
  @Operation(
      type = "mediaflow.delivery.sign_urls",
      name = "Delivery: issue signed URLs",
      description =
          "Signs one URL per object of an authenticated bucket: an RS256 JWT (header kid, alg, typ; claims uri, exp, nbf and custom ones) in ?auth=, at the bucket's default address or behind a vod playback domain. The private key comes from the application's key store, never from the process. A token for an HLS (.m3u8) or DASH (.mpd) playlist opens the playlist's folder, so a player reaches the variant playlists and segments with it; other objects' tokens open the object only. The result is a list of {path, url, expires, uri}, uri being what the token opens. SIGNING_KEY_NOT_IN_STORE: this application does not hold the key's private key (create a new key). SIGNING_KEY_BOUND_ELSEWHERE: the key is bound to another bucket, domain or stream, so its tokens would open nothing here. NOT_FOUND: the key or the domain does not exist.",
      resultVariable = "signedUrls",
      errors = {"SIGNING_KEY_NOT_IN_STORE", "SIGNING_KEY_BOUND_ELSEWHERE", "NOT_FOUND"})
  public record Request(
      @NotBlank(message = "is required")
          @ServiceId
          @Input(label = "Signing key id", value = "=signingKey.id")
          String signingKeyId,
      @BucketName
          @Input(
              label = "Bucket",
              description = "For URLs at the bucket's default address",
              value = "=bucketName")
          String bucketName,
      @Fqdn
          @Input(
              label = "Playback domain",
              description =
                  "A vod domain name: when given, the URLs use it instead of the default address")
          String domainName,
      @NotEmpty(message = "needs at least one object path")
          @Input(
              label = "Paths",
              description =
                  "The objects' paths inside the bucket, e.g. [\"videos/clip/master.m3u8\"]",
              value = "=paths")
          List<@NotNull(message = ObjectPath.RULE) @ObjectPath String> paths,
      @Input(
              label = "Lifetime",
              description =
                  "ISO-8601 duration until the tokens expire (exp); empty for tokens that never expire",
              value = "PT24H")
          Duration lifetime,
      @Input(
              label = "Not before",
              description =
                  "ISO-8601 instant before which the tokens do not work (nbf); empty for at once")
          Instant notBefore,
      @Input(
              label = "Granted path (uri)",
              description =
                  "The uri claim of every token: a directory or full path; an empty string opens the whole bucket; left out, the token opens what 'Token opens' says")
          String uri,
      @Input(
              label = "Token opens",
              description =
                  "When no uri is given: object (the signed object only) or folder (every object in its folder, as an HLS or DASH player needs); empty for the folder of a .m3u8 or .mpd playlist and the object otherwise")
          UriScope uriScope,
      @Input(label = "Custom claims", description = "Further claims, e.g. {viewer: \"abc\"}")
          Map<String, Object> claims) {}

  /**
   * What to sign for live playback: the playback URLs as the stream lists them (at the default
   * address, or {@code https://<custom_domain>/<playback_id>.m3u8} behind a live playback domain).
   * Also the input of the operation that signs them.
   *
   * @param signingKeyId a key bound to the stream, or to its live playback domain
   * @param uri the {@code uri} claim of every token; null leaves it out, so a token opens what the
   *     key serves
   */
  @Operation(
      type = "mediaflow.delivery.sign_playback_urls",
      name = "Delivery: sign live playback URLs",
      description =
          "Signs the playback URLs of a live stream's authenticated playback IDs: an RS256 JWT (header kid, alg, typ; claims exp, nbf and uri when given) in ?auth=, with a signing key bound to the stream or to its live playback domain. The private key comes from the application's key store, never from the process. The result is a list of {playbackUrl, url, expires}. SIGNING_KEY_NOT_IN_STORE: this application does not hold the key's private key (create a new key). SIGNING_KEY_BOUND_ELSEWHERE: the key is bound to a bucket, whose tokens open no live playback. NOT_FOUND: the key does not exist.",
      resultVariable = "signedPlaybackUrls",
      errors = {"SIGNING_KEY_NOT_IN_STORE", "SIGNING_KEY_BOUND_ELSEWHERE", "NOT_FOUND"})
  public record PlaybackRequest(
      @NotBlank(message = "is required")
          @ServiceId
          @Input(
              label = "Signing key id",
              description =
                  "A key bound to the stream (stream_id) or to its live playback domain (domain_id)",
              value = "=signingKey.id")
          String signingKeyId,
      @NotEmpty(message = "needs at least one playback URL")
          @Input(
              label = "Playback URLs",
              description =
                  "As the stream lists them, e.g. for id in liveStream.playback_ids[policy = \"authenticated\"] return id.playback_url",
              value =
                  "=for id in liveStream.playback_ids[policy = \"authenticated\"] return id.playback_url")
          List<String> playbackUrls,
      @Input(
              label = "Lifetime",
              description =
                  "ISO-8601 duration until the tokens expire (exp); empty for tokens that never expire",
              value = "PT24H")
          Duration lifetime,
      @Input(
              label = "Not before",
              description =
                  "ISO-8601 instant before which the tokens do not work (nbf); empty for at once")
          Instant notBefore,
      @Input(
              label = "Granted path (uri)",
              description =
                  "The uri claim: a path the tokens are limited to, such as <playback_id>; left out, a token opens whatever the key serves")
          String uri) {}

  /** A playback URL with a signed token, and when the token stops working (null: never). */
  public record SignedPlaybackUrl(String playbackUrl, String url, String expires) {}

  private final SigningKeyStore store;
  private final ContentAddresses addresses;
  private final KeyBindings bindings;
  private final Clock clock;
  private final MediaflowMetrics metrics;

  /**
   * @param metrics counts the URLs signed
   */
  public SignedUrls(
      SigningKeyStore store,
      ContentAddresses addresses,
      DeliveryClient client,
      Clock clock,
      MediaflowMetrics metrics) {
    this.store = store;
    this.addresses = addresses;
    this.bindings = new KeyBindings(client);
    this.clock = clock;
    this.metrics = metrics;
  }

  public List<SignedUrl> sign(Request request) {
    check(request);
    PrivateKey key = privateKey(request.signingKeyId());
    bindings.requireServesObjects(
        request.signingKeyId(), request.bucketName(), request.domainName());
    Instant expiresAt =
        request.lifetime() == null ? null : clock.instant().plus(request.lifetime());
    List<SignedUrl> signed =
        request.paths().stream()
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
    metrics.signedUrls("object", signed.size());
    return signed;
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
    List<SignedPlaybackUrl> signed =
        request.playbackUrls().stream()
            .map(
                url ->
                    new SignedPlaybackUrl(
                        url,
                        ContentAddresses.signed(url, token),
                        expiresAt == null ? null : expiresAt.toString()))
            .toList();
    metrics.signedUrls("playback", signed.size());
    return signed;
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
