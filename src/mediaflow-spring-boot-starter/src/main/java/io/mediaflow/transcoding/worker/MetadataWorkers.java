package io.mediaflow.transcoding.worker;

import io.mediaflow.transcoding.internal.MetadataOutputs;
import io.mediaflow.worker.internal.OperationHandler;
import io.mediaflow.worker.internal.OperationHandlers;
import java.util.List;

/**
 * Reading a job's {@code metadata} output: a download of the output, not a call of the transcoding
 * API.
 */
final class MetadataWorkers implements OperationHandlers {

  private final MetadataOutputs outputs;

  MetadataWorkers(MetadataOutputs outputs) {
    this.outputs = outputs;
  }

  @Override
  public List<OperationHandler<?>> handlers() {
    return List.of(ReadMetadataInput.handler(outputs));
  }
}
