package io.mediaflow.delivery.signing.internal;

import io.mediaflow.api.ApiException;
import io.mediaflow.delivery.CreateSigningKey;
import io.mediaflow.delivery.DeleteSigningKey;
import io.mediaflow.delivery.DeliveryClient;
import io.mediaflow.delivery.NewSigningKey;
import io.mediaflow.delivery.SigningKey;
import io.mediaflow.delivery.signing.SigningKeyStore;
import io.mediaflow.observability.internal.MediaflowMetrics;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Signing keys together with their private keys: creating one keeps its private key in the {@link
 * SigningKeyStore} before anything else sees the key, and deleting one forgets it there too.
 */
public class ManagedSigningKeys {

  private static final Logger LOG = LoggerFactory.getLogger(ManagedSigningKeys.class);

  private final DeliveryClient client;
  private final SigningKeyStore store;
  private final MediaflowMetrics metrics;

  /**
   * @param metrics counts the keys created
   */
  public ManagedSigningKeys(
      DeliveryClient client, SigningKeyStore store, MediaflowMetrics metrics) {
    this.client = client;
    this.store = store;
    this.metrics = metrics;
  }

  /**
   * Creates a key bound to exactly one of a playback domain, a live stream or a bucket, named
   * exactly as given (or not at all), and keeps its private key. The answer is the key without it.
   * A private key that cannot be read or kept makes the key useless, since the service never shows
   * it again: the key is then deleted at the service and the failure reported.
   */
  public SigningKey create(CreateSigningKey request) {
    NewSigningKey created = client.createSigningKey(request);
    String keyId = created.key().id();
    try {
      PrivateKeys.rsa(created.privateKey());
    } catch (PrivateKeys.UnreadableKeyException unreadable) {
      discard(keyId);
      throw new ApiException.Misconfigured(
          "UNREADABLE_PRIVATE_KEY", unreadable.getMessage() + "; the key was deleted");
    }
    try {
      store.save(keyId, created.privateKey());
    } catch (RuntimeException notKept) {
      discard(keyId);
      throw new ApiException.Transient(
          "KEY_STORE",
          "The private key of signing key "
              + keyId
              + " could not be kept ("
              + notKept.getMessage()
              + "); the key was deleted",
          null,
          null);
    }
    metrics.signingKeyCreated();
    return created.key();
  }

  /**
   * The ids of the keys named and bound as a new one would be, read before it is created ({@link
   * #findCreated}).
   */
  public List<String> alike(CreateSigningKey request) {
    return keysAlike(request).map(SigningKey::id).toList();
  }

  /**
   * What became of a create whose answer may have been lost. A key has no field of its own a marker
   * could go in (its name is the user's), so its key is one named and bound as asked that was not
   * there before the create was sent ({@code before}, from {@link #alike}). One whose private key
   * was kept is returned as it is. One whose private key came only in the lost answer can sign
   * nothing and is deleted, and empty is returned: the create is then sent again, and one usable
   * key remains. Two or more such new keys mean someone else creates keys alike at the same moment,
   * and which is this job's cannot be told: that is left to a person.
   */
  public Optional<SigningKey> findCreated(CreateSigningKey request, List<String> before) {
    List<SigningKey> created =
        keysAlike(request).filter(key -> !before.contains(key.id())).toList();
    Optional<SigningKey> kept =
        created.stream().filter(key -> store.find(key.id()).isPresent()).findFirst();
    if (kept.isPresent() || created.isEmpty()) {
      return kept;
    }
    if (created.size() > 1) {
      throw new ApiException.OutcomeUnknown(
          "AMBIGUOUS_CREATION",
          "A create whose answer was lost may have made one of the"
              + " signing keys "
              + created.stream().map(SigningKey::id).toList()
              + ", which came up alike at the same time;"
              + " delete the one this application does not hold before resolving this incident");
    }
    String keyId = created.get(0).id();
    LOG.info(
        "Signing key {} was created by an attempt whose answer, and with it the private key, was lost;"
            + " deleting it before creating another",
        keyId);
    client.deleteSigningKey(new DeleteSigningKey(keyId));
    return Optional.empty();
  }

  /** Keys with the same binding and exactly the same name (both unset, or equal). */
  private java.util.stream.Stream<SigningKey> keysAlike(CreateSigningKey request) {
    return client.listSigningKeys().stream()
        .filter(
            key ->
                Objects.equals(request.domainId(), key.domainId())
                    && Objects.equals(request.streamId(), key.streamId())
                    && Objects.equals(request.bucketName(), key.bucketName())
                    && Objects.equals(request.name(), key.name()));
  }

  /**
   * Deletes the key at the service, which invalidates every URL it signed, then its private key. A
   * key the service no longer knows is forgotten here as well before the refusal is reported.
   */
  public void delete(DeleteSigningKey request) {
    try {
      client.deleteSigningKey(request);
    } catch (ApiException.Rejected rejected) {
      if ("NOT_FOUND".equals(rejected.code())) {
        store.delete(request.signingKeyId());
      }
      throw rejected;
    }
    store.delete(request.signingKeyId());
  }

  private void discard(String keyId) {
    try {
      client.deleteSigningKey(new DeleteSigningKey(keyId));
    } catch (ApiException e) {
      LOG.warn(
          "Signing key {} cannot sign anything and could not be deleted: {}",
          keyId,
          e.getMessage());
    }
  }
}
