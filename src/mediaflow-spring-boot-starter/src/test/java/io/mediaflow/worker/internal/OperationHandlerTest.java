package io.mediaflow.worker.internal;

import static org.assertj.core.api.Assertions.assertThat;

import io.mediaflow.api.operation.Operation;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** The lock a worker takes its jobs with, by kind of operation. */
class OperationHandlerTest {

  @Operation(type = "test.wait", name = "Wait", description = "waits", resultVariable = "done")
  record WaitFor(Duration timeout) implements WaitInput {}

  @Operation(
      type = "test.long_wait",
      name = "Long wait",
      description = "waits",
      resultVariable = "done",
      timeout = "PT10M")
  record LongWait(Duration timeout) implements WaitInput {}

  @Operation(type = "test.call", name = "Call", description = "calls", resultVariable = "done")
  record Call(String id) {}

  @Test
  void aWaitIsLockedForOneCheckUnlessItNamesItsOwnLock() {
    assertThat(OperationHandler.poll(WaitFor.class, input -> Poll.done("x")).timeout())
        .contains(Duration.ofMinutes(1));
    assertThat(OperationHandler.poll(LongWait.class, input -> Poll.done("x")).timeout())
        .contains(Duration.ofMinutes(10));
  }

  @Test
  void aCallNamingNoLockTakesTheClientsDefault() {
    assertThat(OperationHandler.call(Call.class, input -> "x").timeout()).isEmpty();
  }
}
