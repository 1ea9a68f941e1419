package io.mediaflow.app.rest;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.camunda.client.protocol.rest.SearchQueryPageResponse;
import io.mediaflow.app.engine.history.Lookup;
import io.mediaflow.app.engine.history.Variable;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.BiPredicate;
import java.util.function.Function;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * A search request of the REST API ({@code filter}, {@code sort}, {@code page}) applied to result
 * items in their API shape. A filter field names a field of the result and holds either a value
 * (equality) or an advanced filter ({@code $eq}, {@code $neq}, {@code $exists}, {@code $in}, {@code
 * $notIn}, {@code $like}, {@code $gt}, {@code $gte}, {@code $lt}, {@code $lte}); a field that holds
 * a list matches when one of its entries does. Pages are offsets ({@code from}, {@code limit}) or
 * cursors ({@code after}, {@code before}) as returned in {@code page.startCursor}/{@code
 * page.endCursor}.
 */
final class Search {

  private static final int DEFAULT_LIMIT = 100;
  private static final int MAX_LIMIT = 10_000;

  /**
   * How far a search counts its matches, as Camunda 8 Run's secondary storage does (Elasticsearch's
   * total hits, RDBMS's {@code max-total-hits}): beyond it, {@code totalItems} says this many and
   * {@code hasMoreTotalItems} that there are more.
   */
  static final int MAX_TOTAL_ITEMS = 10_000;

  private final JsonNode filter;
  private final JsonNode sort;
  private final RequestObject page;
  private final Map<String, BiPredicate<ObjectNode, JsonNode>> specialFilters;

  private Search(JsonNode request, Map<String, BiPredicate<ObjectNode, JsonNode>> specialFilters) {
    RequestObject body = RequestObject.of(request, "a search", Set.of("filter", "sort", "page"));
    this.filter = body.get("filter");
    this.sort = body.get("sort");
    this.page = body.object("page", Set.of("from", "limit", "after", "before"));
    this.specialFilters = specialFilters;
  }

  static Search of(JsonNode request) {
    return new Search(request, Map.of());
  }

  /**
   * With filter fields that are not fields of the result, such as a user task's {@code
   * candidateGroup}.
   */
  static Search of(
      JsonNode request, Map<String, BiPredicate<ObjectNode, JsonNode>> specialFilters) {
    return new Search(request, specialFilters);
  }

  /**
   * The search over the items of a {@link Lookup}: the filter's conditions on the lookup's indexed
   * fields (a value, {@code $eq}, {@code $in}) and on its date fields ({@code $gt}, {@code $gte},
   * {@code $lt}, {@code $lte}) narrow the items first, in the sort asked for when the lookup can
   * order by its fields; the rest of the filter and the sort are then applied to the shapes of what
   * is left. When the lookup answers the whole filter and the sort, only the page's items are
   * shaped. Either way the items come in the lookup's own order unless sorted otherwise.
   */
  <T> ObjectNode apply(Lookup<T> lookup, Function<T, ObjectNode> shape) {
    Map<String, Set<String>> wanted = new HashMap<>();
    Map<String, Lookup.DateRange> dates = new HashMap<>();
    boolean indexAnswers = true;
    for (Iterator<Map.Entry<String, JsonNode>> fields = filter.fields(); fields.hasNext(); ) {
      var field = fields.next();
      if (noCondition(field.getValue())
          || lookup.fields().contains(field.getKey()) && anyValue(field.getValue())) {
        continue;
      }
      Optional<Set<String>> values =
          lookup.fields().contains(field.getKey())
              ? indexValues(field.getValue())
              : Optional.empty();
      values.ifPresent(v -> wanted.put(field.getKey(), v));
      Optional<Lookup.DateRange> range =
          lookup.dates().contains(field.getKey()) ? dateRange(field.getValue()) : Optional.empty();
      range.ifPresent(r -> dates.put(field.getKey(), r));
      indexAnswers &= values.isPresent() || range.isPresent();
    }
    Optional<List<Lookup.Order>> order = lookupOrder(lookup);
    List<T> candidates =
        lookup.find().apply(new Lookup.Query(wanted, dates, order.orElse(List.of())));
    if (indexAnswers && order.isPresent()) {
      return page(candidates, shape);
    }
    return apply(candidates.stream().map(shape));
  }

