package io.mediaflow.delivery.signing.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mediaflow.delivery.PrivateKeyPem;
import io.mediaflow.delivery.signing.TestKeys;
import java.nio.charset.StandardCharsets;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.util.Arrays;
import java.util.Base64;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The forms a private key block may come in all read as the same RSA key; errors never quote the
 * key.
 */
class PrivateKeysTest {

  private static final KeyPair PAIR = TestKeys.rsa();

  @Test
  void pkcs8Pem() {
    assertThat(PrivateKeys.rsa(TestKeys.pkcs8(PAIR)).getEncoded())
        .isEqualTo(PAIR.getPrivate().getEncoded());
  }

  @Test
  void pkcs1Pem() {
    // A PKCS#8 RSA key ends with its PKCS#1 form, which a 2048-bit key's fixed 26-byte prefix
    // wraps.
    byte[] pkcs8 = PAIR.getPrivate().getEncoded();
    byte[] pkcs1 = Arrays.copyOfRange(pkcs8, 26, pkcs8.length);
    var block = new PrivateKeyPem(TestKeys.pem("RSA PRIVATE KEY", pkcs1));

    assertThat(PrivateKeys.rsa(block).getEncoded()).isEqualTo(pkcs8);
  }

  /**
   * Key sizes whose PKCS#1 form needs one length byte after 0x81, or two after 0x82, in the DER the
   * class writes.
   */
  @ParameterizedTest
  @ValueSource(ints = {512, 1024})
  void pkcs1PemOfOtherSizes(int bits) throws Exception {
    var generator = KeyPairGenerator.getInstance("RSA");
    generator.initialize(bits);
    byte[] pkcs8 = generator.generateKeyPair().getPrivate().getEncoded();
    var block = new PrivateKeyPem(TestKeys.pem("RSA PRIVATE KEY", pkcs1Of(pkcs8)));

    assertThat(PrivateKeys.rsa(block).getEncoded()).isEqualTo(pkcs8);
  }

  /**
   * The PKCS#1 key inside a PKCS#8 one: the OCTET STRING after the version (3 bytes) and the
   * algorithm (15).
   */
  private static byte[] pkcs1Of(byte[] pkcs8) {
    int octetString = headerLength(pkcs8, 0) + 3 + 15;
    int start = octetString + headerLength(pkcs8, octetString);
    return Arrays.copyOfRange(pkcs8, start, pkcs8.length);
  }

  private static int headerLength(byte[] der, int at) {
    int length = der[at + 1] & 0xff;
    return length < 0x80 ? 2 : 2 + (length & 0x7f);
  }

  @Test
  void pemEncodedOnceMoreInBase64() {
    String pem = TestKeys.pkcs8(PAIR).text();
    var block =
        new PrivateKeyPem(
            Base64.getEncoder().encodeToString(pem.getBytes(StandardCharsets.US_ASCII)));

    assertThat(PrivateKeys.rsa(block).getEncoded()).isEqualTo(PAIR.getPrivate().getEncoded());
  }

  @Test
  void somethingElseIsRefusedWithoutQuotingIt() {
    assertThatThrownBy(() -> PrivateKeys.rsa(new PrivateKeyPem("secret-looking-text")))
        .isInstanceOf(PrivateKeys.UnreadableKeyException.class)
        .hasMessageNotContaining("secret-looking-text");
    assertThatThrownBy(
            () ->
                PrivateKeys.rsa(
                    new PrivateKeyPem(TestKeys.pem("PUBLIC KEY", PAIR.getPublic().getEncoded()))))
        .hasMessageContaining("PUBLIC KEY is not an RSA private key");
    assertThatThrownBy(
            () ->
                PrivateKeys.rsa(
                    new PrivateKeyPem(TestKeys.pem("PRIVATE KEY", new byte[] {1, 2, 3}))))
        .hasMessageContaining("not an RSA private key");
  }
}
