package io.mediaflow.app.engine.history;

/**
 * How many of an element's instances are active, were canceled (terminated), have an incident
 * (active, with an incident on it or beneath it) and completed: Camunda's {@code
 * ProcessElementStatisticsResult}. What is counted (element instances, or process instances that
 * have one) depends on the question, see {@link InstanceTree}.
 */
public record ElementStatistics(
    String elementId, long active, long canceled, long incidents, long completed) {}