  /**
   * The sort as the lookup's order, when it can order by each of its fields (none when no sort is
   * asked for); empty when the shapes must be sorted.
   */
  private Optional<List<Lookup.Order>> lookupOrder(Lookup<?> lookup) {
    if (sort.isEmpty()) {
      return Optional.of(List.of());
    }
    checkSort(List.of());
    var order = new ArrayList<Lookup.Order>();
    for (JsonNode criterion : sort) {
      String field = criterion.path("field").asText();
      if (!lookup.orders().contains(field)) {
        return Optional.empty();
      }
      order.add(
          new Lookup.Order(field, "DESC".equalsIgnoreCase(criterion.path("order").asText("ASC"))));
    }
    return Optional.of(order);
  }

  /**
   * The dates a date field's condition allows, to the millisecond, when it is made of {@code $gt},
   * {@code $gte}, {@code $lt} and {@code $lte} of dates; empty when it needs the shape.
   */
  private static Optional<Lookup.DateRange> dateRange(JsonNode condition) {
    if (!condition.isObject() || condition.isEmpty()) {
      return Optional.empty();
    }
    long from = Long.MIN_VALUE;
    long to = Long.MAX_VALUE;
    for (Iterator<Map.Entry<String, JsonNode>> ops = condition.fields(); ops.hasNext(); ) {
      var op = ops.next();
      if (!op.getValue().isTextual()) {
        return Optional.empty();
      }
      long floor;
      long ceiling;
      try {
        Instant date = OffsetDateTime.parse(op.getValue().asText()).toInstant();
        floor = date.toEpochMilli();
        ceiling = floor + (date.getNano() % 1_000_000 == 0 ? 0 : 1);
      } catch (DateTimeParseException | ArithmeticException notADate) {
        return Optional.empty();
      }
      switch (op.getKey()) {
        case "$gt" -> from = Math.max(from, floor + 1);
        case "$gte" -> from = Math.max(from, ceiling);
        case "$lt" -> to = Math.min(to, ceiling - 1);
        case "$lte" -> to = Math.min(to, floor);
        default -> {
          return Optional.empty();
        }
      }
    }
    return Optional.of(new Lookup.DateRange(from, to));
  }

  /**
   * The values an indexed field's condition allows, when a plain value, {@code $eq} and {@code $in}
   * say it all; empty when it needs the shape ({@code $like}, {@code $neq}, ...).
   */
  private static Optional<Set<String>> indexValues(JsonNode condition) {
    if (condition.isValueNode()) {
      return Optional.of(Set.of(condition.asText()));
    }
    if (!condition.isObject()) {
      return Optional.empty();
    }
    Set<String> values = null;
    for (Iterator<Map.Entry<String, JsonNode>> ops = condition.fields(); ops.hasNext(); ) {
      var op = ops.next();
      Set<String> allowed = new HashSet<>();
      if (op.getKey().equals("$eq") && op.getValue().isValueNode() && !op.getValue().isNull()) {
        allowed.add(op.getValue().asText());
      } else if (op.getKey().equals("$in") && op.getValue().isArray()) {
        for (JsonNode value : op.getValue()) {
          if (!value.isValueNode() || value.isNull()) {
            return Optional.empty();
          }
          allowed.add(value.asText());
        }
        if (allowed.isEmpty()) {
          continue; // Camunda's clients send an empty $in along with $eq: no constraint
        }
      } else {
        return Optional.empty();
      }
      if (values != null) {
        allowed.retainAll(values);
      }
      values = allowed;
    }
    return Optional.ofNullable(values);
  }

  /**
   * A condition an indexed field (one value, never a list) meets whatever its value: only empty
   * {@code $in}s.
   */
  private static boolean anyValue(JsonNode condition) {
    if (!condition.isObject()) {
      return false;
    }
    for (Iterator<Map.Entry<String, JsonNode>> ops = condition.fields(); ops.hasNext(); ) {
      var op = ops.next();
      if (!op.getKey().equals("$in") || !op.getValue().isArray() || !op.getValue().isEmpty()) {
        return false;
      }
    }
    return true;
  }

  /** A filter field that is no condition: null, or an empty list. */
  private static boolean noCondition(JsonNode value) {
    return value.isNull() || value.isArray() && value.isEmpty();
  }

  ObjectNode apply(Stream<ObjectNode> items) {
    List<ObjectNode> all = items.toList();
    checkSort(all);
    List<ObjectNode> matching = new ArrayList<>(all.stream().filter(this::matches).toList());
    matching.sort(order());
    return page(matching, Function.identity());
  }

