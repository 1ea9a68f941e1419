package io.mediaflow.sandbox.delivery;

import io.mediaflow.sandbox.StatusBody;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.http.converter.HttpMessageNotReadableException;
import org.springframework.web.HttpMediaTypeNotSupportedException;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestControllerAdvice;

/**
 * Turns every refusal of the content delivery sandbox into the one failure shape of {@link
 * StatusBody}.
 */
@RestControllerAdvice(basePackageClasses = DeliveryErrorHandler.class)
@Order(Ordered.HIGHEST_PRECEDENCE)
class DeliveryErrorHandler {

  @ExceptionHandler
  ResponseEntity<StatusBody> refused(DeliveryException failure) {
    return StatusBody.response(failure.status(), failure.getMessage());
  }

  @ExceptionHandler
  ResponseEntity<StatusBody> unreadable(HttpMessageNotReadableException failure) {
    return StatusBody.response(
        HttpStatus.BAD_REQUEST, "body: must be a JSON object with the documented fields");
  }

  @ExceptionHandler
  ResponseEntity<StatusBody> notJson(HttpMediaTypeNotSupportedException failure) {
    return StatusBody.response(
        HttpStatus.UNSUPPORTED_MEDIA_TYPE, "Content-Type: request bodies must be application/json");
  }
}
