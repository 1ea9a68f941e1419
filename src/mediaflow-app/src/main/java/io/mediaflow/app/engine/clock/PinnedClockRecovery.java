package io.mediaflow.app.engine.clock;

import io.camunda.zeebe.db.ZeebeDb;
import io.camunda.zeebe.engine.state.clock.DbClockState;
import io.camunda.zeebe.protocol.ZbColumnFamilies;
import io.camunda.zeebe.protocol.record.ValueType;
import io.camunda.zeebe.stream.api.ProcessingResult;
import io.camunda.zeebe.stream.api.ProcessingResultBuilder;
import io.camunda.zeebe.stream.api.ReadonlyStreamProcessorContext;
import io.camunda.zeebe.stream.api.RecordProcessor;
import io.camunda.zeebe.stream.api.RecordProcessorContext;
import io.camunda.zeebe.stream.api.StreamProcessorLifecycleAware;
import io.camunda.zeebe.stream.api.records.TypedRecord;
import java.util.List;

/**
 * Sets the engine's clock as its state holds it once the log is replayed, beside the engine in the
 * durable engine's stream processor; it takes no record. The engine sets its clock from the state
 * when it starts, before the replay, and the replay of a pin ({@code PUT /v2/clock}) only writes
 * the state: pinning the clock is a side effect, which a replay skips. So after a {@code kill -9}
 * between a pin and the next snapshot, the state said pinned while the clock ran, until a later
 * restart pinned it at the old instant. Recovery runs on the processor's own thread, before any
 * command is processed.
 */
public final class PinnedClockRecovery implements RecordProcessor, StreamProcessorLifecycleAware {

  private RecordProcessorContext context;
  private DbClockState state;

  @Override
  public void init(RecordProcessorContext context) {
    this.context = context;
    @SuppressWarnings("unchecked")
    var db = (ZeebeDb<ZbColumnFamilies>) context.getZeebeDb();
    state = new DbClockState(db, context.getTransactionContext());
    context.addLifecycleListeners(List.of(this));
  }

  @Override
  public void onRecovered(ReadonlyStreamProcessorContext recovered) {
    context.getClock().applyModification(state.getModification());
  }

  @Override
  public boolean accepts(ValueType valueType) {
    return false;
  }

  @Override
  public void replay(TypedRecord record) {
    throw new UnsupportedOperationException("takes no record");
  }

  @Override
  public ProcessingResult process(TypedRecord record, ProcessingResultBuilder result) {
    throw new UnsupportedOperationException("takes no record");
  }

  @Override
  public ProcessingResult onProcessingError(
      Throwable error, TypedRecord record, ProcessingResultBuilder result) {
    throw new UnsupportedOperationException("takes no record");
  }
}
