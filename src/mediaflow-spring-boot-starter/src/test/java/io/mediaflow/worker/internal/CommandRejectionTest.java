package io.mediaflow.worker.internal;

import static org.assertj.core.api.Assertions.assertThat;

import io.camunda.client.api.command.ClientException;
import io.camunda.client.api.command.ClientStatusException;
import io.camunda.client.api.command.ProblemException;
import io.grpc.Status;
import org.junit.jupiter.api.Test;

/**
 * A repeated callback or a gone job is recognised whichever protocol the user's client speaks (REST
 * by default).
 */
class CommandRejectionTest {

  @Test
  void eachRejectionIsKnownByItsGrpcStatusAndByItsHttpStatus() {
    assertThat(CommandRejection.ALREADY_EXISTS.is(new ProblemException(409, "Conflict", null)))
        .isTrue();
    assertThat(
            CommandRejection.ALREADY_EXISTS.is(
                new ClientStatusException(Status.ALREADY_EXISTS, null)))
        .isTrue();
    assertThat(CommandRejection.NOT_FOUND.is(new ProblemException(404, "Not Found", null)))
        .isTrue();
    assertThat(CommandRejection.NOT_FOUND.is(new ClientStatusException(Status.NOT_FOUND, null)))
        .isTrue();

    assertThat(CommandRejection.ALREADY_EXISTS.is(new ProblemException(404, "Not Found", null)))
        .isFalse();
    assertThat(CommandRejection.NOT_FOUND.is(new ClientStatusException(Status.UNAVAILABLE, null)))
        .isFalse();
    assertThat(CommandRejection.NOT_FOUND.is(new ClientException("timed out"))).isFalse();
  }
}
