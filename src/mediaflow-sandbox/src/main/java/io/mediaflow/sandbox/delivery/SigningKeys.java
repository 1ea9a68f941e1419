package io.mediaflow.sandbox.delivery;

import io.mediaflow.sandbox.SandboxClock;
import io.mediaflow.sandbox.state.SandboxDatabase;
import io.mediaflow.sandbox.state.Table;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.NoSuchAlgorithmException;
import java.security.PrivateKey;
import java.security.PublicKey;
import java.security.spec.X509EncodedKeySpec;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.springframework.stereotype.Component;

/**
 * The account's signing keys. Creating one generates an RSA 2048 key pair: the private key leaves
 * in the creation response as a PKCS#8 PEM block and is not kept; the sandbox keeps only the public
 * key, which verifies tokens. Keys are kept in the sandbox's database, so a token signed before a
 * restart still opens what it opened.
 *
 * <p>Document 1 does not say when a new key's tokens start to open content: by default at once;
 * under the variation {@value #NOT_YET_PROPAGATED} the CDN's edge refuses them as it refuses an
 * unknown key's for {@code mediaflow.sandbox.delivery.edge-delay} (nominal) after the key was
 * created, while the key has not reached it ({@link #atEdge}).
 */
@Component
public class SigningKeys {

  /** The variation of a new key whose tokens the edge refuses for a while. */
  static final String NOT_YET_PROPAGATED = "signed-url-not-yet-propagated";

  static final int MAX_NAME_LENGTH = 255;
  private static final Pattern UUID_FORM =
      Pattern.compile(
          "[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}");

  /** What the sandbox keeps of a key. */
  public record StoredKey(
      String id, String name, SigningKeyBinding binding, PublicKey publicKey, String created) {
    DeliverySigningKey view(String privateKey) {
      return DeliverySigningKey.of(id, name, binding, privateKey, created);
    }
  }

  /** The row of a key: its public key in X.509 form, base64-encoded. */
  record SavedKey(String name, SigningKeyBinding binding, String publicKey, String created) {}

  private final Domains domains;
  private final SandboxClock clock;
  private final Duration edgeDelay;

  /** In creation order, the order lists answer in (the database gives them back in it). */
  private final Map<String, StoredKey> byId = new LinkedHashMap<>();

  private final Table<SavedKey> table;

  /**
   * When each key created since the start reaches the edge; in memory: a restart finds all there.
   */
  private final Map<String, Instant> reachesEdge = new ConcurrentHashMap<>();

  public SigningKeys(
      Domains domains,
      SandboxClock clock,
      SandboxDatabase database,
      SandboxDeliveryProperties properties) {
    this.edgeDelay = properties.edgeDelay();
    this.domains = domains;
    this.clock = clock;
    this.table = database.table("signing_keys", SavedKey.class);
    table
        .all()
        .forEach(
            (id, saved) ->
                byId.put(
                    id,
                    new StoredKey(
                        id,
                        saved.name(),
                        saved.binding(),
                        publicKey(saved.publicKey()),
                        saved.created())));
  }

  /** The new key, with its private key: the only time it is shown. */
  public DeliverySigningKey create(
      String domainId, String streamId, String bucketName, String name) {
    SigningKeyBinding binding = binding(domainId, streamId, bucketName);
    String label = name == null ? null : validName(name);
    KeyPair pair = generate();
    StoredKey key;
    synchronized (this) {
      key =
          new StoredKey(
              UUID.randomUUID().toString(), label, binding, pair.getPublic(), clock.timestamp());
      save(key);
      reachesEdge.put(key.id(), clock.deadline(edgeDelay));
    }
    return key.view(pem(pair.getPrivate()));
  }

  public synchronized List<DeliverySigningKey> list() {
    return byId.values().stream().map(key -> key.view(null)).toList();
  }

  public synchronized DeliverySigningKey get(String id) {
    return find(id).view(null);
  }

  public synchronized DeliverySigningKey rename(String id, String name) {
    if (name == null) {
      throw DeliveryException.invalid(
          "name: required, a string of 1 to " + MAX_NAME_LENGTH + " characters");
    }
    StoredKey key = find(id);
    var renamed =
        new StoredKey(key.id(), validName(name), key.binding(), key.publicKey(), key.created());
    save(renamed);
    return renamed.view(null);
  }

  /** Deleting a key invalidates it: every token it signed is refused from now on. */
  public synchronized void delete(String id) {
    table.remove(find(id).id());
    byId.remove(id);
  }

  /**
   * Whether the CDN's edge knows the key: at once, or the edge delay after its creation under
   * {@value #NOT_YET_PROPAGATED} ({@code varies}).
   */
  boolean atEdge(String id, boolean varies) {
    Instant at = reachesEdge.get(id);
    return !varies || at == null || !Instant.now().isBefore(at);
  }

  /** A live (not deleted) key, for token verification. */
  public synchronized Optional<StoredKey> live(String id) {
    return Optional.ofNullable(byId.get(id));
  }

  private void save(StoredKey key) {
    String publicKey = Base64.getEncoder().encodeToString(key.publicKey().getEncoded());
    table.put(key.id(), new SavedKey(key.name(), key.binding(), publicKey, key.created()));
    byId.put(key.id(), key);
  }

  private static PublicKey publicKey(String x509) {
    try {
      return KeyFactory.getInstance("RSA")
          .generatePublic(new X509EncodedKeySpec(Base64.getDecoder().decode(x509)));
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("A kept signing key is not an RSA public key", e);
    }
  }

  private StoredKey find(String id) {
    StoredKey key = byId.get(id);
    if (key == null) {
      throw DeliveryException.notFound("signing_key_id: no signing key with id " + id);
    }
    return key;
  }

  private SigningKeyBinding binding(String domainId, String streamId, String bucketName) {
    long given = Stream.of(domainId, streamId, bucketName).filter(Objects::nonNull).count();
    if (given != 1) {
      throw DeliveryException.invalid(
          "domain_id, stream_id, bucket_name: exactly one is required (a key serves"
              + " one playback domain, one live stream or one bucket); "
              + given
              + " given");
    }
    if (domainId != null) {
      return SigningKeyBinding.domain(domains.get(domainId).id());
    }
    if (streamId != null) {
      if (!UUID_FORM.matcher(streamId).matches()) {
        throw DeliveryException.invalid(
            "stream_id: '" + streamId + "' must be a live stream id (UUID)");
      }
      return SigningKeyBinding.stream(streamId.toLowerCase(Locale.ROOT));
    }
    return SigningKeyBinding.bucket(BucketName.require("bucket_name", bucketName));
  }

  private static String validName(String name) {
    if (name.isBlank() || name.length() > MAX_NAME_LENGTH) {
      throw DeliveryException.invalid(
          "name: must be a string of 1 to " + MAX_NAME_LENGTH + " characters");
    }
    return name;
  }

  private static KeyPair generate() {
    try {
      KeyPairGenerator generator = KeyPairGenerator.getInstance("RSA");
      generator.initialize(2048);
      return generator.generateKeyPair();
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("Every Java runtime provides RSA", e);
    }
  }

  /** PKCS#8 in PEM: {@code -----BEGIN PRIVATE KEY-----}, base64 in lines of 64. */
  private static String pem(PrivateKey key) {
    String body =
        Base64.getMimeEncoder(64, "\n".getBytes(StandardCharsets.US_ASCII))
            .encodeToString(key.getEncoded());
    return "-----BEGIN PRIVATE KEY-----\n" + body + "\n-----END PRIVATE KEY-----\n";
  }
}
