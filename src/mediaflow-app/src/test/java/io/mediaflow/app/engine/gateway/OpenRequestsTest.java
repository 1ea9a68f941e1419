package io.mediaflow.app.engine.gateway;

import static org.assertj.core.api.Assertions.assertThat;

import io.grpc.StatusRuntimeException;
import org.junit.jupiter.api.Test;

class OpenRequestsTest {

  private static final Caller NOBODY =
      new Caller() {
        @Override
        public void answer(EngineResponse response) {}

        @Override
        public void reject(StatusRuntimeException refusal) {}
      };

  /**
   * The engine answers, after a crash, the commands a run before wrote: their ids must find nobody
   * now.
   */
  @Test
  void aRunNeverReusesTheRequestIdsOfARunBefore() {
    long started = 1_764_000_000_000L;
    var before = new OpenRequests(() -> started);
    long lastBefore = 0;
    for (int i = 0; i < 10_000; i++) {
      lastBefore = before.open(NOBODY);
    }

    var after =
        new OpenRequests(() -> started + 1); // any restart starts at least a millisecond later
    long first = after.open(NOBODY);

    assertThat(first).isGreaterThan(lastBefore);
    assertThat(after.close(lastBefore)).as("an answer to the run before finds no request").isNull();
    assertThat(after.close(first)).isSameAs(NOBODY);
    assertThat(after.close(first)).as("answered once").isNull();
  }
}
