package io.mediaflow.app.batch;

import io.mediaflow.app.batch.BatchOperation.Item;
import io.mediaflow.app.batch.BatchOperation.ItemState;
import io.mediaflow.app.batch.BatchOperation.Plan;
import io.mediaflow.app.batch.BatchOperation.State;
import io.mediaflow.app.batch.BatchOperation.Type;
import io.mediaflow.app.engine.EngineProperties;
import io.mediaflow.app.engine.gateway.CommandGateway;
import io.mediaflow.app.engine.history.IncidentState;
import io.mediaflow.app.engine.history.ProcessHistory;
import jakarta.annotation.PreDestroy;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.stereotype.Component;

/**
 * Camunda 8.8's batch operations on process instances, run in this application: each is created
 * with its items, kept in the data folder before it is acknowledged, and worked through on one
 * thread, an item's command at a time, its state recorded before it is sent and once it is
 * answered. Suspending, resuming and canceling take effect between two items. After a restart the
 * operations still running go on where they stopped; an item sent but not recorded as answered is
 * first checked against the history ({@link ItemCommands#done}), so that no command takes effect
 * twice.
 */
@Component
public class BatchOperations {

  /** A change the operation's state does not allow, as Camunda's engine refuses it. */
  public static final class Refused extends RuntimeException {
    Refused(String message) {
      super(message);
    }
  }

  private static final Logger LOG = LoggerFactory.getLogger(BatchOperations.class);

  /** Longer than a save takes; an interrupted command's wait ends at once. */
  private static final Duration CLOSE_WAIT = Duration.ofSeconds(5);

  private final BatchStore store;
  private final ItemCommands commands;
  private final ProcessHistory history;
  private final Clock clock;
  private final TreeMap<Long, BatchOperation> operations = new TreeMap<>();
  private final ExecutorService runner =
      Executors.newSingleThreadExecutor(
          task -> Thread.ofPlatform().name("batch-operations").daemon().unstarted(task));
  private volatile boolean closing;

  @Autowired
  BatchOperations(
      EngineProperties engine,
      CommandGateway gateway,
      ProcessHistory history,
      @Value("${camunda.client.request-timeout:10s}") Duration timeout) {
    this(
        new BatchStore(engine.dataDirectory().resolve("batch-operations")),
        new ItemCommands(gateway, history, timeout),
        history,
        Clock.systemUTC());
  }

  BatchOperations(BatchStore store, ItemCommands commands, ProcessHistory history, Clock clock) {
    this.store = store;
    this.commands = commands;
    this.history = history;
    this.clock = clock;
    store.loadAll().forEach(operation -> operations.put(operation.key(), operation));
    List.copyOf(operations.values()).forEach(this::settleCanceled);
    operations.values().stream()
        .filter(BatchOperation::running)
        .forEach(operation -> runner.execute(() -> work(operation.key())));
  }

  /**
   * A canceled operation whose last item was on its way when the application stopped: the item
   * completed if the history shows its effect, otherwise it was canceled with the rest.
   */
  private void settleCanceled(BatchOperation operation) {
    if (operation.state() != State.CANCELED) {
      return;
    }
    operation.items().stream()
        .filter(Item::open)
        .forEach(
            item ->
                record(
                    operations
                        .get(operation.key())
                        .with(
                            item.ended(
                                commands.done(operation, item)
                                    ? ItemState.COMPLETED
                                    : ItemState.CANCELED,
                                operation.endDate(),
                                null))));
  }

  /**
   * Creates an operation for the given instances, kept before this returns: for an incident
   * resolution one item per active incident of each, otherwise one per instance.
   */
  public BatchOperation create(Type type, Plan plan, List<Long> processInstanceKeys) {
    List<Item> items = new ArrayList<>();
    for (long instance : processInstanceKeys) {
      if (type == Type.RESOLVE_INCIDENT) {
        history
            .incidentLookup()
            .matching()
            .apply(Map.of("processInstanceKey", Set.of(Long.toString(instance))))
            .stream()
            .filter(incident -> incident.state() == IncidentState.ACTIVE)
            .forEach(incident -> items.add(Item.of(incident.key(), instance)));
      } else {
        items.add(Item.of(instance, instance));
      }
    }
    BatchOperation created;
    synchronized (this) {
      long key = operations.isEmpty() ? 1 : operations.lastKey() + 1;
      created = new BatchOperation(key, type, State.CREATED, clock.instant(), null, plan, items);
      record(created);
    }
    runner.execute(() -> work(created.key()));
    return created;
  }

