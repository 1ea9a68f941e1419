package io.mediaflow.sandbox.transcoding;

/**
 * Published (as a Spring application event) when a job the sandbox was running as it stopped has
 * started over ({@code downloading}), or could not, and failed ({@code error}): the {@code
 * restarted} or {@code restart_failed} callback is sent from it.
 */
record JobRestarted(Job job) {}
