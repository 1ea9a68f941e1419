package io.mediaflow.live;

import io.mediaflow.api.internal.Rules;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * The filters of {@code GET /v1/live-streams}: each a property path with dots for nested properties
 * ({@code status.name}, {@code params.dvr.enabled}, {@code playback_domain}) and an exact value,
 * {@code null} (the property is null) or {@code notnull}. All conditions must hold. No condition
 * lists every stream.
 */
public final class StreamFilter {

  public static final String NULL = "null";
  public static final String NOT_NULL = "notnull";
  private static final Pattern PATH = Pattern.compile("[A-Za-z0-9_]+(\\.[A-Za-z0-9_]+)*");

  private final Map<String, String> conditions;

  private StreamFilter(Map<String, String> conditions) {
    this.conditions = conditions;
  }

  public static StreamFilter all() {
    return new StreamFilter(Map.of());
  }

  /**
   * Conditions as a process gives them: a null value means {@code null}; numbers and booleans are
   * compared by their text, as the query string carries them. Each path and value is checked.
   */
  public static StreamFilter of(Map<String, ?> conditions) {
    var rules = new Rules();
    var checked = new LinkedHashMap<String, String>();
    if (conditions != null) {
      conditions.forEach(
          (path, value) -> {
            rules.require(
                path != null && PATH.matcher(path).matches(),
                "filters." + path,
                "must be a property path: names joined by dots, such as status.name");
            rules.require(
                value == null
                    || value instanceof String
                    || value instanceof Number
                    || value instanceof Boolean,
                "filters." + path,
                "must be an exact value, null or notnull");
            checked.put(path, value == null ? NULL : String.valueOf(value));
          });
    }
    rules.throwIfBroken();
    return new StreamFilter(Collections.unmodifiableMap(checked));
  }

  /** This filter and {@code path} equal to {@code value}. */
  public StreamFilter and(String path, String value) {
    var more = new LinkedHashMap<String, Object>(conditions);
    more.put(path, value);
    return of(more);
  }

  public StreamFilter andNull(String path) {
    return and(path, NULL);
  }

  public StreamFilter andNotNull(String path) {
    return and(path, NOT_NULL);
  }

  /** The query parameters. */
  public Map<String, String> conditions() {
    return conditions;
  }

  @Override
  public String toString() {
    return "StreamFilter" + conditions;
  }
}
