package io.mediaflow.delivery;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.mediaflow.api.ApiException;
import io.mediaflow.api.ApiJson;
import io.mediaflow.api.constraint.Fqdn;
import io.mediaflow.api.constraint.OneOf;
import io.mediaflow.api.internal.BearerJsonApi;
import io.mediaflow.api.internal.Constraints;
import io.mediaflow.api.internal.Rules;
import io.mediaflow.observability.internal.MediaflowMetrics;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import java.time.Clock;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.stream.Stream;
import okhttp3.OkHttpClient;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The content delivery API (document 1): playback domains, TLS subscriptions, signing keys, bucket
 * access policy, CORS policy and cache purge. Each request is checked against the documented rules
 * before it is sent; the access token, bearer header and {@code {status: failed}} answers are
 * {@link BearerJsonApi}'s.
 */
public class DeliveryClient {

  private static final Logger LOG = LoggerFactory.getLogger(DeliveryClient.class);
  private static final List<String> DOMAIN_TYPES = List.of(Domain.LIVE, Domain.VOD);

  /** Document 1, Limits: playback domains per account (more by contacting support). */
  static final int DOMAIN_LIMIT = 20;

  private final BearerJsonApi api;

  public DeliveryClient(DeliveryProperties properties, OkHttpClient okHttp, Clock clock) {
    this(properties, okHttp, clock, MediaflowMetrics.NONE);
  }

  /** As configured by the starter: its calls and tokens counted in {@code metrics}. */
  DeliveryClient(
      DeliveryProperties properties, OkHttpClient okHttp, Clock clock, MediaflowMetrics metrics) {
    this.api =
        new BearerJsonApi(
            properties.baseUrl(),
            "mediaflow.delivery.base-url",
            properties.apiKey(),
            okHttp,
            properties.timeout(),
            properties.renewTokenBefore(),
            clock,
            "delivery",
            metrics);
  }

  /**
   * Fetches an access token ({@code POST /v1/access_token/<api_key>}) and drops it: whether the
   * service answers and accepts the API key, for a health check.
   */
  public void verifyCredentials() {
    api.verifyCredentials();
  }

  // Playback domains

  /**
   * {@code POST /v1/domains}: the request calls the FQDN {@code name}; {@code bucket_name} only for
   * {@code vod}.
   */
  public Domain createDomain(String name, String type, String bucketName) {
    var rules = new Rules().addAll(Constraints.violations(new NewDomain(name, type, bucketName)));
    if (Domain.VOD.equals(type)) {
      rules.require(bucketName != null, "bucket_name", "is required");
    } else if (Domain.LIVE.equals(type)) {
      rules.require(
          bucketName == null,
          "bucket_name",
          "only vod domains expose a bucket; leave it out for live");
    }
    rules.throwIfBroken();
    var body = new LinkedHashMap<String, Object>();
    body.put("name", name);
    body.put("type", type);
    if (bucketName != null) {
      body.put("bucket_name", bucketName);
    }
    try {
      return read(api.post(body, "v1", "domains").path("domain"), Domain.class);
    } catch (ApiException.Rejected rejected) {
      throw explainedDomainRefusal(rejected, name);
    }
  }

  /**
   * {@code GET /v1/domains}, or {@code GET /v1/domains/<type>} for one type when {@code type} is
   * given.
   */
  public List<Domain> listDomains(String type) {
    if (type == null) {
      return readList(api.get("v1", "domains").path("domains"), Domain.class);
    }
    new Rules()
        .require(
            DOMAIN_TYPES.contains(type),
            "type",
            "must be live or vod, or left out for every domain")
        .throwIfBroken();
    return readList(api.get("v1", "domains", type).path("domains"), Domain.class);
  }

  public Domain getDomain(String domainId) {
    Constraints.check(new DomainRef(domainId));
    return read(api.get("v1", "domains", domainId).path("domain"), Domain.class);
  }

  /**
   * {@code PUT /v1/domains/<id>}: only a {@code vod} domain's bucket can change; the service
   * refuses the rest.
   */
  public Domain updateDomainBucket(String domainId, String bucketName) {
    Constraints.check(new DomainBucket(domainId, bucketName));
    return read(
        api.put(Map.of("bucket_name", bucketName), "v1", "domains", domainId).path("domain"),
        Domain.class);
  }

