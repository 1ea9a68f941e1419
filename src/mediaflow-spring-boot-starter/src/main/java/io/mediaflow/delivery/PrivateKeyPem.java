package io.mediaflow.delivery;

/**
 * A signing key's private key block as the creation answer returns it, the only time the service
 * shows it. Held in this type so that it is never printed by accident: {@link #toString()} masks
 * it.
 */
public record PrivateKeyPem(String text) {

  public PrivateKeyPem {
    if (text == null || text.isBlank()) {
      throw new IllegalArgumentException("private key: empty");
    }
  }

  @Override
  public String toString() {
    return "PrivateKeyPem[***]";
  }
}
