package io.mediaflow.app.rest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.mediaflow.api.ApiJson;
import io.mediaflow.app.engine.history.Lookup;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

class SearchTest {

  private static final List<ObjectNode> TASKS =
      IntStream.rangeClosed(1, 5)
          .mapToObj(
              i -> {
                ObjectNode task = ApiJson.MAPPER.createObjectNode();
                task.put("userTaskKey", Integer.toString(i * 10));
                task.put("name", i % 2 == 0 ? "Review renditions" : "Decide on the failed job");
                task.put("state", i == 5 ? "COMPLETED" : "CREATED");
                task.putArray("candidateGroups").add(i == 1 ? "producers" : "editors");
                return task;
              })
          .toList();

  @Test
  void aTotalBeyondWhatCamundaCountsSaysThereAreMore() throws Exception {
    var request = ApiJson.MAPPER.readTree("{\"page\": {\"limit\": 1}}");
    JsonNode counted = Search.of(request).apply(items(Search.MAX_TOTAL_ITEMS)).path("page");
    assertThat(counted.path("totalItems").asLong()).isEqualTo(Search.MAX_TOTAL_ITEMS);
    assertThat(counted.path("hasMoreTotalItems").asBoolean()).isFalse();
    JsonNode capped = Search.of(request).apply(items(Search.MAX_TOTAL_ITEMS + 1)).path("page");
    assertThat(capped.path("totalItems").asLong()).isEqualTo(Search.MAX_TOTAL_ITEMS);
    assertThat(capped.path("hasMoreTotalItems").asBoolean()).isTrue();
  }

  private static Stream<ObjectNode> items(int count) {
    return IntStream.range(0, count)
        .mapToObj(i -> ApiJson.MAPPER.createObjectNode().put("key", Integer.toString(i)));
  }

  @Test
  void filtersAsCamundasClientsSendThem() {
    assertThat(keys("{\"filter\": {\"state\": {\"$eq\": \"CREATED\", \"$in\": []}}}"))
        .containsExactly("10", "20", "30", "40");
    assertThat(keys("{\"filter\": {\"userTaskKey\": \"30\"}}")).containsExactly("30");
    assertThat(
            keys(
                "{\"filter\": {\"name\": {\"$like\": \"Review*\"}, \"state\": {\"$neq\": \"COMPLETED\"}}}"))
        .containsExactly("20", "40");
    assertThat(keys("{\"filter\": {\"userTaskKey\": {\"$in\": [\"10\", \"50\"]}}}"))
        .containsExactly("10", "50");
    assertThat(keys("{\"filter\": {\"candidateGroups\": \"producers\"}}")).containsExactly("10");
    assertThat(
            keys(
                "{\"filter\": {\"$or\": [{\"userTaskKey\": \"10\"}, {\"state\": \"COMPLETED\"}], \"tags\": []}}"))
        .containsExactly("10", "50");
  }

  @Test
  void anUnknownFieldOrOperatorIsNamed() {
    assertThatThrownBy(() -> keys("{\"filter\": {\"colour\": \"blue\"}}"))
        .hasMessageContaining("filter.colour");
    assertThatThrownBy(() -> keys("{\"filter\": {\"state\": {\"$near\": \"x\"}}}"))
        .hasMessageContaining("filter.state has an unknown operator $near");
  }

  /** As Camunda: a sort by a field the result lacks is refused, not silently unsorted. */
  @Test
  void anUnknownSortFieldOrOrderIsNamed() {
    assertThatThrownBy(() -> keys("{\"sort\": [{\"field\": \"colour\"}]}"))
        .hasMessageContaining("sort[].field 'colour'");
    assertThatThrownBy(() -> keys("{\"sort\": [{\"field\": \"name\", \"order\": \"UP\"}]}"))
        .hasMessageContaining("sort[].order must be ASC or DESC, got 'UP'");
    assertThat(keys("{\"sort\": [{\"field\": \"name\", \"order\": \"desc\"}]}")).hasSize(5);
  }