  public void deleteDomain(String domainId) {
    Constraints.check(new DomainRef(domainId));
    api.delete("v1", "domains", domainId);
  }

  // TLS subscriptions

  /**
   * {@code POST /v1/tls/subscriptions}: the answer's {@code message} is the CNAME instruction for
   * the domain owner. The creation answer has no {@code tls_subscription_id}, which the other paths
   * take, so it is read from the list and added: the result addresses the subscription as the paths
   * say.
   */
  public TlsSubscription createTlsSubscription(String domainId) {
    Constraints.check(new DomainRef(domainId));
    TlsSubscription created =
        read(
            api.post(Map.of("domain_id", domainId), "v1", "tls", "subscriptions")
                .path("tls_subscription"),
            TlsSubscription.class);
    TlsSubscription listed =
        listTlsSubscriptions().stream()
            .filter(s -> s.id().equals(created.id()))
            .findFirst()
            .orElseThrow(
                () ->
                    new ApiException.Transient(
                        "NOT_LISTED_YET",
                        "TLS subscription "
                            + created.id()
                            + " is not listed yet, so its tls_subscription_id is unknown",
                        null,
                        null));
    return created.withTlsSubscriptionId(listed.tlsSubscriptionId());
  }

  /**
   * The domain's subscription that has not failed, as the list shows it; a domain has one at most.
   */
  public Optional<TlsSubscription> findActiveTlsSubscription(String domainId) {
    return listTlsSubscriptions().stream()
        .filter(s -> domainId.equals(s.domainId()) && !s.failed())
        .findFirst();
  }

  public List<TlsSubscription> listTlsSubscriptions() {
    return readList(
        api.get("v1", "tls", "subscriptions").path("tls_subscriptions"), TlsSubscription.class);
  }

  /**
   * {@code GET /v1/tls/subscriptions/<tls_subscription_id>}: the identifier list answers carry (and
   * {@link #createTlsSubscription} adds), distinct from the subscription's {@code id}, in whatever
   * form the service gives it.
   */
  public TlsSubscription getTlsSubscription(String tlsSubscriptionId) {
    requireTlsSubscriptionId(tlsSubscriptionId);
    TlsSubscription subscription =
        read(
            api.get("v1", "tls", "subscriptions", tlsSubscriptionId).path("tls_subscription"),
            TlsSubscription.class);
    // Kept in the result, so the next call can address the subscription by it.
    return subscription.tlsSubscriptionId() == null
        ? subscription.withTlsSubscriptionId(tlsSubscriptionId)
        : subscription;
  }

  /**
   * {@code DELETE /v1/tls/subscriptions/<tls_subscription_id>}, by the same identifier as {@link
   * #getTlsSubscription}.
   */
  public void deleteTlsSubscription(String tlsSubscriptionId) {
    requireTlsSubscriptionId(tlsSubscriptionId);
    api.delete("v1", "tls", "subscriptions", tlsSubscriptionId);
  }

  private static void requireTlsSubscriptionId(String tlsSubscriptionId) {
    new Rules()
        .require(
            tlsSubscriptionId != null && !tlsSubscriptionId.isBlank(),
            "tls_subscription_id",
            "is required (the tls_subscription_id that list answers carry, not the id)")
        .throwIfBroken();
  }

  // Signing keys

  /**
   * {@code POST /v1/signing-keys} for exactly one of a playback domain, a live stream or a bucket.
   * The answer holds the private key, which the service shows this once; the caller must keep it
   * before anything else happens.
   */
  public NewSigningKey createSigningKey(
      String domainId, String streamId, String bucketName, String name) {
    var rules =
        new Rules().addAll(Constraints.violations(new KeyBinding(domainId, streamId, bucketName)));
    long bindings = Stream.of(domainId, streamId, bucketName).filter(Objects::nonNull).count();
    rules.require(
        bindings == 1,
        "domain_id/stream_id/bucket_name",
        "exactly one is required: a key serves one playback domain, one live stream or one bucket ("
            + bindings
            + " given)");
    rules.require(
        name == null || !name.isBlank(), "name", "must not be blank; leave it out for no name");
    rules.throwIfBroken();
    var body = new LinkedHashMap<String, Object>();
    body.put("domain_id", domainId);
    body.put("stream_id", streamId);
    body.put("bucket_name", bucketName);
    body.put("name", name);
    body.values().removeIf(Objects::isNull);
    ObjectNode answer =
        (ObjectNode) api.post(body, "v1", "signing-keys").path("signing_key").deepCopy();
    JsonNode privateKey = answer.remove("private_key");
    SigningKey key = read(answer, SigningKey.class);
    if (privateKey == null || !privateKey.isTextual() || privateKey.asText().isBlank()) {
      // A key without its private key can sign nothing, and the service never shows it again.
      deleteQuietly(key.id());
      throw new ApiException.Rejected(
          "NO_PRIVATE_KEY",
          "POST /v1/signing-keys: the answer held no private_key; the key was deleted again",
          Map.of());
    }
    return new NewSigningKey(key, new PrivateKeyPem(privateKey.asText()));
  }