  public synchronized Optional<BatchOperation> get(long key) {
    return Optional.ofNullable(operations.get(key));
  }

  /** Every operation, oldest first. */
  public synchronized List<BatchOperation> all() {
    return List.copyOf(operations.values());
  }

  /** Stops the operation after the item being sent; {@link #resume} goes on from there. */
  public synchronized void suspend(long key) {
    BatchOperation operation = existing(key);
    if (!operation.running()) {
      throw refused(operation, "suspended", "it is " + operation.state());
    }
    record(operation.with(State.SUSPENDED));
  }

  public synchronized void resume(long key) {
    BatchOperation operation = existing(key);
    if (operation.state() != State.SUSPENDED) {
      throw refused(operation, "resumed", "it is " + operation.state() + ", not SUSPENDED");
    }
    record(operation.with(State.ACTIVE));
    runner.execute(() -> work(key));
  }

  /** Cancels the items not sent yet; the one being sent, if any, is still answered. */
  public synchronized void cancel(long key) {
    BatchOperation operation = existing(key);
    if (operation.ended()) {
      throw refused(operation, "canceled", "it has ended " + operation.state());
    }
    record(operation.canceled(clock.instant()));
  }

  /**
   * Sends the operation's items one after the other while it is running; an item sent before a
   * restart and not answered then is sent again only if the history shows it has not taken effect.
   */
  private void work(long key) {
    while (!closing) {
      BatchOperation operation;
      Item item;
      synchronized (this) {
        operation = operations.get(key);
        if (operation.state() == State.CREATED) {
          operation = operation.with(State.ACTIVE);
          record(operation);
        }
        Optional<Item> next = operation.nextItem();
        if (next.isEmpty()) {
          if (operation.running()) {
            record(operation.finished(clock.instant()));
          }
          return;
        }
        item = next.get();
        if (!operation.running() && !item.sent()) {
          return; // suspended, or canceled (with nothing on its way)
        }
        if (!item.sent()) {
          record(operation.with(item.sending()));
        }
      }
      ItemCommands.Answer answer =
          item.sent() && commands.done(operation, item)
              ? ItemCommands.Answer.DONE
              : commands.send(operation, item);
      synchronized (this) {
        if (closing) {
          return; // the answer may be the stop's interruption: checked again after the restart
        }
        BatchOperation now = operations.get(key);
        record(now.with(item.sending().ended(answer.state(), clock.instant(), answer.error())));
      }
    }
  }

  private void record(BatchOperation operation) {
    store.save(operation);
    operations.put(operation.key(), operation);
  }

  private BatchOperation existing(long key) {
    return get(key).orElseThrow(() -> new NotFound(key));
  }

  private static Refused refused(BatchOperation operation, String change, String because) {
    return new Refused(
        "Batch operation " + operation.key() + " cannot be " + change + ": " + because);
  }

  /** No operation has the key. */
  public static final class NotFound extends RuntimeException {
    NotFound(long key) {
      super("No batch operation with key " + key);
    }
  }

  /**
   * Interrupts an item's command waiting for its answer (checked again after the restart), and
   * waits for the runner to end its save: nothing may write into the data folder once the
   * application has closed it.
   */
  @PreDestroy
  void close() {
    closing = true;
    runner.shutdownNow();
    try {
      if (!runner.awaitTermination(CLOSE_WAIT.toMillis(), TimeUnit.MILLISECONDS)) {
        LOG.warn("The batch operations' runner did not end within {}", CLOSE_WAIT);
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
