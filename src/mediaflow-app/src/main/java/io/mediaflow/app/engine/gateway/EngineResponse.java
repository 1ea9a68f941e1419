package io.mediaflow.app.engine.gateway;

import io.camunda.zeebe.msgpack.UnpackedObject;
import io.camunda.zeebe.protocol.record.intent.Intent;
import org.agrona.DirectBuffer;

/**
 * The engine's answer to a command: the key and intent of the event it wrote and that event's
 * value.
 */
record EngineResponse(long key, Intent intent, DirectBuffer value) {

  /** The value read into {@code record}, one of the protocol's record classes. */
  <T extends UnpackedObject> T read(T record) {
    record.wrap(value);
    return record;
  }
}
