package io.mediaflow.app.engine.history;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * How long the embedded default keeps an ended process instance (and a decision instance) for the
 * REST API and the console: until {@code retention} passed since its end, as the engine's clock
 * dated it, as Camunda 8 Run keeps its history until it is deleted. Running instances are always
 * kept. Ended instances are kept on disk, not in the heap ({@link EndedInstances}). The
 * application's settings read the earlier name, {@code mediaflow.app.history.retention}, into this
 * one.
 */
@ConfigurationProperties("mediaflow.history")
public record HistoryProperties(@DefaultValue("P30D") Duration retention) {}
