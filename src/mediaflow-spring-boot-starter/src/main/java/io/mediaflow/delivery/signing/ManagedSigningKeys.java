package io.mediaflow.delivery.signing;

import io.mediaflow.api.ApiException;
import io.mediaflow.delivery.DeliveryClient;
import io.mediaflow.delivery.NewSigningKey;
import io.mediaflow.delivery.SigningKey;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Signing keys together with their private keys: creating one keeps its private key in the {@link SigningKeyStore}
 * before anything else sees the key, and deleting one forgets it there too.
 */
public class ManagedSigningKeys {

  private static final Logger LOG = LoggerFactory.getLogger(ManagedSigningKeys.class);

  private final DeliveryClient client;
  private final SigningKeyStore store;

  public ManagedSigningKeys(DeliveryClient client, SigningKeyStore store) {
    this.client = client;
    this.store = store;
  }

  /**
   * Creates a key bound to exactly one of a playback domain, a live stream or a bucket, and keeps its private key.
   * The answer is the key without it. A private key that cannot be read or kept makes the key useless, since the
   * service never shows it again: the key is then deleted at the service and the failure reported.
   *
   * @param marker a job's marker: it goes into the key's name (see {@link #label}), so {@link #findCreated} can find
   *     the key again when the answer is lost
   */
  public SigningKey create(String domainId, String streamId, String bucketName, String name, String marker) {
    return create(domainId, streamId, bucketName, label(name, marker));
  }

  /** As {@link #create(String, String, String, String, String)}, for a caller that has no job to mark the key with. */
  public SigningKey create(String domainId, String streamId, String bucketName, String name) {
    NewSigningKey created = client.createSigningKey(domainId, streamId, bucketName, name);
    String keyId = created.key().id();
    try {
      PrivateKeys.rsa(created.privateKey());
    } catch (PrivateKeys.UnreadableKeyException unreadable) {
      discard(keyId);
      throw new ApiException.Misconfigured("UNREADABLE_PRIVATE_KEY", unreadable.getMessage() + "; the key was deleted");
    }
    try {
      store.save(keyId, created.privateKey());
    } catch (RuntimeException notKept) {
      discard(keyId);
      throw new ApiException.Transient("KEY_STORE", "The private key of signing key " + keyId
          + " could not be kept (" + notKept.getMessage() + "); the key was deleted", null, null);
    }
    return created.key();
  }

  /**
   * What became of a create whose answer was lost. The key it made carries the marker in its name; its private key
   * came only in that lost answer, so the key can sign nothing and is deleted, and empty is returned: the create is
   * then sent again, and one usable key remains. A key whose private key was kept is returned as it is.
   */
  public Optional<SigningKey> findCreated(String name, String marker) {
    String label = label(name, marker);
    for (SigningKey key : client.listSigningKeys()) {
      if (label.equals(key.name())) {
        if (store.find(key.id()).isPresent()) {
          return Optional.of(key);
        }
        LOG.info("Signing key {} was created by an attempt whose answer, and with it the private key, was lost;"
            + " deleting it before creating another", key.id());
        client.deleteSigningKey(key.id());
      }
    }
    return Optional.empty();
  }

  /** The key's name: the marker alone, or after the name given, e.g. {@code playback [mf-2251799813685302-…]}. */
  static String label(String name, String marker) {
    return name == null ? marker : name + " [" + marker + "]";
  }

  /**
   * Deletes the key at the service, which invalidates every URL it signed, then its private key. A key the service
   * no longer knows is forgotten here as well before the refusal is reported.
   */
  public void delete(String keyId) {
    try {
      client.deleteSigningKey(keyId);
    } catch (ApiException.Rejected rejected) {
      if ("NOT_FOUND".equals(rejected.code())) {
        store.delete(keyId);
      }
      throw rejected;
    }
    store.delete(keyId);
  }

  private void discard(String keyId) {
    try {
      client.deleteSigningKey(keyId);
    } catch (ApiException e) {
      LOG.warn("Signing key {} cannot sign anything and could not be deleted: {}", keyId, e.getMessage());
    }
  }
}
