package io.mediaflow.delivery.signing;

import io.mediaflow.api.ApiException;
import io.mediaflow.delivery.DeliveryClient;
import io.mediaflow.delivery.NewSigningKey;
import io.mediaflow.delivery.SigningKey;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

/**
 * Signing keys together with their private keys: creating one keeps its private key in the {@link SigningKeyStore}
 * before anything else sees the key, and deleting one forgets it there too.
 */
@Component
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
   */
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
