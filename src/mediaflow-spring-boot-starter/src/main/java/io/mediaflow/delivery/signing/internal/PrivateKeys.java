package io.mediaflow.delivery.signing.internal;

import io.mediaflow.delivery.PrivateKeyPem;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.PrivateKey;
import java.security.spec.PKCS8EncodedKeySpec;
import java.util.Base64;

/**
 * Reads the private key block of a signing key into an RSA key. Document 1 calls it "a private key
 * block" and shows no more, so the forms such blocks come in are all read here: PEM PKCS#8 ({@code
 * BEGIN PRIVATE KEY}), PEM PKCS#1 ({@code BEGIN RSA PRIVATE KEY}), and either of them
 * base64-encoded once more, as some services send it. Errors never quote the key.
 *
 * <p>The JDK reads only PKCS#8, so a PKCS#1 key is wrapped into PKCS#8 here with fifteen fixed DER
 * bytes and two lengths, rather than with BouncyCastle's {@code PEMParser}: BouncyCastle's licence
 * is MIT-style, and the plugin adds Apache-2.0 dependencies only. {@code PrivateKeysTest} checks
 * the wrapping against keys the JDK wrote.
 */
public final class PrivateKeys {

  private static final String PKCS8 = "PRIVATE KEY";
  private static final String PKCS1 = "RSA PRIVATE KEY";

  /**
   * AlgorithmIdentifier of rsaEncryption (1.2.840.113549.1.1.1) with NULL parameters, as PKCS#8
   * wraps PKCS#1.
   */
  private static final byte[] RSA_ALGORITHM = {
    0x30,
    0x0d,
    0x06,
    0x09,
    0x2a,
    (byte) 0x86,
    0x48,
    (byte) 0x86,
    (byte) 0xf7,
    0x0d,
    0x01,
    0x01,
    0x01,
    0x05,
    0x00
  };

  /** The key block could not be read as an RSA private key. */
  public static final class UnreadableKeyException extends IllegalArgumentException {
    UnreadableKeyException(String reason) {
      super("The private key of the signing key cannot be read: " + reason);
    }
  }

  private PrivateKeys() {}

  public static PrivateKey rsa(PrivateKeyPem block) {
    String text = block.text().strip();
    if (!text.contains("-----BEGIN")) {
      text = decodedOnce(text);
    }
    String type = pemType(text);
    byte[] der = body(text, type);
    byte[] pkcs8 =
        switch (type) {
          case PKCS8 -> der;
          case PKCS1 -> wrapPkcs1(der);
          default ->
              throw new UnreadableKeyException(
                  "a PEM block of type " + type + " is not an RSA private key");
        };
    try {
      return KeyFactory.getInstance("RSA").generatePrivate(new PKCS8EncodedKeySpec(pkcs8));
    } catch (GeneralSecurityException e) {
      throw new UnreadableKeyException(
          "not an RSA private key (" + e.getClass().getSimpleName() + ")");
    }
  }

  private static String decodedOnce(String text) {
    try {
      String decoded =
          new String(Base64.getMimeDecoder().decode(text), StandardCharsets.US_ASCII).strip();
      if (decoded.contains("-----BEGIN")) {
        return decoded;
      }
    } catch (IllegalArgumentException e) {
      // Not base64 either; reported below.
    }
    throw new UnreadableKeyException("neither a PEM block nor a base64-encoded one");
  }

  private static String pemType(String pem) {
    int start = pem.indexOf("-----BEGIN ") + "-----BEGIN ".length();
    int end = pem.indexOf("-----", start);
    if (end < 0) {
      throw new UnreadableKeyException("the PEM header is incomplete");
    }
    return pem.substring(start, end).strip();
  }

  private static byte[] body(String pem, String type) {
    String begin = "-----BEGIN " + type + "-----";
    String end = "-----END " + type + "-----";
    int from = pem.indexOf(begin);
    int to = pem.indexOf(end);
    if (to < 0) {
      throw new UnreadableKeyException("the PEM block has no END line");
    }
    try {
      return Base64.getMimeDecoder().decode(pem.substring(from + begin.length(), to));
    } catch (IllegalArgumentException e) {
      throw new UnreadableKeyException("the PEM body is not base64");
    }
  }

  /**
   * PKCS#8 PrivateKeyInfo: SEQUENCE { INTEGER 0, rsaEncryption, OCTET STRING { the PKCS#1 key } }.
   */
  private static byte[] wrapPkcs1(byte[] pkcs1) {
    var content = new ByteArrayOutputStream();
    content.writeBytes(new byte[] {0x02, 0x01, 0x00});
    content.writeBytes(RSA_ALGORITHM);
    content.writeBytes(derElement(0x04, pkcs1));
    return derElement(0x30, content.toByteArray());
  }

  private static byte[] derElement(int tag, byte[] value) {
    var element = new ByteArrayOutputStream();
    element.write(tag);
    int length = value.length;
    if (length < 0x80) {
      element.write(length);
    } else {
      int bytes = (32 - Integer.numberOfLeadingZeros(length) + 7) / 8;
      element.write(0x80 | bytes);
      for (int i = bytes - 1; i >= 0; i--) {
        element.write(length >>> (8 * i));
      }
    }
    element.writeBytes(value);
    return element.toByteArray();
  }
}
