package io.mediaflow.transcoding.worker;

import io.mediaflow.transcoding.internal.MetadataOutputs;
import io.mediaflow.transcoding.internal.check.RenditionCheck;
import io.mediaflow.worker.internal.OperationHandler;
import io.mediaflow.worker.internal.OperationHandlers;
import java.util.List;

/**
 * Reading a job's outputs, as their users do: downloads of the outputs, not calls of the
 * transcoding API. The {@code metadata} output's properties of the source, and the proof of the
 * renditions.
 */
final class MetadataWorkers implements OperationHandlers {

  private final MetadataOutputs outputs;
  private final RenditionCheck check;

  MetadataWorkers(MetadataOutputs outputs, RenditionCheck check) {
    this.outputs = outputs;
    this.check = check;
  }

  @Override
  public List<OperationHandler<?>> handlers() {
    return List.of(ReadMetadataInput.handler(outputs), CheckRenditionsInput.handler(check));
  }
}
