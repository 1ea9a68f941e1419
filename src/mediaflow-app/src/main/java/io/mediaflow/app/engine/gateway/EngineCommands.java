package io.mediaflow.app.engine.gateway;

import io.camunda.zeebe.protocol.impl.encoding.MsgPackConverter;
import io.camunda.zeebe.protocol.impl.record.UnifiedRecordValue;
import io.camunda.zeebe.protocol.impl.record.value.clock.ClockRecord;
import io.camunda.zeebe.protocol.impl.record.value.job.JobRecord;
import io.camunda.zeebe.protocol.impl.record.value.message.MessageCorrelationRecord;
import io.camunda.zeebe.protocol.record.Record;
import io.camunda.zeebe.protocol.record.RecordType;
import io.camunda.zeebe.protocol.record.RejectionType;
import io.camunda.zeebe.protocol.record.ValueType;
import io.camunda.zeebe.protocol.record.intent.ClockIntent;
import io.camunda.zeebe.protocol.record.intent.Intent;
import io.camunda.zeebe.protocol.record.intent.JobIntent;
import io.camunda.zeebe.protocol.record.intent.MessageCorrelationIntent;
import io.camunda.zeebe.protocol.record.value.MessageCorrelationRecordValue;
import io.camunda.zeebe.util.buffer.BufferUtil;
import io.mediaflow.app.engine.EngineRecordFeed;
import io.mediaflow.app.engine.recovery.RecurAfterBackoff;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * The engine's commands that Camunda's REST API has and its gRPC protocol lacks (message
 * correlation, the clock), and the one the embedded engine's recovery writes, written to the
 * engine's log through the gateway's {@link CommandLog} as Camunda's gateway writes them, and
 * answered from the records the engine writes in processing them. So they are processed, and kept,
 * like every other command: a crash after the answer loses nothing.
 *
 * <p>They are written without a request id: the engine then sends no answer to the gateway, and the
 * outcome is read from the log instead, through {@link EngineRecordFeed}: the first event or
 * rejection of the command, or, for a correlation, the correlation's own event that follows once
 * the waiting instance took the message.
 */
public final class EngineCommands implements EngineRecordFeed.Subscriber, RecurAfterBackoff {

  /** A command the engine refused: its rejection as Camunda's REST API reports it. */
  public static final class Rejected extends RuntimeException {
    private final RejectionType type;

    Rejected(Intent intent, RejectionType type, String reason) {
      super("Command '" + intent + "' rejected with code '" + type + "': " + reason);
      this.type = type;
    }

    public RejectionType type() {
      return type;
    }
  }

  /** A correlated message: its key and the instance it reached. */
  public record Correlated(long messageKey, long processInstanceKey, String tenantId) {}

  /** Reads a command's outcome from the records after it; empty while it is still to come. */
  private interface Outcome<T> {
    Optional<T> read(long commandPosition, Record<?> record);
  }

  private record Waiting(long position, Outcome<?> outcome, CompletableFuture<Object> result) {}

  /** How often the log is read while a command's outcome is awaited. */
  private static final Duration READ_AGAIN = Duration.ofMillis(5);

  private final CommandLog log;
  private final EngineRecordFeed feed;
  private final Duration timeout;
  private final List<Waiting> waiting = new ArrayList<>();

  EngineCommands(CommandLog log, EngineRecordFeed feed, Duration timeout) {
    this.log = log;
    this.feed = feed;
    this.timeout = timeout;
    feed.subscribe(this);
  }

  /**
   * Pins the engine's clock at {@code epochMillis}: timers, time-outs and backoffs follow it from
   * then on.
   */
  public void pinClock(long epochMillis) {
    send(
        ValueType.CLOCK,
        ClockIntent.PIN,
        new ClockRecord().pinAt(epochMillis),
        eventOf(ClockIntent.PINNED));
  }

  /** Lets the engine's clock follow the system's again. */
  public void resetClock() {
    send(ValueType.CLOCK, ClockIntent.RESET, new ClockRecord(), eventOf(ClockIntent.RESETTED));
  }

  @Override
  public void recur(long jobKey, JobRecord job) {
    log.write(jobKey, ValueType.JOB, JobIntent.RECUR_AFTER_BACKOFF, job, CommandLog.NO_REQUEST);
  }

