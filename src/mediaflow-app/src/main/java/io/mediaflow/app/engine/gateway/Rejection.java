package io.mediaflow.app.engine.gateway;

import io.camunda.zeebe.protocol.record.RejectionType;
import io.camunda.zeebe.protocol.record.intent.Intent;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;

/**
 * The engine's rejection of a command: the gRPC status Zeebe's gateway reports it with (the status
 * code for its type, the command and the reason), keeping the rejection's type, which Camunda's
 * REST API shows as the problem's title. One refusal for both protocols: a gRPC client sees the
 * status, the REST API maps the type.
 */
public final class Rejection extends StatusRuntimeException {

  private final RejectionType type;

  Rejection(RejectionType type, Intent intent, String reason) {
    super(
        statusOf(type)
            .withDescription(
                "Command '" + intent + "' rejected with code '" + type + "': " + reason));
    this.type = type;
  }

  public RejectionType type() {
    return type;
  }

  private static Status statusOf(RejectionType type) {
    return switch (type) {
      case INVALID_ARGUMENT -> Status.INVALID_ARGUMENT;
      case NOT_FOUND -> Status.NOT_FOUND;
      case ALREADY_EXISTS -> Status.ALREADY_EXISTS;
      case INVALID_STATE -> Status.FAILED_PRECONDITION;
      case UNAUTHORIZED, FORBIDDEN -> Status.PERMISSION_DENIED;
      case EXCEEDED_BATCH_RECORD_SIZE -> Status.RESOURCE_EXHAUSTED;
      case PROCESSING_ERROR -> Status.INTERNAL;
      default -> Status.UNKNOWN;
    };
  }
}
