package io.mediaflow.app.engine.recovery;

import io.camunda.zeebe.protocol.impl.record.value.job.JobRecord;

/**
 * Writes the command that makes a job in its backoff activatable again, the one the engine's own
 * backoff check writes ({@code JobIntent.RECUR_AFTER_BACKOFF}). The gateway, which writes every
 * command to the engine's log, implements it; the recovery below it knows only this.
 */
@FunctionalInterface
public interface RecurAfterBackoff {

  /**
   * Writes the command for the job {@code jobKey}, as {@code job} was failed. Not awaited: should
   * the job have moved on meanwhile, the engine rejects the command and nothing changes.
   */
  void recur(long jobKey, JobRecord job);
}