  /**
   * Publishes a message with no time to live and answers once a waiting instance or a start event
   * took it.
   */
  public Correlated correlateMessage(
      String name, String correlationKey, Map<String, Object> variables, String tenantId) {
    var command =
        new MessageCorrelationRecord()
            .setName(name)
            .setCorrelationKey(correlationKey)
            .setVariables(BufferUtil.wrapArray(MsgPackConverter.convertToMsgPack(variables)));
    if (tenantId != null) {
      command.setTenantId(tenantId);
    }
    long[] messageKey = {-1};
    return send(
        ValueType.MESSAGE_CORRELATION,
        MessageCorrelationIntent.CORRELATE,
        command,
        (position, record) -> {
          if (record.getValueType() != ValueType.MESSAGE_CORRELATION) {
            return Optional.empty();
          }
          if (record.getSourceRecordPosition() == position
              && record.getIntent() == MessageCorrelationIntent.CORRELATING) {
            messageKey[0] = record.getKey();
          }
          if (record.getKey() != messageKey[0]) {
            return Optional.empty();
          }
          var value = (MessageCorrelationRecordValue) record.getValue();
          if (record.getIntent() == MessageCorrelationIntent.CORRELATED) {
            return Optional.of(
                new Correlated(
                    record.getKey(), value.getProcessInstanceKey(), value.getTenantId()));
          }
          if (record.getIntent() == MessageCorrelationIntent.NOT_CORRELATED) {
            // The instance ended between the message's arrival and its correlation.
            throw new Rejected(
                MessageCorrelationIntent.CORRELATE,
                RejectionType.NOT_FOUND,
                "Expected to correlate"
                    + " message '"
                    + name
                    + "' with correlation key '"
                    + correlationKey
                    + "', but its subscription closed");
          }
          return Optional.empty();
        });
  }

  /** The command's own event of {@code intent}. */
  private static EventOf eventOf(Intent intent) {
    return new EventOf(intent);
  }

  private record EventOf(Intent intent) implements Outcome<Record<?>> {
    @Override
    public Optional<Record<?>> read(long position, Record<?> record) {
      return record.getSourceRecordPosition() == position
              && record.getRecordType() == RecordType.EVENT
              && intent.equals(record.getIntent())
          ? Optional.of(record)
          : Optional.empty();
    }
  }

  /**
   * Writes the command and waits for its outcome. Writing and registering are one step under this
   * object's lock, which {@link #accept} holds too: no record of the command can be handed on
   * before its wait is registered.
   */
  @SuppressWarnings("unchecked")
  private <T> T send(
      ValueType valueType, Intent intent, UnifiedRecordValue value, Outcome<T> outcome) {
    Waiting wait;
    synchronized (this) {
      wait = new Waiting(log.write(valueType, intent, value), outcome, new CompletableFuture<>());
      waiting.add(wait);
    }
    long deadline = System.nanoTime() + timeout.toNanos();
    try {
      while (true) {
        feed.catchUp();
        try {
          return (T) wait.result().get(READ_AGAIN.toMillis(), TimeUnit.MILLISECONDS);
        } catch (TimeoutException notYet) {
          if (System.nanoTime() > deadline) {
            throw new CommandTimeout(
                valueType + " " + intent + " got no answer from the engine within " + timeout);
          }
        } catch (ExecutionException e) {
          throw e.getCause() instanceof RuntimeException refused
              ? refused
              : new IllegalStateException(e.getCause());
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          throw new IllegalStateException("Interrupted while waiting for the engine", e);
        }
      }
    } finally {
      synchronized (this) {
        waiting.remove(wait);
      }
    }
  }

  /** The engine did not answer within the client's request timeout. */
  public static final class CommandTimeout extends RuntimeException {
    CommandTimeout(String message) {
      super(message);
    }
  }

  @Override
  public synchronized void accept(Record<?> record) {
    for (Waiting wait : waiting) {
      if (wait.result().isDone() || record.getPosition() <= wait.position()) {
        continue;
      }
      if (record.getRecordType() == RecordType.COMMAND_REJECTION
          && record.getSourceRecordPosition() == wait.position()) {
        wait.result()
            .completeExceptionally(
                new Rejected(
                    record.getIntent(), record.getRejectionType(), record.getRejectionReason()));
        continue;
      }
      try {
        wait.outcome().read(wait.position(), record).ifPresent(wait.result()::complete);
      } catch (Rejected refused) {
        wait.result().completeExceptionally(refused);
      }
    }
  }
}
