package io.mediaflow.app.documents;

import java.time.Instant;
import java.util.Map;

/**
 * A document as the store keeps it beside its content: what Camunda's {@code DocumentReference} and
 * {@code DocumentMetadata} carry.
 *
 * @param contentHash the SHA-256 of the content, lower-case hex, computed by the store
 * @param size the content's length in bytes, counted by the store
 * @param expiresAt when the document stops being served, or null for never
 */
public record StoredDocument(
    String documentId,
    String contentHash,
    String contentType,
    String fileName,
    long size,
    Instant expiresAt,
    String processDefinitionId,
    String processInstanceKey,
    Map<String, Object> customProperties) {

  /** What the uploader says of a document; the store adds its id, hash and size. */
  public record Description(
      String contentType,
      String fileName,
      Instant expiresAt,
      String processDefinitionId,
      String processInstanceKey,
      Map<String, Object> customProperties) {}

  boolean expired(Instant now) {
    return expiresAt != null && !expiresAt.isAfter(now);
  }
}
