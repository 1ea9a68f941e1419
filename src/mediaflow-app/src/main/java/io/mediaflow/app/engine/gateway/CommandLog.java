package io.mediaflow.app.engine.gateway;

import io.camunda.zeebe.logstreams.log.LogAppendEntry;
import io.camunda.zeebe.logstreams.log.LogStream;
import io.camunda.zeebe.logstreams.log.LogStreamWriter;
import io.camunda.zeebe.logstreams.log.WriteContext;
import io.camunda.zeebe.protocol.impl.encoding.AuthInfo;
import io.camunda.zeebe.protocol.impl.record.RecordMetadata;
import io.camunda.zeebe.protocol.impl.record.UnifiedRecordValue;
import io.camunda.zeebe.protocol.record.RecordType;
import io.camunda.zeebe.protocol.record.ValueType;
import io.camunda.zeebe.protocol.record.intent.Intent;
import io.camunda.zeebe.stream.api.InterPartitionCommandSender;

/**
 * Writes commands to the engine's log, the one way anything outside the engine hands it work: the
 * gateway's calls (with the request id their answer comes back under; without one for the commands
 * nobody waits on, a job handed back or recurred), and what the engine sends to a partition, which
 * with one partition is itself again. Only the gateway's package reaches it ({@code LayeringTest}).
 */
public final class CommandLog implements InterPartitionCommandSender {

  /** A command's key when it addresses no existing entity (a creation, a publication). */
  static final long NO_KEY = -1;

  /** The request id of a command nobody waits on through the gateway. */
  static final long NO_REQUEST = -1;

  private LogStreamWriter writer;
  private int partitionId;

  /** Writes to {@code log} from now on: the engine opened it. */
  synchronized void open(LogStream log) {
    writer = log.newLogStreamWriter();
    partitionId = log.getPartitionId();
  }

  /** The partition whose log this is. */
  synchronized int partitionId() {
    return partitionId;
  }

  /**
   * Writes a command, answered through the engine's response writer under {@code requestId} unless
   * that is {@link #NO_REQUEST}, and returns its position in the log.
   */
  synchronized long write(
      long key, ValueType valueType, Intent intent, UnifiedRecordValue value, long requestId) {
    var metadata =
        new RecordMetadata().recordType(RecordType.COMMAND).valueType(valueType).intent(intent);
    if (requestId != NO_REQUEST) {
      metadata.requestStreamId(partitionId).requestId(requestId);
    }
    return append(
        key == NO_KEY
            ? LogAppendEntry.of(metadata, value)
            : LogAppendEntry.of(key, metadata, value),
        WriteContext.internal(),
        valueType,
        intent);
  }

  @Override
  public void sendCommand(
      int receiverPartitionId,
      ValueType valueType,
      Intent intent,
      Long recordKey,
      UnifiedRecordValue command,
      AuthInfo authInfo) {
    var metadata =
        new RecordMetadata().recordType(RecordType.COMMAND).valueType(valueType).intent(intent);
    if (authInfo != null) {
      metadata.authorization(authInfo);
    }
    append(
        recordKey == null
            ? LogAppendEntry.of(metadata, command)
            : LogAppendEntry.of(recordKey, metadata, command),
        WriteContext.interPartition(),
        valueType,
        intent);
  }

  /**
   * One writer at a time: the gateway's calls arrive on many threads, and the REST API's on others.
   * Commands from outside are written as internal ones: a user command would count against the
   * log's flow control, which waits for a broker's command API to report each answer, and there is
   * none here.
   */
  private synchronized long append(
      LogAppendEntry entry, WriteContext context, ValueType valueType, Intent intent) {
    if (writer == null) {
      throw new IllegalStateException(
          "The engine's log is not open yet, so it takes no command " + valueType + " " + intent);
    }
    var written = writer.tryWrite(context, entry);
    if (written.isLeft()) {
      throw new IllegalStateException(
          "The engine's log refused the command "
              + valueType
              + " "
              + intent
              + ": "
              + written.getLeft());
    }
    return written.get();
  }
}
