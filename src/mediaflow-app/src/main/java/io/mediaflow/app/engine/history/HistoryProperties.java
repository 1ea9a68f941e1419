package io.mediaflow.app.engine.history;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * How much of the ended process instances the embedded default keeps for the REST API and the
 * console: an ended instance's details (elements, variables, tasks, incidents) are dropped once
 * more than {@code maxCompletedInstances} instances ended after it, or once it ended longer than
 * {@code maxAge} ago. Running instances are always kept.
 */
@ConfigurationProperties("mediaflow.engine.history")
public record HistoryProperties(
    @DefaultValue("1000") int maxCompletedInstances, @DefaultValue("PT24H") Duration maxAge) {}
