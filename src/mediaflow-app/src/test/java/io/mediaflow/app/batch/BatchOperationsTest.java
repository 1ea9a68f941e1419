package io.mediaflow.app.batch;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mediaflow.app.batch.BatchOperation.Item;
import io.mediaflow.app.batch.BatchOperation.ItemState;
import io.mediaflow.app.batch.BatchOperation.Plan;
import io.mediaflow.app.batch.BatchOperation.State;
import io.mediaflow.app.batch.BatchOperation.Type;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Semaphore;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * How an operation goes through its items, with the engine's commands held by the test: suspended
 * and resumed between two items, canceled, and picked up again after a restart without sending an
 * item's command twice. What the commands do to instances is {@code
 * io.mediaflow.BatchOperationsTest}'s, through the REST API.
 */
class BatchOperationsTest {

  @TempDir Path folder;

  /** Each item's command waits for a permit the test gives, and is recorded as sent. */
  private final HeldCommands commands = new HeldCommands();

  private BatchOperations batches;

  @AfterEach
  void close() {
    commands.permits.release(1000); // lets a held command end, so the runner stops
    if (batches != null) {
      batches.close();
    }
  }

  @Test
  void aSuspendedOperationStopsBetweenTwoItemsAndResumesWhereItStopped() {
    batches = open();
    long key = batches.create(Type.CANCEL_PROCESS_INSTANCE, Plan.NONE, List.of(1L, 2L, 3L)).key();
    awaitSent(key, 1);

    batches.suspend(key);
    commands.permits.release(); // the first item's command is answered after the suspension
    awaitItem(key, 1, ItemState.COMPLETED);

    BatchOperation suspended = batches.get(key).orElseThrow();
    assertThat(suspended.state()).isEqualTo(State.SUSPENDED);
    assertThat(suspended.items())
        .extracting(Item::state, Item::sent)
        .containsExactly(
            org.assertj.core.groups.Tuple.tuple(ItemState.COMPLETED, true),
            org.assertj.core.groups.Tuple.tuple(ItemState.ACTIVE, false),
            org.assertj.core.groups.Tuple.tuple(ItemState.ACTIVE, false));
    assertThat(commands.sent).containsExactly(1L);
    assertThatThrownBy(() -> batches.suspend(key)).isInstanceOf(BatchOperations.Refused.class);

    batches.resume(key);
    commands.permits.release(2);
    awaitState(key, State.COMPLETED);
    assertThat(commands.sent).containsExactly(1L, 2L, 3L);
    assertThat(batches.get(key).orElseThrow().endDate()).isNotNull();
    assertThatThrownBy(() -> batches.resume(key)).isInstanceOf(BatchOperations.Refused.class);
  }

  @Test
  void aCanceledOperationCancelsTheItemsNotSentAndRecordsTheOneOnItsWay() {
    batches = open();
    long key = batches.create(Type.CANCEL_PROCESS_INSTANCE, Plan.NONE, List.of(1L, 2L, 3L)).key();
    awaitSent(key, 1);

    batches.cancel(key);
    commands.permits.release();
    awaitItem(key, 1, ItemState.COMPLETED);

    BatchOperation canceled = batches.get(key).orElseThrow();
    assertThat(canceled.state()).isEqualTo(State.CANCELED);
    assertThat(canceled.items())
        .extracting(Item::state)
        .containsExactly(ItemState.COMPLETED, ItemState.CANCELED, ItemState.CANCELED);
    assertThat(commands.sent).containsExactly(1L);
    assertThatThrownBy(() -> batches.cancel(key)).isInstanceOf(BatchOperations.Refused.class);
  }

  @Test
  void afterARestartAnItemSentAndNotAnsweredIsCheckedBeforeItIsSentAgain() {
    batches = open();
    long key = batches.create(Type.CANCEL_PROCESS_INSTANCE, Plan.NONE, List.of(1L, 2L, 3L)).key();
    awaitSent(key, 1);
    batches.close(); // stopped while the first item's command is on its way
    commands.permits.release();
    Awaitility.await().until(() -> commands.holding == 0);

    // The engine took the first item's command before the stop: the history shows it.
    commands.done.add(1L);
    commands.permits.release(1000);
    batches = open();

    awaitState(key, State.COMPLETED);
    assertThat(commands.sent).containsExactly(1L, 2L, 3L); // the first one once only
    assertThat(batches.get(key).orElseThrow().items())
        .extracting(Item::state)
        .containsOnly(ItemState.COMPLETED);
  }

  @Test
  void anOperationWithNoItemsCompletesAndIsKeptAcrossARestart() {
    batches = open();
    long key = batches.create(Type.CANCEL_PROCESS_INSTANCE, Plan.NONE, List.of()).key();
    awaitState(key, State.COMPLETED);
    batches.close();

    batches = open();
    assertThat(batches.get(key).orElseThrow().state()).isEqualTo(State.COMPLETED);
    assertThat(batches.create(Type.CANCEL_PROCESS_INSTANCE, Plan.NONE, List.of()).key())
        .isGreaterThan(key);
  }

  private BatchOperations open() {
    return new BatchOperations(new BatchStore(folder), commands, null, Clock.systemUTC());
  }

  private void awaitSent(long key, long itemKey) {
    Awaitility.await()
        .until(
            () ->
                batches.get(key).orElseThrow().items().stream()
                        .anyMatch(item -> item.itemKey() == itemKey && item.sent())
                    && commands.holding == 1);
  }

  private void awaitItem(long key, long itemKey, ItemState state) {
    Awaitility.await()
        .until(
            () ->
                batches.get(key).orElseThrow().items().stream()
                    .anyMatch(item -> item.itemKey() == itemKey && item.state() == state));
  }

  private void awaitState(long key, State state) {
    Awaitility.await()
        .atMost(Duration.ofSeconds(30))
        .until(() -> batches.get(key).orElseThrow().state() == state);
  }

  private static final class HeldCommands extends ItemCommands {
    final Semaphore permits = new Semaphore(0);
    final List<Long> sent = new CopyOnWriteArrayList<>();
    final Set<Long> done = ConcurrentHashMap.newKeySet();
    volatile int holding;

    HeldCommands() {
      super(null, null, Duration.ZERO);
    }

    @Override
    Answer send(BatchOperation operation, Item item) {
      sent.add(item.itemKey());
      holding++;
      try {
        permits.acquire();
      } catch (InterruptedException closed) {
        // as the engine's answer awaited when the operations close: none came
        Thread.currentThread().interrupt();
        return new Answer(ItemState.FAILED, "interrupted");
      } finally {
        holding--;
      }
      done.add(item.itemKey());
      return Answer.DONE;
    }

    @Override
    boolean done(BatchOperation operation, Item item) {
      return done.contains(item.itemKey());
    }
  }
}
