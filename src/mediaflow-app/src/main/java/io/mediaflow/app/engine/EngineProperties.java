package io.mediaflow.app.engine;

import java.nio.file.Path;
import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.util.unit.DataSize;

/**
 * Where the processes run.
 *
 * @param embedded start the engine inside this application (the default), its state in {@code
 *     dataDirectory}; false when the workers connect to a real Camunda 8 cluster configured under
 *     {@code camunda.client.*}
 * @param address the address the embedded engine's gateway listens on; anything but loopback needs
 *     credentials ({@code mediaflow.app.security.*})
 * @param port the embedded engine's gateway port
 * @param minKeepAliveInterval the shortest keepalive interval a client may ping the embedded
 *     gateway at, 30 s as on a real Zeebe gateway ({@code
 *     zeebe.gateway.network.minKeepAliveInterval}); Camunda's clients ping every 45 s
 * @param deploy deploy everything in {@code bpmn/} and {@code forms/} at start-up
 * @param dataDirectory where the embedded engine keeps its log, state and snapshots, so that a
 *     restart or a crash loses nothing it acknowledged; delete it to start afresh
 * @param snapshotPeriod how often the embedded engine takes a snapshot of its state (and on a
 *     graceful stop); a restart replays the log since the last one
 * @param snapshotLogGrowth a snapshot is taken sooner once the log has grown by this much: it
 *     bounds what a restart after a crash replays
 * @param logSegmentSize the embedded engine's log is kept in segment files of about this size;
 *     after each snapshot the segments below it are deleted, so the log on disk stays near this
 *     size plus the log's growth between snapshots
 */
@ConfigurationProperties("mediaflow.engine")
public record EngineProperties(
    boolean embedded,
    @DefaultValue("127.0.0.1") String address,
    int port,
    @DefaultValue("30s") Duration minKeepAliveInterval,
    boolean deploy,
    @DefaultValue("data") Path dataDirectory,
    @DefaultValue("5m") Duration snapshotPeriod,
    @DefaultValue("4MB") DataSize snapshotLogGrowth,
    @DefaultValue("64MB") DataSize logSegmentSize) {}
