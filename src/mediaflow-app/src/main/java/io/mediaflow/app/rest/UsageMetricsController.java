package io.mediaflow.app.rest;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.camunda.client.protocol.rest.UsageMetricsResponse;
import io.camunda.client.protocol.rest.UsageMetricsResponseItem;
import io.mediaflow.app.engine.history.ProcessHistory;
import io.mediaflow.app.engine.history.UsageBucket;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * What the engine was used for in a time window, as Camunda's usage metrics count it: the root
 * process instances started, the decisions evaluated and the distinct users user tasks were
 * assigned to, read from the history's usage buckets ({@link UsageBucket}), which are known to the
 * minute: a window counts the minutes it overlaps.
 */
@RestController
class UsageMetricsController {

  private final ProcessHistory history;

  UsageMetricsController(ProcessHistory history) {
    this.history = history;
  }

  /**
   * {@code startTime} and {@code endTime} (RFC 3339) bound the window; {@code tenantId} counts one
   * tenant's use only; {@code withTenants} adds each tenant's own counts.
   */
  @GetMapping("/v2/system/usage-metrics")
  ObjectNode usageMetrics(
      @RequestParam(required = false) String startTime,
      @RequestParam(required = false) String endTime,
      @RequestParam(required = false) String tenantId,
      @RequestParam(defaultValue = "false") boolean withTenants) {
    Instant from = time("startTime", startTime);
    Instant to = time("endTime", endTime);
    if (!from.isBefore(to)) {
      throw ApiProblem.invalid(
          "startTime must be before endTime, got " + startTime + " and " + endTime);
    }
    Map<String, List<UsageBucket>> byTenant =
        history.usage(from, to).stream()
            .filter(bucket -> tenantId == null || bucket.tenantId().equals(tenantId))
            .collect(
                Collectors.groupingBy(UsageBucket::tenantId, TreeMap::new, Collectors.toList()));
    UsageMetricsResponseItem total =
        item(byTenant.values().stream().flatMap(List::stream).toList());
    var response =
        new UsageMetricsResponse()
            .processInstances(total.getProcessInstances())
            .decisionInstances(total.getDecisionInstances())
            .assignees(total.getAssignees())
            .activeTenants((long) byTenant.size())
            .tenants(new TreeMap<>());
    if (withTenants) {
      byTenant.forEach((tenant, buckets) -> response.putTenantsItem(tenant, item(buckets)));
    }
    return Shapes.tree(response);
  }

  /** The buckets' counts summed, their assignees counted once each. */
  private static UsageMetricsResponseItem item(List<UsageBucket> buckets) {
    var assignees = new HashSet<String>();
    buckets.forEach(bucket -> assignees.addAll(bucket.assignees()));
    return new UsageMetricsResponseItem()
        .processInstances(buckets.stream().mapToLong(UsageBucket::processInstances).sum())
        .decisionInstances(buckets.stream().mapToLong(UsageBucket::decisionInstances).sum())
        .assignees((long) assignees.size());
  }

  private static Instant time(String name, String value) {
    if (value == null || value.isBlank()) {
      throw ApiProblem.invalid(name + " is required: a date and time (RFC 3339)");
    }
    try {
      return OffsetDateTime.parse(value).toInstant();
    } catch (DateTimeParseException e) {
      throw ApiProblem.invalid(name + " must be a date and time (RFC 3339), got '" + value + "'");
    }
  }
}
