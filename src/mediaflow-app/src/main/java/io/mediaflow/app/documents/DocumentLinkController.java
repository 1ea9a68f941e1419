package io.mediaflow.app.documents;

import java.io.IOException;
import java.time.Instant;
import java.util.Optional;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * Serves the links {@link DocumentLinks} signs: the document's content while the link is valid, a
 * bare {@code 403} otherwise (as a cloud store answers an expired or altered signed URL), {@code
 * 404} once the document is gone.
 */
@RestController
class DocumentLinkController {

  private final DocumentStore store;
  private final DocumentLinks links;

  DocumentLinkController(DocumentStore store, DocumentLinks links) {
    this.store = store;
    this.links = links;
  }

  @GetMapping(DocumentLinks.PATH + "{documentId}")
  ResponseEntity<?> read(
      @PathVariable String documentId,
      @RequestParam String contentHash,
      @RequestParam long expires,
      @RequestParam String signature)
      throws IOException {
    if (!links.valid(documentId, contentHash, expires, signature, Instant.now())) {
      return ResponseEntity.status(HttpStatus.FORBIDDEN)
          .contentType(MediaType.TEXT_PLAIN)
          .body("This link is expired or not valid");
    }
    Optional<StoredDocument> found =
        store.find(documentId).filter(d -> d.contentHash().equals(contentHash));
    if (found.isEmpty()) {
      return ResponseEntity.status(HttpStatus.NOT_FOUND)
          .contentType(MediaType.TEXT_PLAIN)
          .body("The linked document no longer exists");
    }
    return DocumentContent.response(store, found.get());
  }
}
