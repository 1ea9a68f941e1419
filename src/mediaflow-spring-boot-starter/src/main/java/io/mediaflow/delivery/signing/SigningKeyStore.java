package io.mediaflow.delivery.signing;

import io.mediaflow.delivery.PrivateKeyPem;
import java.util.Optional;

/**
 * Where the application keeps the private keys of its signing keys. The service shows a private key once, in the
 * answer that creates the key, and does not keep it; processes never hold it either, they name a key by its id.
 *
 * <p>The default is {@link FileSigningKeyStore}, one encrypted file per key on this replica's disk. Several
 * replicas that sign with each other's keys need a shared store (a database, a secrets manager): declare a
 * {@code @Primary} bean of this type and the workers use it instead of the default.
 */
public interface SigningKeyStore {

  /** Keeps the private key of signing key {@code keyId}, replacing any kept before. */
  void save(String keyId, PrivateKeyPem privateKey);

  /** The private key of signing key {@code keyId}, if this store holds it. */
  Optional<PrivateKeyPem> find(String keyId);

  /** Forgets the private key of signing key {@code keyId}; nothing happens if it is not held. */
  void delete(String keyId);
}
