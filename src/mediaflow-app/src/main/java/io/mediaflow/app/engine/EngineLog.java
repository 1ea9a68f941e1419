package io.mediaflow.app.engine;

import io.camunda.zeebe.logstreams.log.LogStream;
import io.camunda.zeebe.logstreams.log.LogStreamReader;
import io.camunda.zeebe.logstreams.log.LoggedEvent;
import io.camunda.zeebe.protocol.impl.record.CopiedRecord;
import io.camunda.zeebe.protocol.impl.record.RecordMetadata;
import io.camunda.zeebe.protocol.impl.record.UnifiedRecordValue;
import io.camunda.zeebe.protocol.record.Record;
import java.util.function.Consumer;

/**
 * The in-memory engine's log, read directly: each record written since the last read, as a {@link Record}.
 *
 * <p>zeebe-process-test's record stream ({@code ZeebeTestEngine.getRecordStreamSource()}) does the same, but
 * to decode one record it builds an empty value of every one of the ~50 record types and keeps one
 * ({@code UnifiedRecordValue.allRecordsMap()}), which made reading the records a sixth of the application's CPU
 * under load; and it keeps every record ever written in a list. Here only the record's own type is built, and
 * nothing is kept: what the application needs from a record, its subscribers keep.
 */
final class EngineLog implements EngineRecordFeed.RecordSource {

  /** The in-memory engine has one partition. */
  private static final int PARTITION_ID = 1;

  private final LogStreamReader reader;
  private long lastPosition = -1;

  EngineLog(LogStream log) {
    this.reader = log.newLogStreamReader();
  }

  @Override
  public void readNew(Consumer<Record<?>> action) {
    if (lastPosition < 0) {
      reader.seekToFirstEvent();
    } else {
      reader.seekToNextEvent(lastPosition);
    }
    while (reader.hasNext()) {
      LoggedEvent event = reader.next();
      action.accept(copy(event));
      lastPosition = event.getPosition();
    }
  }

  private static Record<?> copy(LoggedEvent event) {
    var metadata = new RecordMetadata();
    event.readMetadata(metadata);
    UnifiedRecordValue value = UnifiedRecordValue.fromValueType(metadata.getValueType());
    event.readValue(value);
    return new CopiedRecord<>(value, metadata, event.getKey(), PARTITION_ID, event.getPosition(),
        event.getSourceEventPosition(), event.getTimestamp());
  }
}
