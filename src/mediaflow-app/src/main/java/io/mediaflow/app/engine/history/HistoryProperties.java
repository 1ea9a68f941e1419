package io.mediaflow.app.engine.history;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * How long the embedded default keeps an ended process instance (and a decision instance) for the
 * REST API and the console: until {@code retention} passed since it ended, as Camunda 8 Run keeps
 * its history until it is deleted. Running instances are always kept. An ended instance's details
 * are kept on disk, not in the heap ({@link HistoryArchive}).
 */
@ConfigurationProperties("mediaflow.app.history")
public record HistoryProperties(@DefaultValue("P30D") Duration retention) {}
