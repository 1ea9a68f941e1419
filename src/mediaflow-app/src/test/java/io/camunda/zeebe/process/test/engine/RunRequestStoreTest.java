package io.camunda.zeebe.process.test.engine;

import static org.assertj.core.api.Assertions.assertThat;

import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.TopologyRequest;
import io.grpc.stub.StreamObserver;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.Test;

class RunRequestStoreTest {

  private static final StreamObserver<Object> NOBODY = new StreamObserver<>() {
    @Override
    public void onNext(Object value) {}

    @Override
    public void onError(Throwable t) {}

    @Override
    public void onCompleted() {}
  };

  @Test
  void aRunNeverReusesTheRequestIdsOfARunBefore() {
    var before = new RunRequestStore();
    long lastBefore = 0;
    for (int i = 0; i < 10_000; i++) {
      lastBefore = before.registerNewRequest(TopologyRequest.class, NOBODY);
    }
    long startedBefore = System.currentTimeMillis();
    // the next run starts at least a millisecond later, as any restart does
    Awaitility.await().until(() -> System.currentTimeMillis() > startedBefore);

    var after = new RunRequestStore();
    long first = after.registerNewRequest(TopologyRequest.class, NOBODY);

    assertThat(first).isGreaterThan(lastBefore);
    assertThat(after.isOpen(lastBefore)).as("an answer to the run before finds no request").isFalse();
    assertThat(after.isOpen(first)).isTrue();
    assertThat(after.removeRequest(first)).isNotNull();
    assertThat(after.isOpen(first)).isFalse();
  }
}
