package io.mediaflow.sandbox.delivery;

import io.mediaflow.sandbox.StatusBody;
import org.springframework.http.HttpStatus;

/**
 * A request the content delivery sandbox refuses; answered as {@link StatusBody#failed} with this
 * status.
 */
public class DeliveryException extends RuntimeException {

  private final HttpStatus status;

  public DeliveryException(HttpStatus status, String message) {
    super(message, null, false, false);
    this.status = status;
  }

  public static DeliveryException invalid(String message) {
    return new DeliveryException(HttpStatus.BAD_REQUEST, message);
  }

  public static DeliveryException notFound(String message) {
    return new DeliveryException(HttpStatus.NOT_FOUND, message);
  }

  public static DeliveryException forbidden(String message) {
    return new DeliveryException(HttpStatus.FORBIDDEN, message);
  }

  public static DeliveryException conflict(String message) {
    return new DeliveryException(HttpStatus.CONFLICT, message);
  }

  public HttpStatus status() {
    return status;
  }
}