  public List<SigningKey> listSigningKeys() {
    return readList(
        withoutPrivateKeys(api.get("v1", "signing-keys").path("signing_keys")), SigningKey.class);
  }

  public SigningKey getSigningKey(String signingKeyId) {
    Constraints.check(new SigningKeyRef(signingKeyId));
    return read(api.get("v1", "signing-keys", signingKeyId).path("signing_key"), SigningKey.class);
  }

  /** {@code PUT /v1/signing-keys/<id>}: only the name can change. */
  public SigningKey renameSigningKey(String signingKeyId, String name) {
    Constraints.check(new SigningKeyName(signingKeyId, name));
    return read(
        api.put(Map.of("name", name), "v1", "signing-keys", signingKeyId).path("signing_key"),
        SigningKey.class);
  }

  /** Deleting a key invalidates it: every URL signed with it stops working. */
  public void deleteSigningKey(String signingKeyId) {
    Constraints.check(new SigningKeyRef(signingKeyId));
    api.delete("v1", "signing-keys", signingKeyId);
  }

  // Bucket controls

  /**
   * {@code PUT /v1/buckets/<bucket>/policy/<policy>}: {@code authenticated} makes every object need
   * a signed token.
   */
  public void setBucketPolicy(String bucketName, BucketPolicy policy) {
    Constraints.check(new BucketAccess(bucketName, policy));
    api.put(null, "v1", "buckets", bucketName, "policy", policy.value());
  }

  /** {@code POST /v1/buckets/<bucket>/cors}: sets the whole policy. */
  public void setCors(String bucketName, CorsPolicy policy) {
    Constraints.check(new BucketCors(bucketName, policy));
    policy.check();
    api.post(policy.headers(), "v1", "buckets", bucketName, "cors");
  }

  /** {@code GET /v1/buckets/<bucket>/cors}: the policy, empty when none is set. */
  public CorsPolicy getCors(String bucketName) {
    Constraints.check(new BucketRef(bucketName));
    JsonNode answer = api.get("v1", "buckets", bucketName, "cors");
    Map<String, String> headers = new LinkedHashMap<>();
    answer
        .fields()
        .forEachRemaining(
            field -> {
              if (field.getValue().isValueNode() && !"status".equals(field.getKey())) {
                headers.put(field.getKey(), field.getValue().asText());
              }
            });
    return new CorsPolicy(headers);
  }

  public void deleteCors(String bucketName) {
    Constraints.check(new BucketRef(bucketName));
    api.delete("v1", "buckets", bucketName, "cors");
  }

  /** {@code DELETE /v1/buckets/<bucket>/cors/<header_name>}: removes one header from the policy. */
  public void deleteCorsHeader(String bucketName, String headerName) {
    Constraints.check(new BucketRef(bucketName));
    api.delete("v1", "buckets", bucketName, "cors", CorsPolicy.headerName(headerName));
  }

  /** {@code POST /v1/buckets/<bucket>/cache/purge_all}. */
  public void purgeCache(String bucketName) {
    Constraints.check(new BucketRef(bucketName));
    api.post(null, "v1", "buckets", bucketName, "cache", "purge_all");
  }

  /** {@code POST /v1/buckets/<bucket>/cache/purge}: one object, by its path inside the bucket. */
  public void purgeCache(String bucketName, String path) {
    Constraints.check(new BucketObject(bucketName, path));
    api.post(Map.of("path", path), "v1", "buckets", bucketName, "cache", "purge");
  }

