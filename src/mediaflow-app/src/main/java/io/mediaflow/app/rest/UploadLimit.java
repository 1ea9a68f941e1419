package io.mediaflow.app.rest;

import io.mediaflow.app.documents.DocumentStore;
import jakarta.servlet.http.HttpServletRequest;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.http.HttpStatus;
import org.springframework.http.ProblemDetail;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestControllerAdvice;
import org.springframework.web.multipart.MaxUploadSizeExceededException;

/**
 * An upload whose file passes {@code mediaflow.documents.max-size} (Spring's {@code
 * spring.servlet.multipart.max-file-size} is set to it) is refused while its request is read,
 * before any controller is chosen, so this advice applies to every handler: a {@code 413} problem
 * naming the limit, as the document store's own check answers.
 */
@RestControllerAdvice
@Order(Ordered.HIGHEST_PRECEDENCE)
class UploadLimit {

  private final DocumentStore store;

  UploadLimit(DocumentStore store) {
    this.store = store;
  }

  @ExceptionHandler(MaxUploadSizeExceededException.class)
  ResponseEntity<ProblemDetail> tooLarge(HttpServletRequest request) {
    return Problems.problem(
        HttpStatus.PAYLOAD_TOO_LARGE,
        "PAYLOAD_TOO_LARGE",
        new DocumentStore.TooLarge(store.maxSize()).getMessage(),
        request);
  }
}
