package io.mediaflow.app.engine.gateway;

import io.camunda.zeebe.protocol.record.RecordType;
import io.camunda.zeebe.protocol.record.RejectionType;
import io.camunda.zeebe.protocol.record.ValueType;
import io.camunda.zeebe.protocol.record.intent.Intent;
import io.camunda.zeebe.stream.api.CommandResponseWriter;
import io.camunda.zeebe.util.buffer.BufferUtil;
import io.camunda.zeebe.util.buffer.BufferWriter;
import org.agrona.DirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Where the engine writes its answer to a command that carried a request id: the stream processor
 * sets the answer's parts, then calls {@link #tryWriteResponse}, once per command and always on its
 * own thread. The answer goes to the request's {@link Caller}, a rejection as the gRPC status
 * Zeebe's gateway gives it.
 */
final class EngineAnswers implements CommandResponseWriter {

  private static final Logger LOG = LoggerFactory.getLogger(EngineAnswers.class);

  private final OpenRequests requests;
  private long key;
  private Intent intent = Intent.UNKNOWN;
  private RejectionType rejectionType = RejectionType.NULL_VAL;
  private String rejectionReason = "";
  private DirectBuffer value = new UnsafeBuffer(new byte[0]);

  EngineAnswers(OpenRequests requests) {
    this.requests = requests;
  }

  @Override
  public CommandResponseWriter partitionId(int partitionId) {
    return this;
  }

  @Override
  public CommandResponseWriter key(long key) {
    this.key = key;
    return this;
  }

  @Override
  public CommandResponseWriter intent(Intent intent) {
    this.intent = intent;
    return this;
  }

  @Override
  public CommandResponseWriter recordType(RecordType type) {
    return this;
  }

  @Override
  public CommandResponseWriter valueType(ValueType valueType) {
    return this;
  }

  @Override
  public CommandResponseWriter rejectionType(RejectionType rejectionType) {
    this.rejectionType = rejectionType;
    return this;
  }

  @Override
  public CommandResponseWriter rejectionReason(DirectBuffer rejectionReason) {
    this.rejectionReason = BufferUtil.bufferAsString(rejectionReason);
    return this;
  }

  /**
   * Copies the value: the caller may read it after the engine has reused its buffer (a long poll
   * parked).
   */
  @Override
  public CommandResponseWriter valueWriter(BufferWriter writer) {
    byte[] bytes = new byte[writer.getLength()];
    var buffer = new UnsafeBuffer(bytes);
    writer.write(buffer, 0);
    value = buffer;
    return this;
  }

  @Override
  public void tryWriteResponse(int requestStreamId, long requestId) {
    Caller caller = requests.close(requestId);
    try {
      if (caller == null) {
        return; // a request of a run before, or one whose client has gone
      }
      if (rejectionType != RejectionType.NULL_VAL) {
        caller.reject(new Rejection(rejectionType, intent, rejectionReason));
      } else {
        caller.answer(new EngineResponse(key, intent, value));
      }
    } catch (RuntimeException e) {
      // One client's failed answer must not fail the engine's processing, which would retry the
      // side effect.
      LOG.warn("The answer to request {} could not be sent: {}", requestId, e.toString());
    } finally {
      rejectionType = RejectionType.NULL_VAL;
      rejectionReason = "";
    }
  }
}
