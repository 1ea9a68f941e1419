package io.mediaflow.transcoding.worker;

import io.mediaflow.transcoding.internal.check.RenditionCheck;
import io.mediaflow.worker.internal.OperationHandler;
import io.mediaflow.worker.internal.OperationHandlers;
import java.util.List;

/**
 * Proving a job's renditions: downloads of the outputs as their users make them, not calls of the
 * transcoding API.
 */
final class RenditionCheckWorkers implements OperationHandlers {

  private final RenditionCheck check;

  RenditionCheckWorkers(RenditionCheck check) {
    this.check = check;
  }

  @Override
  public List<OperationHandler<?>> handlers() {
    return List.of(CheckRenditionsInput.handler(check));
  }
}
