package io.mediaflow.app.engine.history;

import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.HashSet;
import java.util.Set;

/**
 * What one tenant used the engine for in one minute, as Camunda's usage metrics count it: root
 * process instances started, decisions evaluated (one per evaluation, the decisions it required
 * included), and the users user tasks were assigned to.
 *
 * @param minute the minute's start
 * @param tenantId the tenant
 * @param processInstances the process instances started that no call activity started
 * @param decisionInstances the decision evaluations
 * @param assignees who a user task was assigned to, each once
 */
public record UsageBucket(
    Instant minute,
    String tenantId,
    long processInstances,
    long decisionInstances,
    Set<String> assignees) {

  /** How long a bucket counts: usage is known to the minute. */
  public static final Duration LENGTH = Duration.ofMinutes(1);

  public UsageBucket {
    assignees = Set.copyOf(assignees);
  }

  /** The bucket a use {@code at} for {@code tenantId} falls in. */
  record Key(Instant minute, String tenantId) {
    static Key of(Instant at, String tenantId) {
      return new Key(at.truncatedTo(ChronoUnit.MINUTES), tenantId);
    }
  }

  Key key() {
    return new Key(minute, tenantId);
  }

  static UsageBucket empty(Key key) {
    return new UsageBucket(key.minute(), key.tenantId(), 0, 0, Set.of());
  }

  UsageBucket withProcessInstance() {
    return new UsageBucket(minute, tenantId, processInstances + 1, decisionInstances, assignees);
  }

  UsageBucket withDecisionInstance() {
    return new UsageBucket(minute, tenantId, processInstances, decisionInstances + 1, assignees);
  }

  UsageBucket withAssignee(String assignee) {
    var more = new HashSet<>(assignees);
    more.add(assignee);
    return new UsageBucket(minute, tenantId, processInstances, decisionInstances, more);
  }

  /** Whether the bucket's minute overlaps {@code [from, to)}. */
  boolean overlaps(Instant from, Instant to) {
    return minute.isBefore(to) && minute.plus(LENGTH).isAfter(from);
  }
}
