package io.mediaflow.app.documents;

import java.nio.charset.StandardCharsets;
import java.security.InvalidKeyException;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Instant;
import java.util.HexFormat;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import org.springframework.stereotype.Component;

/**
 * Links to documents that anyone holding one may read until it expires, as a cloud store's signed
 * URL: {@value #PATH}{documentId}?contentHash=...&amp;expires=...&amp;signature=..., the signature
 * an HMAC-SHA256 of the three under {@code mediaflow.documents.link-secret}. The path carries its
 * own protection, so the application's credentials are not asked for on it.
 */
@Component
public class DocumentLinks {

  /** Where links point, below the application's address. */
  public static final String PATH = "/documents/links/";

  private final SecretKeySpec key;

  public DocumentLinks(DocumentProperties properties) {
    if (properties.linkSecret() == null || properties.linkSecret().isBlank()) {
      throw new IllegalStateException(
          "mediaflow.documents.link-secret is not set; the data folder keeps one when the engine is"
              + " embedded");
    }
    key = new SecretKeySpec(properties.linkSecret().getBytes(StandardCharsets.UTF_8), "HmacSHA256");
  }

  /** The query of a link to {@code document} that expires at {@code expiresAt}. */
  public String query(StoredDocument document, Instant expiresAt) {
    long expires = expiresAt.toEpochMilli();
    return "contentHash="
        + document.contentHash()
        + "&expires="
        + expires
        + "&signature="
        + signature(document.documentId(), document.contentHash(), expires);
  }

  /** Whether the link's signature is this application's and it has not expired at {@code now}. */
  public boolean valid(
      String documentId, String contentHash, long expires, String signature, Instant now) {
    return expires > now.toEpochMilli()
        && MessageDigest.isEqual(
            signature(documentId, contentHash, expires).getBytes(StandardCharsets.US_ASCII),
            signature.getBytes(StandardCharsets.US_ASCII));
  }

  private String signature(String documentId, String contentHash, long expires) {
    try {
      Mac mac = Mac.getInstance("HmacSHA256");
      mac.init(key);
      byte[] signed =
          mac.doFinal(
              (documentId + "\n" + contentHash + "\n" + expires).getBytes(StandardCharsets.UTF_8));
      return HexFormat.of().formatHex(signed);
    } catch (NoSuchAlgorithmException | InvalidKeyException e) {
      throw new IllegalStateException("Every Java runtime has HmacSHA256", e);
    }
  }
}