  /** The page asked for of {@code all}, of which only the page's items are shaped. */
  private <T> ObjectNode page(List<T> all, Function<T, ObjectNode> shape) {
    int total = all.size();
    int from = (int) Math.min(page.number("from", 0, 0), Integer.MAX_VALUE);
    int limit = (int) Math.min(page.number("limit", 0, DEFAULT_LIMIT), MAX_LIMIT);
    if (page.has("after")) {
      from = cursor(page.text("after", null)) + 1;
    } else if (page.has("before")) {
      from = Math.max(0, cursor(page.text("before", null)) - limit);
    }
    List<T> selected =
        all.subList(Math.min(from, total), (int) Math.min((long) from + limit, total));
    ObjectNode result = Shapes.object();
    result.putArray("items").addAll(selected.stream().map(shape).toList());
    result.set(
        "page",
        Shapes.tree(
            new SearchQueryPageResponse()
                .totalItems((long) Math.min(total, MAX_TOTAL_ITEMS))
                .hasMoreTotalItems(total > MAX_TOTAL_ITEMS)
                .startCursor(selected.isEmpty() ? null : cursor(from))
                .endCursor(selected.isEmpty() ? null : cursor(from + selected.size() - 1))));
    return result;
  }

  boolean matches(ObjectNode item) {
    return matches(item, filter);
  }

  /**
   * Every field's condition holds; {@code $or} holds when one of its filters does. Empty lists are
   * no condition.
   */
  private boolean matches(ObjectNode item, JsonNode filter) {
    for (Iterator<Map.Entry<String, JsonNode>> fields = filter.fields(); fields.hasNext(); ) {
      var field = fields.next();
      if (noCondition(field.getValue())) {
        continue;
      }
      if (field.getKey().equals("$or")) {
        if (!stream(field.getValue()).anyMatch(alternative -> matches(item, alternative))) {
          return false;
        }
        continue;
      }
      var special = specialFilters.get(field.getKey());
      if (special != null) {
        if (!special.test(item, field.getValue())) {
          return false;
        }
      } else if (!item.has(field.getKey())) {
        throw ApiProblem.invalid(
            "filter." + field.getKey() + " is not a field this search can filter by");
      } else if (!matches(item.get(field.getKey()), field.getValue(), "filter." + field.getKey())) {
        return false;
      }
    }
    return true;
  }

  static boolean matches(JsonNode actual, JsonNode condition, String where) {
    if (actual.isArray()) {
      for (JsonNode entry : actual) {
        if (matches(entry, condition, where)) {
          return true;
        }
      }
      return condition.isObject()
          && condition.has("$exists")
          && !condition.get("$exists").asBoolean();
    }
    if (!condition.isObject()) {
      return same(actual, condition);
    }
    for (Iterator<Map.Entry<String, JsonNode>> ops = condition.fields(); ops.hasNext(); ) {
      var op = ops.next();
      JsonNode operand = op.getValue();
      boolean holds =
          switch (op.getKey()) {
            case "$eq" -> same(actual, operand);
            case "$neq" -> !same(actual, operand);
            case "$exists" -> operand.asBoolean() != actual.isNull();
            // Camunda's clients send an empty $in along with $eq: no constraint.
            case "$in" ->
                operand.isEmpty() || stream(operand).anyMatch(value -> same(actual, value));
            case "$notIn" -> stream(operand).noneMatch(value -> same(actual, value));
            case "$like" ->
                !actual.isNull() && like(operand.asText()).matcher(actual.asText()).matches();
            case "$gt" -> !actual.isNull() && compare(actual, operand) > 0;
            case "$gte" -> !actual.isNull() && compare(actual, operand) >= 0;
            case "$lt" -> !actual.isNull() && compare(actual, operand) < 0;
            case "$lte" -> !actual.isNull() && compare(actual, operand) <= 0;
            default ->
                throw ApiProblem.invalid(
                    where
                        + " has an unknown operator "
                        + op.getKey()
                        + "; supported: $eq, $neq, $exists, $in, $notIn, $like, $gt, $gte, $lt, $lte");
          };
      if (!holds) {
        return false;
      }
    }
    return true;
  }

  /**
   * A variables filter ({@code [{name, value}]}, as process instance and user task searches take
   * it): each named variable is among {@code variables} with that value (its JSON text, or an
   * advanced filter on it).
   */
  static boolean hasVariables(Map<String, Variable> variables, JsonNode filters, String where) {
    for (JsonNode filter : filters) {
      Variable variable = variables.get(filter.path("name").asText());
      if (variable == null
          || !matches(
              CamundaJson.MAPPER.getNodeFactory().textNode(variable.value()),
              filter.path("value"),
              where)) {
        return false;
      }
    }
    return true;
  }

  /** Values compare as text, so {@code "2251799813685249"} matches the key 2251799813685249. */
  private static boolean same(JsonNode actual, JsonNode expected) {
    return !actual.isNull() && actual.asText().equals(expected.asText());
  }

