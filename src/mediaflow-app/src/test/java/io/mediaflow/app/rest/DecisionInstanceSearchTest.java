package io.mediaflow.app.rest;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.mediaflow.api.ApiJson;
import io.mediaflow.app.engine.history.HistoryFixture;
import io.mediaflow.app.engine.history.Lookup;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code POST /v2/decision-instances/search} over decision instances kept on disk and some still in
 * the heap: the database answers the filter on its indexed fields, the evaluation's date range, the
 * order by date and the page, and only the page's decision instances are read; the answers are
 * those of the same search applied to every decision instance's shape.
 */
class DecisionInstanceSearchTest {

  private static final int ON_DISK = 2_000;
  private static final int IN_HEAP = 3;

  @TempDir Path folder;

  private HistoryFixture fixture;
  private DecisionController controller;

  /**
   * {@link #ON_DISK} evaluations kept, then {@link #IN_HEAP} more: evaluation {@code i} (key {@code
   * key(i)}, by the task of process instance {@code 10_000 + i}) was {@code ON_DISK + IN_HEAP - i}
   * seconds ago, the last two of those on disk and the first in the heap at the same moment.
   */
  private void evaluate() {
    fixture = HistoryFixture.keptIn(folder);
    for (int i = 0; i < ON_DISK + IN_HEAP; i++) {
      int secondsAgo = i == ON_DISK ? ON_DISK + IN_HEAP - (i - 1) : ON_DISK + IN_HEAP - i;
      fixture.evaluation(
          key(i), 10_000 + i, i % 2 == 0 ? "ladder" : "bitrate", seconds(secondsAgo));
      if (i == ON_DISK - 1) {
        fixture.keep();
      }
    }
    controller = new DecisionController(fixture.decisions(), null);
  }

  @Test
  void aSearchReadsOnlyThePageOfTheDecisionInstancesItSelects() throws Exception {
    evaluate();
    String firstDate = date(controller, "{\"filter\": {\"processInstanceKey\": \"10100\"}}");
    // Every decision instance on disk but those the searches below answer is no longer readable:
    // a search that reads one more than its page fails.
    try (Connection database = HistoryFixture.database(folder);
        Statement corrupt = database.createStatement()) {
      corrupt.executeUpdate(
          "UPDATE decision_instance SET instance = X'7B' WHERE instance_key NOT IN ("
              + String.join(
                  ", ",
                  List.of(
                      "'" + key(1500) + "-1'",
                      "'" + key(ON_DISK - 1) + "-1'",
                      "'" + key(ON_DISK - 2) + "-1'",
                      "'" + key(100) + "-1'",
                      "'" + key(102) + "-1'",
                      "'" + key(104) + "-1'"))
              + ")");
    }

    ObjectNode one = search("{\"filter\": {\"processInstanceKey\": \"11500\"}}");
    assertThat(one.path("items"))
        .singleElement()
        .satisfies(
            item ->
                assertThat(item.path("decisionEvaluationInstanceKey").asText())
                    .isEqualTo(key(1500) + "-1"));
    assertThat(one.path("page").path("totalItems").asLong()).isEqualTo(1);

    ObjectNode newest =
        search(
            "{\"sort\": [{\"field\": \"evaluationDate\", \"order\": \"DESC\"}],"
                + " \"page\": {\"limit\": 5}}");
    assertThat(keys(newest))
        .containsExactly(
            key(ON_DISK + 2) + "-1",
            key(ON_DISK + 1) + "-1",
            key(ON_DISK - 1) + "-1",
            key(ON_DISK) + "-1",
            key(ON_DISK - 2) + "-1");
    assertThat(newest.path("page").path("totalItems").asLong()).isEqualTo(ON_DISK + IN_HEAP);

    ObjectNode inRange =
        search(
            "{\"filter\": {\"decisionDefinitionId\": \"ladder\", \"state\": \"EVALUATED\","
                + " \"tenantId\": \"<default>\", \"evaluationDate\": {\"$gte\": \""
                + firstDate
                + "\", \"$lt\": \""
                + Instant.parse(firstDate).plusSeconds(6)
                + "\"}}}");
    assertThat(keys(inRange)).containsExactly(key(100) + "-1", key(102) + "-1", key(104) + "-1");
  }

