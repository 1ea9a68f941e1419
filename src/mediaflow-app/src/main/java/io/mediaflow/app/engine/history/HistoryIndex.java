package io.mediaflow.app.engine.history;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.NavigableSet;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;
import java.util.function.ToLongFunction;
import java.util.stream.LongStream;

/**
 * The items of one kind the history keeps (element instances, variables, ...), by key, and for each
 * indexed field the keys of the items by the field's value, so that a search with a filter on such
 * a field reads only the items that have the value, not every item kept. Fields are named and their
 * values written as the REST API's result shapes have them ({@code processInstanceKey} as text,
 * {@code state} as the API's enum), so that an index answers exactly what the search's filter on
 * the shape would. Not thread-safe: {@link ProcessHistory} guards it.
 */
final class HistoryIndex<T> {

  private final String kind;
  private final ToLongFunction<T> key;
  private final Map<String, Function<T, String>> fields;
  private final KeyMap<T> byKey = new KeyMap<>();

  /** Field, value, the keys of the items that have it. */
  private final Map<String, Map<String, KeyMap<Void>>> postings = new HashMap<>();

  HistoryIndex(String kind, ToLongFunction<T> key, Map<String, Function<T, String>> fields) {
    this.kind = kind;
    this.key = key;
    this.fields = Map.copyOf(fields);
    fields.keySet().forEach(field -> postings.put(field, new HashMap<>()));
  }

  /** The kind of item, as its postings in {@link EndedInstances} name it. */
  String kind() {
    return kind;
  }

  /** The fields a search can narrow by. */
  Set<String> fields() {
    return fields.keySet();
  }

  /** Adds the item, or replaces the one with its key (whose field values may have changed). */
  void put(T item) {
    long k = key.applyAsLong(item);
    T previous = byKey.put(k, item);
    fields.forEach(
        (field, value) -> {
          String before = previous == null ? null : value.apply(previous);
          String after = value.apply(item);
          if (before != null && !before.equals(after)) {
            unpost(field, before, k);
          }
          if (after != null) {
            postings.get(field).computeIfAbsent(after, v -> new KeyMap<>()).add(k);
          }
        });
  }

  long keyOf(T item) {
    return key.applyAsLong(item);
  }

  /**
   * Whether the item has, for each indexed field named, one of its values: what {@link #matching}
   * answers, for an item held elsewhere.
   */
  boolean matches(T item, Map<String, Set<String>> wanted) {
    return matches(fields, item, wanted);
  }

  /**
   * Whether the item has, for each of {@code fields} that {@code wanted} names, one of its values;
   * a field of no index narrows nothing.
   */
  static <T> boolean matches(
      Map<String, Function<T, String>> fields, T item, Map<String, Set<String>> wanted) {
    for (Map.Entry<String, Set<String>> field : wanted.entrySet()) {
      Function<T, String> value = fields.get(field.getKey());
      if (value != null && !field.getValue().contains(value.apply(item))) {
        return false;
      }
    }
    return true;
  }

  T get(long k) {
    return byKey.get(k);
  }

  void remove(long k) {
    T item = byKey.get(k);
    if (item != null) {
      byKey.remove(k);
      fields.forEach(
          (field, value) -> {
            String v = value.apply(item);
            if (v != null) {
              unpost(field, v, k);
            }
          });
    }
  }

  /** Removes the items whose {@code field} has {@code value}. */
  void removeWhere(String field, String value) {
    KeyMap<Void> keys = postings.get(field).get(value);
    if (keys != null) {
      for (long k : keys.toArray()) {
        remove(k);
      }
    }
  }

  /** Every item, by key. */
  List<T> all() {
    return byKey.values();
  }

  /** The items whose {@code field} has {@code value}, by key. */
  List<T> where(String field, String value) {
    return keys(postings.get(field), value).mapToObj(byKey::get).toList();
  }

  /**
   * The items that have, for each field named, one of its values, by key; a field of no index
   * narrows nothing. Starts from the field with the fewest items, so that the cost follows the
   * answer, not what is kept.
   */
  List<T> matching(Map<String, Set<String>> wanted) {
    List<NavigableSet<Long>> sets = new ArrayList<>();
    wanted.forEach(
        (field, values) -> {
          Map<String, KeyMap<Void>> index = postings.get(field);
          if (index != null) {
            NavigableSet<Long> union = new TreeSet<>();
            values.forEach(value -> keys(index, value).forEach(union::add));
            sets.add(union);
          }
        });
    if (sets.isEmpty()) {
      return all();
    }
    sets.sort(Comparator.comparingInt(Collection::size));
    NavigableSet<Long> keys = new TreeSet<>(sets.get(0));
    sets.subList(1, sets.size()).forEach(keys::retainAll);
    return keys.stream().map(byKey::get).toList();
  }

  /** The keys of the items whose field has {@code value}, of the field's {@code index}. */
  private static LongStream keys(Map<String, KeyMap<Void>> index, String value) {
    KeyMap<Void> keys = index.get(value);
    return keys == null ? LongStream.empty() : keys.keys();
  }

  private void unpost(String field, String value, long k) {
    Map<String, KeyMap<Void>> index = postings.get(field);
    KeyMap<Void> keys = index.get(value);
    if (keys != null) {
      keys.remove(k);
      if (keys.isEmpty()) {
        index.remove(value);
      }
    }
  }
}
