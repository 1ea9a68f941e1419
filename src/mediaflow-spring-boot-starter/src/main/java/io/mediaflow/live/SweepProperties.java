package io.mediaflow.live;

import jakarta.validation.constraints.NotNull;
import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.validation.annotation.Validated;

/**
 * The sweep that stops the live streams of ended process instances ({@code EndedInstanceStreams}).
 *
 * @param enabled run the sweep on this replica; every replica may, none keeps anything
 * @param interval the pause between two sweeps: a stream is stopped at most about this long after
 *     its instance ended (and the engine's search shows it ended)
 * @param unknownInstanceGrace how long after a create a creating instance the engine does not know
 *     (404) is taken for one still being indexed rather than one gone: a cluster's search storage
 *     shows a new instance a moment after it starts
 */
@ConfigurationProperties("mediaflow.live.sweep")
@Validated
public record SweepProperties(
    @DefaultValue("true") boolean enabled,
    @DefaultValue("10s") @NotNull Duration interval,
    @DefaultValue("5m") @NotNull Duration unknownInstanceGrace) {

  public SweepProperties {
    if (interval != null && (interval.isNegative() || interval.isZero())) {
      throw new IllegalArgumentException("mediaflow.live.sweep.interval: must be positive");
    }
  }
}
