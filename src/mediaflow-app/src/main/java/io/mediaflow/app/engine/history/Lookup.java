package io.mediaflow.app.engine.history;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

/**
 * What a search can narrow by ahead of its filter: the fields of one kind's index ({@link
 * HistoryIndex}), and the items that have, for each field named, one of the values given, by key.
 */
public record Lookup<T>(Set<String> fields, Function<Map<String, Set<String>>, List<T>> matching) {}
