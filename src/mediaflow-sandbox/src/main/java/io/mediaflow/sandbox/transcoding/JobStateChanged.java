package io.mediaflow.sandbox.transcoding;

/**
 * Published (as a Spring application event) whenever a job changes state or its encoding percent
 * rises; the callbacks are sent from it, and observers such as tests can follow a job's exact path
 * through the states.
 */
record JobStateChanged(Job job, Job.State state, int percent) {}