  @Test
  void sortsAndPagesWithCursors() {
    String byKeyDescending = "\"sort\": [{\"field\": \"userTaskKey\", \"order\": \"DESC\"}]";
    JsonNode first = search("{" + byKeyDescending + ", \"page\": {\"limit\": 2}}");
    assertThat(first.at("/page/totalItems").asInt()).isEqualTo(5);
    assertThat(keysOf(first)).containsExactly("50", "40");
    JsonNode second =
        search(
            "{"
                + byKeyDescending
                + ", \"page\": {\"limit\": 2, \"after\": \""
                + first.at("/page/endCursor").asText()
                + "\"}}");
    assertThat(keysOf(second)).containsExactly("30", "20");
    JsonNode back =
        search(
            "{"
                + byKeyDescending
                + ", \"page\": {\"limit\": 2, \"before\": \""
                + second.at("/page/startCursor").asText()
                + "\"}}");
    assertThat(keysOf(back)).containsExactly("50", "40");
  }

  /** The tasks by state and key, as an index of the history finds them. */
  private static final Lookup<ObjectNode> BY_STATE_AND_KEY =
      new Lookup<>(
          Set.of("state", "userTaskKey"),
          wanted ->
              TASKS.stream()
                  .filter(
                      task ->
                          wanted.entrySet().stream()
                              .allMatch(
                                  field ->
                                      field
                                          .getValue()
                                          .contains(task.path(field.getKey()).asText())))
                  .toList());

  @Test
  void overAnIndexTheAnswersAreThoseOfTheFilterOnEveryItem() throws Exception {
    for (String query :
        List.of(
            "{}",
            "{\"filter\": {\"state\": \"CREATED\"}}",
            "{\"filter\": {\"state\": {\"$eq\": \"CREATED\", \"$in\": []}}, \"page\": {\"limit\": 2}}",
            "{\"filter\": {\"userTaskKey\": {\"$in\": [\"10\", \"50\", \"60\"]}, \"state\": {\"$in\": []}}}",
            "{\"filter\": {\"state\": {\"$eq\": \"CREATED\", \"$in\": [\"COMPLETED\"]}}}",
            "{\"filter\": {\"state\": \"CREATED\", \"name\": {\"$like\": \"Review*\"}}}",
            "{\"filter\": {\"state\": {\"$neq\": \"COMPLETED\"}}, \"page\": {\"from\": 1, \"limit\": 2}}",
            "{\"filter\": {\"$or\": [{\"userTaskKey\": \"10\"}, {\"state\": \"COMPLETED\"}]}}",
            "{\"filter\": {\"state\": \"CREATED\"}, \"sort\": [{\"field\": \"name\"}]}")) {
      JsonNode request = ApiJson.MAPPER.readTree(query);
      assertThat(Search.of(request).apply(BY_STATE_AND_KEY, task -> task))
          .as(query)
          .isEqualTo(Search.of(request).apply(TASKS.stream()));
    }
  }

  @Test
  void aFilterTheIndexAnswersWholeShapesOnlyThePagesItems() throws Exception {
    var shaped = new AtomicInteger();
    String query = "{\"filter\": {\"state\": \"CREATED\"}, \"page\": {\"limit\": 1}}";
    JsonNode page =
        Search.of(ApiJson.MAPPER.readTree(query))
            .apply(
                BY_STATE_AND_KEY,
                task -> {
                  shaped.incrementAndGet();
                  return task;
                });
    assertThat(page.at("/page/totalItems").asInt()).isEqualTo(4);
    assertThat(keysOf(page)).containsExactly("10");
    assertThat(shaped).as("items shaped").hasValue(1);
  }

  private static List<String> keys(String query) {
    return keysOf(search(query));
  }

  private static JsonNode search(String query) {
    try {
      return Search.of(ApiJson.MAPPER.readTree(query))
          .apply(Stream.of(TASKS.toArray(ObjectNode[]::new)));
    } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
      throw new IllegalArgumentException(e);
    }
  }

  private static List<String> keysOf(JsonNode result) {
    var keys = new ArrayList<String>();
    result.path("items").forEach(item -> keys.add(item.path("userTaskKey").asText()));
    return keys;
  }
}
