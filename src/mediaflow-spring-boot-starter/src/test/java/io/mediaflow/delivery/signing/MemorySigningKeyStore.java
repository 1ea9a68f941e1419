package io.mediaflow.delivery.signing;

import io.mediaflow.delivery.PrivateKeyPem;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/** A key store in memory for tests, which can be made to fail as a full disk would. */
public final class MemorySigningKeyStore implements SigningKeyStore {

  public final Map<String, PrivateKeyPem> keys = new ConcurrentHashMap<>();
  public volatile boolean failing;

  @Override
  public void save(String keyId, PrivateKeyPem privateKey) {
    if (failing) {
      throw new IllegalStateException("disk full");
    }
    keys.put(keyId, privateKey);
  }

  @Override
  public Optional<PrivateKeyPem> find(String keyId) {
    return Optional.ofNullable(keys.get(keyId));
  }

  @Override
  public void delete(String keyId) {
    keys.remove(keyId);
  }
}
