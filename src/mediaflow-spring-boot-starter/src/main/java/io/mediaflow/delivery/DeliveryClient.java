package io.mediaflow.delivery;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.mediaflow.api.ApiException;
import io.mediaflow.api.ApiJson;
import io.mediaflow.api.internal.BearerJsonApi;
import io.mediaflow.api.internal.Constraints;
import io.mediaflow.api.internal.Rules;
import io.mediaflow.observability.internal.MediaflowMetrics;
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
 * access policy, CORS policy and cache purge. Each call takes its operation's request record, whose
 * constraints are the documented rules (the worker of the operation reads the same record from a
 * job's variables), and checks it before anything is sent, naming the fields as the API does
 * ({@code domain_id}); a rule that compares fields is checked here in code. The access token,
 * bearer header and {@code {status: failed}} answers are {@link BearerJsonApi}'s.
 */
public class DeliveryClient {

  private static final Logger LOG = LoggerFactory.getLogger(DeliveryClient.class);

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
  public Domain createDomain(CreateDomain request) {
    var rules = new Rules().addAll(Constraints.violations(request));
    if (Domain.VOD.equals(request.type())) {
      rules.require(request.bucketName() != null, "bucket_name", "is required");
    } else if (Domain.LIVE.equals(request.type())) {
      rules.require(
          request.bucketName() == null,
          "bucket_name",
          "only vod domains expose a bucket; leave it out for live");
    }
    rules.throwIfBroken();
    var body = new LinkedHashMap<String, Object>();
    body.put("name", request.name());
    body.put("type", request.type());
    if (request.bucketName() != null) {
      body.put("bucket_name", request.bucketName());
    }
    Domain created;
    try {
      created = read(api.post(body, "v1", "domains").path("domain"), Domain.class);
    } catch (ApiException.Rejected rejected) {
      throw explainedDomainRefusal(rejected, request.name());
    }
    return exposing(created, request.bucketName());
  }

  /**
   * The {@code vod} domain with its bucket. Document 1 shows {@code bucket_name} "in responses once
   * set" and does not show whether the create sets it; a domain that shows none (or another) is
   * given the bucket asked for by the update the document has for exactly that ({@code PUT
   * /v1/domains/<id>}), so that it exposes the bucket rather than nothing. A {@code live} domain,
   * or one that shows the bucket, is returned as it is.
   */
  public Domain exposing(Domain domain, String bucketName) {
    if (!Domain.VOD.equals(domain.type())
        || bucketName == null
        || bucketName.equals(domain.bucketName())) {
      return domain;
    }
    LOG.info(
        "Playback domain {} ({}) shows bucket {} after its create; setting {}",
        domain.id(),
        domain.domainName(),
        domain.bucketName(),
        bucketName);
    return updateDomain(new UpdateDomain(domain.id(), bucketName));
  }

  /**
   * {@code GET /v1/domains}, or {@code GET /v1/domains/<type>} for one type when {@code type} is
   * given.
   */
  public List<Domain> listDomains(ListDomains request) {
    Constraints.check(request);
    if (request.type() == null) {
      return readList(api.get("v1", "domains").path("domains"), Domain.class);
    }
    return readList(api.get("v1", "domains", request.type()).path("domains"), Domain.class);
  }

  public Domain getDomain(GetDomain request) {
    Constraints.check(request);
    return read(api.get("v1", "domains", request.domainId()).path("domain"), Domain.class);
  }

  /**
   * {@code PUT /v1/domains/<id>}: only a {@code vod} domain's bucket can change; the service
   * refuses the rest.
   */
  public Domain updateDomain(UpdateDomain request) {
    Constraints.check(request);
    return read(
        api.put(Map.of("bucket_name", request.bucketName()), "v1", "domains", request.domainId())
            .path("domain"),
        Domain.class);
  }

  public void deleteDomain(DeleteDomain request) {
    Constraints.check(request);
    api.delete("v1", "domains", request.domainId());
  }

  // TLS subscriptions

  /**
   * {@code POST /v1/tls/subscriptions}: the answer's {@code message} is the CNAME instruction for
   * the domain owner. The creation answer has no {@code tls_subscription_id}, which the other paths
   * take, so it is read from the list and added: the result addresses the subscription as the paths
   * say.
   */
  public TlsSubscription createTlsSubscription(CreateTlsSubscription request) {
    Constraints.check(request);
    TlsSubscription created =
        read(
            api.post(Map.of("domain_id", request.domainId()), "v1", "tls", "subscriptions")
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
  public TlsSubscription getTlsSubscription(GetTlsSubscription request) {
    Constraints.check(request);
    String tlsSubscriptionId = request.tlsSubscriptionId();
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
  public void deleteTlsSubscription(DeleteTlsSubscription request) {
    Constraints.check(request);
    api.delete("v1", "tls", "subscriptions", request.tlsSubscriptionId());
  }

  // Signing keys

  /**
   * {@code POST /v1/signing-keys} for exactly one of a playback domain, a live stream or a bucket.
   * The answer holds the private key, which the service shows this once; the caller must keep it
   * before anything else happens.
   */
  public NewSigningKey createSigningKey(CreateSigningKey request) {
    var rules = new Rules().addAll(Constraints.violations(request));
    String name = request.name();
    long bindings =
        Stream.of(request.domainId(), request.streamId(), request.bucketName())
            .filter(Objects::nonNull)
            .count();
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
    body.put("domain_id", request.domainId());
    body.put("stream_id", request.streamId());
    body.put("bucket_name", request.bucketName());
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

  public SigningKey getSigningKey(GetSigningKey request) {
    Constraints.check(request);
    return read(
        api.get("v1", "signing-keys", request.signingKeyId()).path("signing_key"),
        SigningKey.class);
  }

  /** {@code PUT /v1/signing-keys/<id>}: only the name can change. */
  public SigningKey renameSigningKey(RenameSigningKey request) {
    Constraints.check(request);
    return read(
        api.put(Map.of("name", request.name()), "v1", "signing-keys", request.signingKeyId())
            .path("signing_key"),
        SigningKey.class);
  }

  /** Deleting a key invalidates it: every URL signed with it stops working. */
  public void deleteSigningKey(DeleteSigningKey request) {
    Constraints.check(request);
    api.delete("v1", "signing-keys", request.signingKeyId());
  }

  // Bucket controls

  /**
   * {@code PUT /v1/buckets/<bucket>/policy/<policy>}: {@code authenticated} makes every object need
   * a signed token.
   */
  public void setBucketPolicy(SetBucketPolicy request) {
    Constraints.check(request);
    api.put(null, "v1", "buckets", request.bucketName(), "policy", request.policy().value());
  }

  /** {@code POST /v1/buckets/<bucket>/cors}: sets the whole policy. */
  public void setCors(SetCors request) {
    Constraints.check(request);
    CorsPolicy policy = request.policy();
    policy.check();
    api.post(policy.headers(), "v1", "buckets", request.bucketName(), "cors");
  }

  /** {@code GET /v1/buckets/<bucket>/cors}: the policy, empty when none is set. */
  public CorsPolicy getCors(GetCors request) {
    Constraints.check(request);
    JsonNode answer = api.get("v1", "buckets", request.bucketName(), "cors");
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

  public void deleteCors(DeleteCors request) {
    Constraints.check(request);
    api.delete("v1", "buckets", request.bucketName(), "cors");
  }

  /** {@code DELETE /v1/buckets/<bucket>/cors/<header_name>}: removes one header from the policy. */
  public void deleteCorsHeader(DeleteCorsHeader request) {
    Constraints.check(request);
    api.delete(
        "v1", "buckets", request.bucketName(), "cors", CorsPolicy.headerName(request.headerName()));
  }

  /**
   * {@code POST /v1/buckets/<bucket>/cache/purge} for one object, by its path inside the bucket;
   * {@code /cache/purge_all} when the request names no path.
   */
  public void purgeCache(PurgeCache request) {
    Constraints.check(request);
    if (request.path() == null) {
      api.post(null, "v1", "buckets", request.bucketName(), "cache", "purge_all");
    } else {
      api.post(
          Map.of("path", request.path()), "v1", "buckets", request.bucketName(), "cache", "purge");
    }
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
      domains = listDomains(ListDomains.all());
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
}