  private static int compare(JsonNode actual, JsonNode operand) {
    if (actual.isNumber() || operand.isNumber()) {
      return Double.compare(actual.asDouble(), operand.asDouble());
    }
    return compareText(actual.asText(), operand.asText());
  }

  /**
   * By time when both are dates (a date's text leaves out a whole second's fraction), else as text.
   */
  private static int compareText(String a, String b) {
    if (DATE.matcher(a).lookingAt() && DATE.matcher(b).lookingAt()) {
      try {
        return OffsetDateTime.parse(a).compareTo(OffsetDateTime.parse(b));
      } catch (DateTimeParseException notDates) {
        // compared as text
      }
    }
    return a.compareTo(b);
  }

  /** {@code $like}: {@code *} any characters, {@code ?} one; a backslash escapes them. */
  private static Pattern like(String pattern) {
    var regex = new StringBuilder();
    for (int i = 0; i < pattern.length(); i++) {
      char c = pattern.charAt(i);
      if (c == '\\' && i + 1 < pattern.length()) {
        regex.append(Pattern.quote(String.valueOf(pattern.charAt(++i))));
      } else if (c == '*') {
        regex.append(".*");
      } else if (c == '?') {
        regex.append('.');
      } else {
        regex.append(Pattern.quote(String.valueOf(c)));
      }
    }
    return Pattern.compile(regex.toString(), Pattern.DOTALL);
  }

  private static Stream<JsonNode> stream(JsonNode array) {
    var values = new ArrayList<JsonNode>();
    array.forEach(values::add);
    return values.stream();
  }

  /**
   * Each sort criterion names a field of the result and an order of {@code ASC} or {@code DESC}, as
   * Camunda requires: an unknown field is refused, not ignored. Fields are known from the results
   * searched (an empty store has none to check against).
   */
  private void checkSort(List<ObjectNode> items) {
    if (sort.isMissingNode() || sort.isNull()) {
      return;
    }
    if (!sort.isArray()) {
      throw ApiProblem.invalid("sort must be a list of {field, order}");
    }
    for (JsonNode criterion : sort) {
      String field = criterion.path("field").asText("");
      if (field.isEmpty()) {
        throw ApiProblem.invalid("sort[].field is required");
      }
      String order = criterion.path("order").asText("ASC");
      if (!order.equalsIgnoreCase("ASC") && !order.equalsIgnoreCase("DESC")) {
        throw ApiProblem.invalid("sort[].order must be ASC or DESC, got '" + order + "'");
      }
      if (!items.isEmpty() && !items.get(0).has(field)) {
        throw ApiProblem.invalid(
            "sort[].field '" + field + "' is not a field this search can sort by");
      }
    }
  }

  private Comparator<ObjectNode> order() {
    Comparator<ObjectNode> order = (a, b) -> 0;
    for (JsonNode criterion : sort) {
      String field = criterion.path("field").asText();
      boolean descending = "DESC".equalsIgnoreCase(criterion.path("order").asText("ASC"));
      Comparator<ObjectNode> byField = (a, b) -> compareForSort(a.path(field), b.path(field));
      order = order.thenComparing(descending ? byField.reversed() : byField);
    }
    return order;
  }

  /** Missing values last; keys (numbers as text) by number. */
  private static int compareForSort(JsonNode a, JsonNode b) {
    boolean aMissing = a.isMissingNode() || a.isNull();
    boolean bMissing = b.isMissingNode() || b.isNull();
    if (aMissing || bMissing) {
      return Boolean.compare(aMissing, bMissing);
    }
    if (NUMBER.matcher(a.asText()).matches() && NUMBER.matcher(b.asText()).matches()) {
      return Double.compare(Double.parseDouble(a.asText()), Double.parseDouble(b.asText()));
    }
    return compareText(a.asText(), b.asText());
  }

  private static final Pattern NUMBER = Pattern.compile("-?\\d+(\\.\\d+)?");
  private static final Pattern DATE = Pattern.compile("\\d{4}-\\d\\d-\\d\\dT");

  private static String cursor(int index) {
    return Base64.getUrlEncoder()
        .withoutPadding()
        .encodeToString(("" + index).getBytes(StandardCharsets.UTF_8));
  }

  private static int cursor(String cursor) {
    try {
      int position =
          Integer.parseInt(
              new String(Base64.getUrlDecoder().decode(cursor), StandardCharsets.UTF_8));
      if (position >= 0 && position < Integer.MAX_VALUE) {
        return position;
      }
    } catch (IllegalArgumentException e) {
      // not a cursor of ours
    }
    throw ApiProblem.invalid("page cursor '" + cursor + "' is not one this API returned");
  }
}
