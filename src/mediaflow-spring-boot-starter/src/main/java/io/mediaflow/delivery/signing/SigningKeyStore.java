package io.mediaflow.delivery.signing;

import io.mediaflow.delivery.PrivateKeyPem;
import java.util.Optional;

/**
 * Where the application keeps the private keys of its signing keys. The service shows a private key
 * once, in the answer that creates the key, and does not keep it; processes never hold it either,
 * they name a key by its id.
 *
 * <p>The starter's are {@link FileSigningKeyStore}, one encrypted file per key, and {@link
 * JdbcSigningKeyStore}, one encrypted row per key in the application's database, which replicas
 * share (see {@link KeyStoreProperties} for which one is chosen). To keep the keys elsewhere (a
 * secrets manager), declare a bean of this type: the starter's back off.
 */
public interface SigningKeyStore {

  /** Keeps the private key of signing key {@code keyId}, replacing any kept before. */
  void save(String keyId, PrivateKeyPem privateKey);

  /** The private key of signing key {@code keyId}, if this store holds it. */
  Optional<PrivateKeyPem> find(String keyId);

  /** Forgets the private key of signing key {@code keyId}; nothing happens if it is not held. */
  void delete(String keyId);
}
