package io.mediaflow.worker.internal;

import java.util.List;

/**
 * What an operation may know about the job it runs for, besides its input.
 *
 * @param processInstanceKey names the instance, e.g. as the subject of a callback URL
 * @param marker unique to this job's element instance and signed by the workers: a create writes it
 *     into a field of what it creates, so that after a lost answer the object can be found again
 *     and told apart from any other instance's (see {@link OperationHandler#create}), where the
 *     service keeps that field
 * @param before for a lookup: the ids its create's {@link OperationHandler.Before} found before the
 *     first attempt was sent, which are therefore not what that attempt created; empty otherwise
 * @param repeat an earlier attempt of this job may have reached the service (it was sent, or ran at
 *     all): a refusal that only a repeat can meet ("already used") then says it took effect
 */
public record JobContext(
    long processInstanceKey, String marker, List<String> before, boolean repeat) {}
