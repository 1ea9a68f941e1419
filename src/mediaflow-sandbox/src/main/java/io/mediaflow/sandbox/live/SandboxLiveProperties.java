package io.mediaflow.sandbox.live;

import java.nio.file.Path;
import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * How long the live streaming sandbox's transitions take, in nominal time (the sandbox's time scale applies), and
 * where its DVR recordings go. The document gives none of these; the timings are chosen so a demo at time scale 1.0
 * feels like the service. With a real RTMP push, launching lasts until the first output segment exists instead.
 *
 * @param allocation starting to waiting: a transcoder is allocated
 * @param launch launching to live with the simulated ingest: the first output segments are produced
 * @param shutdown stopping to stopped: the transcoder is freed
 * @param recordingsDirectory the folder that stands for the DVR destinations; a temporary one when not set
 */
@ConfigurationProperties("mediaflow.sandbox.live")
public record SandboxLiveProperties(
    @DefaultValue("10s") Duration allocation,
    @DefaultValue("5s") Duration launch,
    @DefaultValue("3s") Duration shutdown,
    Path recordingsDirectory) {}
