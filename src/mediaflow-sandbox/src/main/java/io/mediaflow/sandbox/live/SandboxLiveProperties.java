package io.mediaflow.sandbox.live;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * How long the live streaming sandbox's transitions take, in nominal time (the sandbox's time scale
 * applies). The document gives none of these; the timings are chosen so a demo at time scale 1.0
 * feels like the service. With a real RTMP push, launching lasts until the first output segment
 * exists instead.
 *
 * @param allocation starting to waiting: a transcoder is allocated
 * @param launch launching to live with the simulated ingest: the first output segments are produced
 * @param shutdown stopping to stopped: the transcoder is freed
 * @param lateTransfer variation {@code late-recording-files}: how long after the stream left live
 *     the recording file open then reaches its destination
 * @param playbackDelay variation {@code playback-not-ready}: how long after the stream went live
 *     its playback playlist is still not found
 * @param slowShutdown variation {@code slow-stop}: stopping to stopped
 */
@ConfigurationProperties("mediaflow.sandbox.live")
public record SandboxLiveProperties(
    @DefaultValue("10s") Duration allocation,
    @DefaultValue("5s") Duration launch,
    @DefaultValue("3s") Duration shutdown,
    @DefaultValue("5m") Duration lateTransfer,
    @DefaultValue("5m") Duration playbackDelay,
    @DefaultValue("30m") Duration slowShutdown) {}
