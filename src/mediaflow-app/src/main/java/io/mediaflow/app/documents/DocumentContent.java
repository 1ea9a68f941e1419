package io.mediaflow.app.documents;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import org.springframework.core.io.InputStreamResource;
import org.springframework.http.ContentDisposition;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;

/** How a document's content is answered, over the REST API and over a link alike. */
public final class DocumentContent {

  private DocumentContent() {}

  /** A document's content as Camunda's REST API serves it, with its type and file name. */
  public static ResponseEntity<InputStreamResource> response(
      DocumentStore store, StoredDocument document) throws IOException {
    var headers = new HttpHeaders();
    headers.setContentType(
        document.contentType() == null
            ? MediaType.APPLICATION_OCTET_STREAM
            : MediaType.parseMediaType(document.contentType()));
    headers.setContentLength(document.size());
    if (document.fileName() != null) {
      headers.setContentDisposition(
          ContentDisposition.attachment()
              .filename(document.fileName(), StandardCharsets.UTF_8)
              .build());
    }
    // An uploaded page or script runs nothing in the console's origin.
    headers.set("X-Content-Type-Options", "nosniff");
    headers.set("Content-Security-Policy", "sandbox");
    return new ResponseEntity<>(
        new InputStreamResource(store.content(document)), headers, HttpStatus.OK);
  }
}
