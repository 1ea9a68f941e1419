package io.mediaflow.sandbox.transcoding;

import java.time.Duration;
import java.util.List;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.util.unit.DataSize;

/**
 * The transcoding sandbox's limits and the nominal durations of a job's stages (multiplied by
 * {@code mediaflow.sandbox.time-scale}).
 *
 * @param maxQueuedTasks started tasks that may be unfinished at once (downloading, queued, encoding
 *     or saving); one more start answers error 22
 * @param encoders jobs encoding at once, 0 for one per processor core; the others wait in {@code
 *     queued} for an encoder
 * @param downloadingTime shortest nominal time in {@code downloading}; a slow source takes longer
 * @param queuedTime nominal time in {@code queued} before the job asks for an encoder
 * @param savingTime shortest nominal time in {@code saving}
 * @param temporaryStorageLifetime how long outputs without a destination (and TUS uploads) stay
 *     downloadable (the service's 24 hours, nominal)
 * @param downloadTimeout real time allowed to fetch one source file (not scaled: it is a network
 *     timeout)
 * @param maxSourceSize largest source the sandbox downloads or accepts by TUS upload ({@code
 *     Tus-Max-Size})
 * @param localSources URL prefixes the sandbox may fetch sources from although they are on this
 *     machine or a link-local network (a test's own media server, say); a prefix without a port
 *     takes any port. Its own samples, storage and downloads are always allowed: see {@link
 *     SourceAddresses}
 */
@ConfigurationProperties("mediaflow.sandbox.transcoding")
public record SandboxTranscodingProperties(
    @DefaultValue("20") int maxQueuedTasks,
    @DefaultValue("0") int encoders,
    @DefaultValue("2s") Duration downloadingTime,
    @DefaultValue("1s") Duration queuedTime,
    @DefaultValue("1s") Duration savingTime,
    @DefaultValue("24h") Duration temporaryStorageLifetime,
    @DefaultValue("30s") Duration downloadTimeout,
    @DefaultValue("256MB") DataSize maxSourceSize,
    @DefaultValue({}) List<String> localSources) {}