  @Test
  void theDatabaseAnswersAsTheSearchOverEveryShapeDoes() throws Exception {
    evaluate();
    Lookup<ObjectNode> everyShape =
        new Lookup<>(
            Set.of(),
            none ->
                fixture.decisions().instances().stream()
                    .map(DecisionController::instance)
                    .toList());
    String firstDate = date(controller, "{\"filter\": {\"processInstanceKey\": \"10100\"}}");
    for (String query :
        List.of(
            "{}",
            "{\"page\": {\"from\": 1995, \"limit\": 10}}",
            "{\"sort\": [{\"field\": \"evaluationDate\"}], \"page\": {\"from\": 1990}}",
            "{\"sort\": [{\"field\": \"evaluationDate\", \"order\": \"DESC\"}]}",
            "{\"filter\": {\"decisionDefinitionKey\": {\"$in\": [\"500\", \"501\"]},"
                + " \"decisionDefinitionId\": \"bitrate\"}, \"page\": {\"limit\": 1000}}",
            "{\"filter\": {\"evaluationDate\": {\"$gt\": \""
                + firstDate
                + "\"}},"
                + " \"sort\": [{\"field\": \"evaluationDate\", \"order\": \"DESC\"}]}",
            "{\"filter\": {\"evaluationDate\": {\"$lte\": \""
                + firstDate
                + "\"},"
                + " \"decisionDefinitionName\": \"ladder\"}}",
            "{\"filter\": {\"decisionEvaluationInstanceKey\": \"" + key(ON_DISK + 1) + "-1\"}}",
            "{\"filter\": {\"state\": \"FAILED\"}}",
            "{\"sort\": [{\"field\": \"processInstanceKey\", \"order\": \"DESC\"}],"
                + " \"page\": {\"limit\": 3}}")) {
      assertThat(search(query))
          .as(query)
          .isEqualTo(Search.of(ApiJson.MAPPER.readTree(query)).apply(everyShape, item -> item));
    }
  }

  @Test
  void decisionInstancesKeptBeforeTheirFieldsHadColumnsAreFoundByThem() throws Exception {
    evaluate();
    try (Connection database = HistoryFixture.database(folder);
        Statement forget = database.createStatement()) {
      forget.executeUpdate(
          "UPDATE decision_instance SET state = NULL, decision_key = NULL, decision_id = NULL,"
              + " process_instance_key = NULL, tenant_id = NULL");
    }
    var restarted = new DecisionController(HistoryFixture.keptIn(folder).decisions(), null);

    ObjectNode found =
        restarted.searchInstances(
            ApiJson.MAPPER.readTree(
                "{\"filter\": {\"processInstanceKey\": \"11500\", \"decisionDefinitionId\":"
                    + " \"ladder\", \"decisionDefinitionKey\": \"500\", \"state\": \"EVALUATED\","
                    + " \"tenantId\": \"<default>\"}}"));
    assertThat(keys(found)).containsExactly(key(1500) + "-1");
  }

  private ObjectNode search(String query) throws Exception {
    return controller.searchInstances(ApiJson.MAPPER.readTree(query));
  }

  private static String date(DecisionController controller, String query) throws Exception {
    return controller
        .searchInstances(ApiJson.MAPPER.readTree(query))
        .path("items")
        .get(0)
        .path("evaluationDate")
        .asText();
  }

  private static List<String> keys(JsonNode answer) {
    var keys = new ArrayList<String>();
    answer
        .path("items")
        .forEach(item -> keys.add(item.path("decisionEvaluationInstanceKey").asText()));
    return keys;
  }

  private static long key(int evaluation) {
    return 1_000_000 + 10L * evaluation;
  }

  private static Duration seconds(int seconds) {
    return Duration.ofSeconds(seconds);
  }
}
