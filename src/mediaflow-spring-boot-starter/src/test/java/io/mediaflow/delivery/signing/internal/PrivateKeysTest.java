package io.mediaflow.delivery.signing.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mediaflow.delivery.PrivateKeyPem;
import io.mediaflow.delivery.signing.TestKeys;
import java.nio.charset.StandardCharsets;
import java.security.KeyPair;
import java.util.Arrays;
import java.util.Base64;
import org.junit.jupiter.api.Test;

/** The forms a private key block may come in all read as the same RSA key; errors never quote the key. */
class PrivateKeysTest {

  private static final KeyPair PAIR = TestKeys.rsa();

  @Test
  void pkcs8Pem() {
    assertThat(PrivateKeys.rsa(TestKeys.pkcs8(PAIR)).getEncoded()).isEqualTo(PAIR.getPrivate().getEncoded());
  }

  @Test
  void pkcs1Pem() {
    // A PKCS#8 RSA key ends with its PKCS#1 form, which a 2048-bit key's fixed 26-byte prefix wraps.
    byte[] pkcs8 = PAIR.getPrivate().getEncoded();
    byte[] pkcs1 = Arrays.copyOfRange(pkcs8, 26, pkcs8.length);
    var block = new PrivateKeyPem(TestKeys.pem("RSA PRIVATE KEY", pkcs1));

    assertThat(PrivateKeys.rsa(block).getEncoded()).isEqualTo(pkcs8);
  }

  @Test
  void pemEncodedOnceMoreInBase64() {
    String pem = TestKeys.pkcs8(PAIR).text();
    var block = new PrivateKeyPem(Base64.getEncoder().encodeToString(pem.getBytes(StandardCharsets.US_ASCII)));

    assertThat(PrivateKeys.rsa(block).getEncoded()).isEqualTo(PAIR.getPrivate().getEncoded());
  }

  @Test
  void somethingElseIsRefusedWithoutQuotingIt() {
    assertThatThrownBy(() -> PrivateKeys.rsa(new PrivateKeyPem("secret-looking-text")))
        .isInstanceOf(PrivateKeys.UnreadableKeyException.class)
        .hasMessageNotContaining("secret-looking-text");
    assertThatThrownBy(() -> PrivateKeys.rsa(new PrivateKeyPem(TestKeys.pem("PUBLIC KEY", PAIR.getPublic().getEncoded()))))
        .hasMessageContaining("PUBLIC KEY is not an RSA private key");
    assertThatThrownBy(() -> PrivateKeys.rsa(new PrivateKeyPem(TestKeys.pem("PRIVATE KEY", new byte[] {1, 2, 3}))))
        .hasMessageContaining("not an RSA private key");
  }
}
