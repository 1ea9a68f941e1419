package io.mediaflow.app.engine.history;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

/**
 * What a search can narrow by ahead of its filter: the fields of one kind's index ({@link
 * HistoryIndex}), the date fields it can narrow to a range and the fields it can order by, and the
 * items a {@link Query} selects, in its order, else in the lookup's own (by key, or as evaluated
 * for decision instances).
 */
public record Lookup<T>(
    Set<String> fields, Set<String> dates, Set<String> orders, Function<Query, List<T>> find) {

  /** A lookup that narrows by the values of indexed fields alone, its items by key. */
  public Lookup(Set<String> fields, Function<Map<String, Set<String>>, List<T>> matching) {
    this(fields, Set.of(), Set.of(), query -> matching.apply(query.values()));
  }

  /** The items that have, for each field named, one of the values given, in the lookup's order. */
  public Function<Map<String, Set<String>>, List<T>> matching() {
    return values -> find.apply(new Query(values, Map.of(), List.of()));
  }

  /**
   * For each of {@code values}' fields one of its values, for each of {@code dates}' fields a date
   * within its range; in the order of {@code order}'s fields, then in the lookup's own order.
   */
  public record Query(
      Map<String, Set<String>> values, Map<String, DateRange> dates, List<Order> order) {}

  /** The dates from {@code from} to {@code to}, both included, to the millisecond kept. */
  public record DateRange(long from, long to) {

    public boolean contains(Instant date) {
      long millis = date.toEpochMilli();
      return millis >= from && millis <= to;
    }
  }

  public record Order(String field, boolean descending) {}
}
