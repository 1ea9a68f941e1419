package io.mediaflow.delivery;

/**
 * The answer to creating a signing key: the key and, this once, its private key. Only the
 * application's key store may keep the private key; the key alone goes on to a process.
 */
public record NewSigningKey(SigningKey key, PrivateKeyPem privateKey) {

  @Override
  public String toString() {
    return "NewSigningKey[key=" + key + ", privateKey=***]";
  }
}
