package io.mediaflow.worker.internal;

import io.camunda.client.api.command.ClientException;
import io.camunda.client.api.command.ClientHttpException;
import io.camunda.client.api.command.ClientStatusException;
import io.grpc.Status;

/**
 * Why Camunda refused a command, the same over either of the client's protocols: gRPC answers with
 * a status code, REST (the client's default) with an HTTP status.
 */
public enum CommandRejection {
  /** The job, or what the command names, is gone: a message, a timer or a cancellation ended it. */
  NOT_FOUND(Status.Code.NOT_FOUND, 404),
  /** A message with this id was published already, within its time to live. */
  ALREADY_EXISTS(Status.Code.ALREADY_EXISTS, 409);

  private final Status.Code grpc;
  private final int http;

  CommandRejection(Status.Code grpc, int http) {
    this.grpc = grpc;
    this.http = http;
  }

  public boolean is(ClientException e) {
    return switch (e) {
      case ClientStatusException status -> status.getStatusCode() == grpc;
      case ClientHttpException response -> response.code() == http;
      default -> false;
    };
  }
}
