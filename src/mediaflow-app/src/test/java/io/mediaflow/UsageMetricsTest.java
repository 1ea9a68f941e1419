package io.mediaflow;

import static org.assertj.core.api.Assertions.assertThat;

import io.camunda.client.CamundaClient;
import io.camunda.client.api.statistics.response.UsageMetricsStatistics;
import io.camunda.client.api.statistics.response.UsageMetricsStatisticsItem;
import io.camunda.zeebe.model.bpmn.Bpmn;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.ThreadLocalRandom;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Usage metrics as Camunda's Java client reads them over REST: the root process instances started
 * (not those a call activity started), the decisions evaluated and the distinct users tasks were
 * assigned to, counted from what the engine did in the window asked for, in total and by tenant.
 */
class UsageMetricsTest extends MediaflowTest {

  private static final String DEFAULT_TENANT = "<default>";

  private CamundaClient client;
  private String unique;

  @BeforeEach
  void connect() {
    client = userClient(true);
    unique = UUID.randomUUID().toString().substring(0, 8);
  }

  @AfterEach
  void disconnect() {
    client.close();
  }

  /**
   * The test's own minute: the engine's clock is pinned to a minute of the past no other test uses,
   * so that what the engine records while this test runs, and only that, is dated in it (the counts
   * of the minutes around "now" also hold other tests' instances, some still on their way into the
   * history).
   */
  @Test
  void rootInstancesDecisionsAndAssigneesAreCountedInTheirWindow() {
    OffsetDateTime from =
        OffsetDateTime.of(2016, 1, 1, 0, 0, 0, 0, ZoneOffset.UTC)
            .plusMinutes(ThreadLocalRandom.current().nextInt(365 * 24 * 60));
    OffsetDateTime to = from.plusMinutes(1);
    client.newPinClockCommand().time(from.plusSeconds(30).toInstant()).send().join();
    try {
      countsTheTestsOwnUsage(from, to);
    } finally {
      client.newResetClockCommand().send().join();
    }
  }

  private void countsTheTestsOwnUsage(OffsetDateTime from, OffsetDateTime to) {
    String child = "child-" + unique;
    String parent = "parent-" + unique;
    String decision = "decision-" + unique;
    client
        .newDeployResourceCommand()
        .addProcessModel(
            Bpmn.createExecutableProcess(child).startEvent().endEvent().done(), child + ".bpmn")
        .addProcessModel(
            Bpmn.createExecutableProcess(parent)
                .startEvent()
                .callActivity("Call", call -> call.zeebeProcessId(child))
                .userTask("Approve", task -> task.name("Approve " + unique).zeebeUserTask())
                .endEvent()
                .done(),
            parent + ".bpmn")
        .addResourceStringUtf8(RenditionLadder.dmn(decision), decision + ".dmn")
        .send()
        .join();
    long first = start(parent, Map.of());
    long second = start(parent, Map.of());
    client
        .newEvaluateDecisionCommand()
        .decisionId(decision)
        .variables(Map.of("height", 1080))
        .send()
        .join();
    String editor = "editor-" + unique;
    for (long instance : new long[] {first, second}) {
      UserTask task = awaitUserTask(instance, "Approve " + unique);
      var assigned =
          post("/v2/user-tasks/" + task.key() + "/assignment", Map.of("assignee", editor));
      assertThat(assigned.statusCode()).as(assigned.body()).isEqualTo(204);
    }

    UsageMetricsStatistics after =
        await(
            "the usage counted",
            () -> {
              UsageMetricsStatistics read = metrics(from, to);
              return read.getAssignees() > 0 ? Optional.of(read) : Optional.empty();
            });
    assertThat(after.getProcessInstances())
        .as(
            () ->
                "root instances started in the window: "
                    + post(
                            "/v2/process-instances/search",
                            Map.of(
                                "filter",
                                Map.of(
                                    "startDate",
                                    Map.of("$gte", from.toString(), "$lt", to.toString()))))
                        .body())
        .isEqualTo(2);
    assertThat(after.getDecisionInstances()).isEqualTo(1);
    assertThat(after.getAssignees()).isEqualTo(1);
    assertThat(after.getActiveTenants()).isEqualTo(1);
    UsageMetricsStatisticsItem tenant = after.getTenants().get(DEFAULT_TENANT);
    assertThat(tenant.getProcessInstances()).isEqualTo(after.getProcessInstances());
    assertThat(tenant.getDecisionInstances()).isEqualTo(after.getDecisionInstances());
    assertThat(tenant.getAssignees()).isEqualTo(after.getAssignees());

    UsageMetricsStatistics earlier = metrics(from.minusHours(2), from.minusHours(1));
    assertThat(earlier.getProcessInstances()).isZero();
    assertThat(earlier.getAssignees()).isZero();
    UsageMetricsStatistics otherTenant =
        client
            .newUsageMetricsRequest(from, to)
            .tenantId("other-" + unique)
            .withTenants(true)
            .send()
            .join();
    assertThat(otherTenant.getProcessInstances()).isZero();
    assertThat(otherTenant.getActiveTenants()).isZero();
    assertThat(otherTenant.getTenants()).isEmpty();
  }

  @Test
  void aWindowIsRequiredAndMustEndAfterItStarts() {
    var noStart = get("/v2/system/usage-metrics?endTime=2026-01-01T00:00:00Z");
    assertThat(noStart.statusCode()).isEqualTo(400);
    assertThat(json(noStart).path("detail").asText()).contains("startTime is required");
    var backwards =
        get(
            "/v2/system/usage-metrics?startTime=2026-01-02T00:00:00Z"
                + "&endTime=2026-01-01T00:00:00Z");
    assertThat(backwards.statusCode()).isEqualTo(400);
    assertThat(json(backwards).path("detail").asText()).contains("before endTime");
    var unreadable =
        get("/v2/system/usage-metrics?startTime=yesterday&endTime=2026-01-01T00:00:00Z");
    assertThat(unreadable.statusCode()).isEqualTo(400);
    assertThat(json(unreadable).path("detail").asText()).contains("'yesterday'");
  }

  private UsageMetricsStatistics metrics(OffsetDateTime from, OffsetDateTime to) {
    return client
        .newUsageMetricsRequest(from, to)
        .withTenants(true)
        .requestTimeout(Duration.ofSeconds(30))
        .send()
        .join();
  }
}
