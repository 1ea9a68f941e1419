package io.mediaflow.transcoding.worker;

import com.fasterxml.jackson.annotation.JsonUnwrapped;
import io.mediaflow.transcoding.StartedJob;

/**
 * The job variable a start writes ({@code transcodingJob}): the job as the service accepted it, and
 * whether it was handed Mediaflow's callback, which is what a check's schedule follows ({@link
 * CheckJobInput}): a job without one is ended by nothing but its checks.
 *
 * @param job its task token and status URL
 * @param callback true when the job's {@code callback_url} is Mediaflow's receiver, whose calls
 *     become {@code transcoding-job-finished} messages; false for a job started with {@code
 *     addCallback = false}, with a {@code callback_url} of the model's own, while callbacks are
 *     off, or from presets (whose start takes no {@code callback_url})
 */
record JobVariable(@JsonUnwrapped StartedJob job, boolean callback) {}
