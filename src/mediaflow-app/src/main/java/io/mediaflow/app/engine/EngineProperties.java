package io.mediaflow.app.engine;

import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * Where the processes run.
 *
 * @param embedded start the in-memory engine inside this application (the default); false when the workers
 *     connect to a real Camunda 8 cluster configured under {@code camunda.client.*}
 * @param port the embedded engine's gateway port
 * @param deploy deploy everything in {@code bpmn/} and {@code forms/} at start-up
 * @param jobBasedUserTasks deploy Camunda user tasks as job-based ones; the in-memory engine has no REST API to
 *     complete Camunda user tasks, so the embedded default needs this
 */
@ConfigurationProperties("mediaflow.engine")
public record EngineProperties(boolean embedded, int port, boolean deploy, boolean jobBasedUserTasks) {}
