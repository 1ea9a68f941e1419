package io.mediaflow.app.engine.history;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

class HistoryIndexTest {

  record Task(long key, String instance, String assignee) {}

  private final HistoryIndex<Task> index =
      new HistoryIndex<>(
          "tasks",
          Task::key,
          Map.of("processInstanceKey", Task::instance, "assignee", Task::assignee));

  @Test
  void anItemIsFoundByTheValuesItHasNowNotThoseItHad() {
    index.put(new Task(3, "1", "ann"));
    index.put(new Task(2, "1", null));
    index.put(new Task(5, "2", "ann"));
    index.put(new Task(3, "1", "bob"));

    assertThat(index.where("assignee", "ann")).extracting(Task::key).containsExactly(5L);
    assertThat(index.where("assignee", "bob")).extracting(Task::key).containsExactly(3L);
    assertThat(index.matching(Map.of("processInstanceKey", Set.of("1"))))
        .as("by key")
        .extracting(Task::key)
        .containsExactly(2L, 3L);
  }

  @Test
  void theFieldsNamedNarrowTogetherAndOthersNotAtAll() {
    index.put(new Task(1, "1", "ann"));
    index.put(new Task(2, "2", "ann"));
    index.put(new Task(3, "2", "bob"));
    index.put(new Task(4, "3", "ann"));

    assertThat(
            index.matching(
                Map.of("processInstanceKey", Set.of("2", "3"), "assignee", Set.of("ann"))))
        .extracting(Task::key)
        .containsExactly(2L, 4L);
    assertThat(index.matching(Map.of("name", Set.of("Review")))).hasSize(4);
    assertThat(index.matching(Map.of("assignee", Set.of("carl")))).isEmpty();
  }

  @Test
  void removingAnInstancesItemsLeavesNoTraceInAnyField() {
    index.put(new Task(1, "1", "ann"));
    index.put(new Task(2, "1", "bob"));
    index.put(new Task(3, "2", "ann"));
    index.removeWhere("processInstanceKey", "1");

    assertThat(index.all()).extracting(Task::key).containsExactly(3L);
    assertThat(index.where("assignee", "bob")).isEmpty();
    assertThat(index.where("assignee", "ann")).extracting(Task::key).containsExactly(3L);
    assertThat(index.get(1)).isNull();
  }
}