  /**
   * The service enforces the 20-domain limit; its refusal's words are not documented. So a refused
   * creation is compared with the account's domains (one extra call, only on this failure): when
   * the account is at the limit and the name is not simply taken, the refusal is reported as {@code
   * DOMAIN_LIMIT}, naming the limit.
   */
  private ApiException.Rejected explainedDomainRefusal(
      ApiException.Rejected rejected, String name) {
    if ("BAD_REQUEST".equals(rejected.code())) {
      return rejected;
    }
    List<Domain> domains;
    try {
      domains = listDomains(null);
    } catch (ApiException unavailable) {
      return rejected;
    }
    boolean nameTaken =
        domains.stream().anyMatch(domain -> name.equalsIgnoreCase(domain.domainName()));
    if (nameTaken || domains.size() < DOMAIN_LIMIT) {
      return rejected;
    }
    return new ApiException.Rejected(
        "DOMAIN_LIMIT",
        "POST /v1/domains: the account has "
            + domains.size()
            + " playback domains, and the limit is "
            + DOMAIN_LIMIT
            + " per account; delete one, or ask"
            + " support for more (the service said: "
            + rejected.getMessage()
            + ")",
        Map.of("domains", domains.size(), "limit", DOMAIN_LIMIT));
  }

  private void deleteQuietly(String signingKeyId) {
    try {
      if (signingKeyId != null) {
        api.delete("v1", "signing-keys", signingKeyId);
      }
    } catch (ApiException e) {
      LOG.warn(
          "Signing key {} has no private key and could not be deleted: {}",
          signingKeyId,
          e.getMessage());
    }
  }

  /**
   * List answers carry no private key by the document; if one ever did, it is dropped before
   * anything reads it.
   */
  private static JsonNode withoutPrivateKeys(JsonNode keys) {
    JsonNode copy = keys.deepCopy();
    copy.forEach(
        key -> {
          if (key instanceof ObjectNode object) {
            object.remove("private_key");
          }
        });
    return copy;
  }

  private static <T> T read(JsonNode node, Class<T> type) {
    if (node.isMissingNode() || node.isNull()) {
      throw new ApiException.Transient(
          "BAD_ANSWER",
          "the answer lacks the " + type.getSimpleName() + " it should hold",
          null,
          null);
    }
    return ApiJson.MAPPER.convertValue(node, type);
  }

  private static <T> List<T> readList(JsonNode node, Class<T> type) {
    if (node.isMissingNode() || node.isNull()) {
      return List.of();
    }
    return ApiJson.MAPPER.convertValue(
        node, ApiJson.MAPPER.getTypeFactory().constructCollectionType(List.class, type));
  }

  // The rules of each call's fields, as records: a call checks the record it builds from its
  // arguments, and violations name the fields as the API does (domain_id).

  @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
  private record NewDomain(
      @NotBlank(message = "is required") @Fqdn String name,
      @NotNull(message = "must be live or vod")
          @OneOf(
              value = {Domain.LIVE, Domain.VOD},
              message = "must be live or vod")
          String type,
      @BucketName String bucketName) {}

  @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
  private record DomainRef(@NotBlank(message = "is required") @ServiceId String domainId) {}

  @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
  private record DomainBucket(
      @NotBlank(message = "is required") @ServiceId String domainId,
      @NotBlank(message = "is required") @BucketName String bucketName) {}

  /** What a new signing key is bound to; that exactly one is given is the call's own rule. */
  @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
  private record KeyBinding(
      @ServiceId String domainId, @ServiceId String streamId, @BucketName String bucketName) {}

  @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
  private record SigningKeyRef(@NotBlank(message = "is required") @ServiceId String signingKeyId) {}

  @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
  private record SigningKeyName(
      @NotBlank(message = "is required") @ServiceId String signingKeyId,
      @NotBlank(message = "is required") String name) {}

  @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
  private record BucketRef(@NotBlank(message = "is required") @BucketName String bucketName) {}

  @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
  private record BucketAccess(
      @NotBlank(message = "is required") @BucketName String bucketName,
      @NotNull(message = "must be public or authenticated") BucketPolicy policyName) {}

  @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
  private record BucketCors(
      @NotBlank(message = "is required") @BucketName String bucketName,
      @NotNull(message = "is required") CorsPolicy cors) {}

  @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
  private record BucketObject(
      @NotBlank(message = "is required") @BucketName String bucketName, @ObjectPath String path) {}
}
