package io.mediaflow.app.engine.history;

import com.fasterxml.jackson.core.JsonProcessingException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.util.AbstractList;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Consumer;
import java.util.stream.LongStream;
import java.util.stream.Stream;

/**
 * Where the ended process instances are kept, with everything recorded about them, and the decision
 * instances, so that the heap holds none of them: an H2 database in the history's folder ({@value
 * #DATABASE}{@code .mv.db}), a row per instance with its own record and its details (a {@link
 * HistoryStore.SavedInstance} as JSON), indexed by the fields the process instance search narrows
 * by and by its end, a row per item key (element instances, variables, user tasks, incidents) for a
 * get by that key, and a row per variable of the instance's own scope for a search by variable (by
 * its name and the hash of its value); a row per decision instance, by its evaluation's date and
 * order, and by the fields the decision instance search narrows by. Searched there, and deleted
 * there once the retention passed; running instances, and what was evaluated since the last save,
 * stay in the heap ({@link HistoryState}, {@link DecisionHistory}).
 *
 * <p>Written by {@link ProcessHistory#keep} before the history's own file says the instances left
 * the heap, each batch one transaction, committed and forced to disk when {@link #add} returns: the
 * engine's log is never deleted past what is here. Each row names the log position it was kept as
 * of: a start forgets the rows past the position the history's file holds (a crash came between the
 * two), which the log read again brings back. One connection writes, one reads, so that a search
 * does not wait for a batch being written.
 */
final class EndedInstances {

  static final String DATABASE = "ended";

  /**
   * What H2 may cache of the database's pages: small, so that the heap does not grow with what is
   * kept (H2's default is 16 MB); a search reads few pages.
   */
  private static final int CACHE_KB = 512;

  /** The fields of the process instance search this narrows by, and their columns. */
  private static final Map<String, String> COLUMNS =
      Map.of(
          HistoryState.INSTANCE,
          "instance_key",
          HistoryState.PARENT,
          "parent_key",
          "processDefinitionId",
          "process_id",
          "processDefinitionKey",
          "definition_key",
          "state",
          "state");

  /**
   * The fields of the decision instance search this narrows by ({@link DecisionHistory#FIELDS}),
   * and their columns, which hold the values as the search's results show them.
   */
  private static final Map<String, String> DECISION_COLUMNS =
      Map.of(
          "decisionEvaluationInstanceKey",
          "instance_key",
          "state",
          "state",
          "decisionDefinitionKey",
          "decision_key",
          "decisionDefinitionId",
          "decision_id",
          "processInstanceKey",
          "process_instance_key",
          "tenantId",
          "tenant_id");

  /** The fields of {@link #DECISION_COLUMNS} a decision instance's row has beside its own. */
  private static final List<String> DECISION_FIELDS =
      List.of(
          "state",
          "decisionDefinitionKey",
          "decisionDefinitionId",
          "processInstanceKey",
          "tenantId");

  private final Connection writer;
  private final Connection reader;

  /**
   * When the earliest instance kept ended (epoch milliseconds), so that the retention, checked at
   * every record, asks the database only once there is something to delete.
   */
  private volatile long earliestEnd;

  /** When the earliest decision instance kept was evaluated, likewise. */
  private volatile long earliestEvaluation;

  EndedInstances(Path folder) {
    try {
      Files.createDirectories(folder);
      String url =
          "jdbc:h2:file:"
              + folder.resolve(DATABASE).toAbsolutePath()
              + ";WRITE_DELAY=0;CACHE_SIZE="
              + CACHE_KB;
      writer = DriverManager.getConnection(url, "sa", "");
      reader = DriverManager.getConnection(url, "sa", "");
      try (Statement create = writer.createStatement()) {
        create.execute(
            "CREATE TABLE IF NOT EXISTS process_instance (instance_key BIGINT PRIMARY KEY,"
                + " position BIGINT NOT NULL, end_date BIGINT NOT NULL, state VARCHAR NOT NULL, process_id VARCHAR NOT NULL,"
                + " definition_key BIGINT NOT NULL, parent_key BIGINT NOT NULL,"
                + " instance VARBINARY NOT NULL, details VARBINARY NOT NULL)");
        for (String column : List.of("state", "process_id", "definition_key", "parent_key")) {
          create.execute(
              "CREATE INDEX IF NOT EXISTS process_instance_"
                  + column
                  + " ON process_instance ("
                  + column
                  + ", instance_key)");
        }
        create.execute(
            "CREATE INDEX IF NOT EXISTS process_instance_end ON process_instance (end_date)");
        create.execute(
            "CREATE INDEX IF NOT EXISTS process_instance_position ON process_instance (position)");
        create.execute(
            "CREATE TABLE IF NOT EXISTS item (item_key BIGINT PRIMARY KEY,"
                + " instance_key BIGINT NOT NULL)");
        create.execute("CREATE INDEX IF NOT EXISTS item_instance ON item (instance_key)");
        create.execute(
            "CREATE TABLE IF NOT EXISTS variable (instance_key BIGINT NOT NULL,"
                + " name VARCHAR NOT NULL, value_hash INT NOT NULL,"
                + " PRIMARY KEY (instance_key, name))");
        create.execute(
            "CREATE INDEX IF NOT EXISTS variable_value ON variable (name, value_hash,"
                + " instance_key)");
        create.execute(
            "CREATE TABLE IF NOT EXISTS posting (code BIGINT NOT NULL, instance_key BIGINT NOT NULL,"
                + " PRIMARY KEY (code, instance_key))");
        create.execute("CREATE INDEX IF NOT EXISTS posting_instance ON posting (instance_key)");
        create.execute(
            "CREATE TABLE IF NOT EXISTS decision_instance (instance_key VARCHAR PRIMARY KEY,"
                + " position BIGINT NOT NULL, evaluation_key BIGINT NOT NULL,"
                + " evaluation_date BIGINT NOT NULL, instance VARBINARY NOT NULL)");
        create.execute(
            "CREATE INDEX IF NOT EXISTS decision_instance_date ON decision_instance"
                + " (evaluation_date)");
        create.execute(
            "CREATE INDEX IF NOT EXISTS decision_instance_position ON decision_instance"
                + " (position)");
        create.execute(
            "CREATE INDEX IF NOT EXISTS decision_instance_order ON decision_instance"
                + " (evaluation_key, instance_key)");
        for (String column : decisionColumns()) {
          create.execute(
              "ALTER TABLE decision_instance ADD COLUMN IF NOT EXISTS " + column + " VARCHAR");
          create.execute(
              "CREATE INDEX IF NOT EXISTS decision_instance_"
                  + column
                  + " ON decision_instance ("
                  + column
                  + ", evaluation_key, instance_key)");
        }
      }
      writer.setAutoCommit(false);
      fillDecisionColumns();
      earliestEnd = earliestEnd();
      earliestEvaluation = earliestEvaluation();
    } catch (IOException | SQLException e) {
      throw new IllegalStateException(
          "Cannot open the ended instances' database in "
              + folder
              + ": restore the folder from a backup, or delete it and the log to start afresh",
          e);
    }
  }

  // ---- written by the history's keep, outside its lock

  /**
   * Keeps the ended process instances and the decision instances as of the record at {@code
   * position} (replacing any kept before under the same key), on disk when this returns.
   */
  void add(
      List<HistoryStore.SavedInstance> ended,
      List<DecisionHistory.DecisionInstance> evaluated,
      long position) {
    if (ended.isEmpty() && evaluated.isEmpty()) {
      return;
    }
    synchronized (writer) {
      try {
        write(ended, position);
        writeDecisions(evaluated, position);
        writer.commit();
        try (Statement sync = writer.createStatement()) {
          sync.execute("CHECKPOINT SYNC"); // the log may be deleted past these once this returns
        }
      } catch (SQLException | JsonProcessingException e) {
        rollback();
        throw new IllegalStateException("Cannot keep the ended instances", e);
      }
      for (HistoryStore.SavedInstance saved : ended) {
        earliestEnd = Math.min(earliestEnd, saved.instance().endDate().toEpochMilli());
      }
      for (DecisionHistory.DecisionInstance decision : evaluated) {
        earliestEvaluation = Math.min(earliestEvaluation, decision.evaluationDate().toEpochMilli());
      }
    }
  }

  private void writeDecisions(List<DecisionHistory.DecisionInstance> evaluated, long position)
      throws SQLException, JsonProcessingException {
    try (PreparedStatement decision =
        writer.prepareStatement(
            "MERGE INTO decision_instance (instance_key, position, evaluation_key,"
                + " evaluation_date, instance, "
                + String.join(", ", decisionColumns())
                + ") KEY (instance_key) VALUES (?, ?, ?, ?, ?, "
                + String.join(", ", Collections.nCopies(DECISION_FIELDS.size(), "?"))
                + ")")) {
      for (DecisionHistory.DecisionInstance instance : evaluated) {
        decision.setString(1, instance.key());
        decision.setLong(2, position);
        decision.setLong(3, instance.evaluationKey());
        decision.setLong(4, instance.evaluationDate().toEpochMilli());
        decision.setBytes(5, HistoryStore.JSON.writeValueAsBytes(instance));
        setDecisionColumns(decision, 6, instance);
        decision.addBatch();
      }
      decision.executeBatch();
    }
  }

  /** Binds the columns of {@link #DECISION_FIELDS}, from {@code first} on. */
  private static void setDecisionColumns(
      PreparedStatement statement, int first, DecisionHistory.DecisionInstance instance)
      throws SQLException {
    for (int i = 0; i < DECISION_FIELDS.size(); i++) {
      statement.setString(
          first + i, DecisionHistory.FIELDS.get(DECISION_FIELDS.get(i)).apply(instance));
    }
  }

  private static List<String> decisionColumns() {
    return DECISION_FIELDS.stream().map(DECISION_COLUMNS::get).toList();
  }

  /**
   * Fills the columns the decision instance search narrows by in rows kept before there were such
   * columns, once, from each row's instance.
   */
  private void fillDecisionColumns() throws SQLException {
    List<String> columns = decisionColumns();
    try (PreparedStatement unfilled =
            writer.prepareStatement(
                "SELECT _ROWID_, instance FROM decision_instance WHERE state IS NULL");
        PreparedStatement fill =
            writer.prepareStatement(
                "UPDATE decision_instance SET "
                    + String.join(" = ?, ", columns)
                    + " = ? WHERE _ROWID_ = ?");
        ResultSet rows = unfilled.executeQuery()) {
      int count = 0;
      while (rows.next()) {
        setDecisionColumns(fill, 1, read(rows.getBytes(2), DecisionHistory.DecisionInstance.class));
        fill.setLong(columns.size() + 1, rows.getLong(1));
        fill.addBatch();
        count++;
      }
      if (count > 0) {
        fill.executeBatch();
        writer.commit();
      }
    }
  }

  private void write(List<HistoryStore.SavedInstance> ended, long position)
      throws SQLException, JsonProcessingException {
    try (PreparedStatement instance =
            writer.prepareStatement(
                "MERGE INTO process_instance KEY (instance_key)"
                    + " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)");
        PreparedStatement oldItems =
            writer.prepareStatement("DELETE FROM item WHERE instance_key = ?");
        PreparedStatement oldVariables =
            writer.prepareStatement("DELETE FROM variable WHERE instance_key = ?");
        PreparedStatement oldPostings =
            writer.prepareStatement("DELETE FROM posting WHERE instance_key = ?");
        PreparedStatement posting = writer.prepareStatement("MERGE INTO posting VALUES (?, ?)");
        PreparedStatement item = writer.prepareStatement("MERGE INTO item VALUES (?, ?)");
        PreparedStatement variable =
            writer.prepareStatement("MERGE INTO variable VALUES (?, ?, ?)")) {
      for (HistoryStore.SavedInstance saved : ended) {
        ProcessInstance row = saved.instance();
        instance.setLong(1, saved.key());
        instance.setLong(2, position);
        instance.setLong(3, row.endDate().toEpochMilli());
        instance.setString(4, row.state().name());
        instance.setString(5, row.processId());
        instance.setLong(6, row.definitionKey());
        instance.setLong(7, row.parentProcessInstanceKey());
        instance.setBytes(8, HistoryStore.JSON.writeValueAsBytes(row));
        instance.setBytes(9, HistoryStore.JSON.writeValueAsBytes(saved));
        instance.addBatch();
        oldItems.setLong(1, saved.key());
        oldItems.addBatch();
        oldVariables.setLong(1, saved.key());
        oldVariables.addBatch();
        oldPostings.setLong(1, saved.key());
        oldPostings.addBatch();
        for (long code : HistoryState.postings(saved)) {
          posting.setLong(1, code);
          posting.setLong(2, saved.key());
          posting.addBatch();
        }
        for (long key : itemKeys(saved)) {
          item.setLong(1, key);
          item.setLong(2, saved.key());
          item.addBatch();
        }
        for (Variable own : saved.variables()) {
          if (own.scopeKey() == saved.key()) {
            variable.setLong(1, saved.key());
            variable.setString(2, own.name());
            variable.setInt(3, own.value().hashCode());
            variable.addBatch();
          }
        }
      }
      oldItems.executeBatch();
      oldVariables.executeBatch();
      oldPostings.executeBatch();
      instance.executeBatch();
      posting.executeBatch();
      item.executeBatch();
      variable.executeBatch();
    }
  }

  /**
   * Deletes the process instances that ended and the decision instances evaluated before {@code
   * oldest}, with everything about them; asks the database only when there is one.
   */
  void deleteEndedBefore(Instant oldest) {
    long before = oldest.toEpochMilli();
    if (before <= earliestEnd && before <= earliestEvaluation) {
      return;
    }
    synchronized (writer) {
      delete("end_date < ?", "evaluation_date < ?", before);
    }
  }

  /**
   * Deletes the instances kept as of a record after {@code position}: the history's file, which was
   * to say they left the heap, was not written (a crash came between), so the log after it, read
   * again, brings them back into the heap, whence they move here again.
   */
  void forgetAfter(long position) {
    synchronized (writer) {
      delete("position > ?", "position > ?", position);
    }
  }

  /**
   * Deletes the process instances that meet {@code ended} and the decision instances that meet
   * {@code evaluated}, each condition of one value; the process instances' rows of every table by
   * their keys, through the tables' indexes.
   */
  private void delete(String ended, String evaluated, long value) {
    long[] keys = keys("SELECT instance_key FROM process_instance WHERE " + ended, List.of(value));
    try (PreparedStatement decisions =
        writer.prepareStatement("DELETE FROM decision_instance WHERE " + evaluated)) {
      for (String table : List.of("item", "variable", "posting", "process_instance")) {
        try (PreparedStatement rows =
            writer.prepareStatement("DELETE FROM " + table + " WHERE instance_key = ?")) {
          for (long key : keys) {
            rows.setLong(1, key);
            rows.addBatch();
          }
          rows.executeBatch();
        }
      }
      decisions.setLong(1, value);
      decisions.executeUpdate();
      writer.commit();
      earliestEnd = earliestEnd();
      earliestEvaluation = earliestEvaluation();
    } catch (SQLException e) {
      rollback();
      throw new IllegalStateException("Cannot delete ended instances", e);
    }
  }

  private long earliestEnd() {
    return earliest("SELECT MIN(end_date) FROM process_instance");
  }

  private long earliestEvaluation() {
    return earliest("SELECT MIN(evaluation_date) FROM decision_instance");
  }

  private long earliest(String sql) {
    return query(
        sql,
        statement -> {},
        rows -> rows.next() && rows.getObject(1) != null ? rows.getLong(1) : Long.MAX_VALUE);
  }

  // ---- decision instances, read under the decisions' lock

  /** The decision instance, if kept here. */
  Optional<DecisionHistory.DecisionInstance> decision(String key) {
    return Optional.ofNullable(
        query(
            "SELECT instance FROM decision_instance WHERE instance_key = ?",
            statement -> statement.setString(1, key),
            rows ->
                rows.next()
                    ? read(rows.getBytes(1), DecisionHistory.DecisionInstance.class)
                    : null));
  }

  /**
   * The rows of the decision instances kept here, but those of {@code except}, with their dates:
   * what {@link DecisionHistory#FIELDS}' values and the evaluation's date ranges of {@code query}
   * select, in the order they were evaluated, or by their date first when {@code query} orders by
   * it. Only the indexes are read, the decision instances when they are asked for ({@link
   * #decisionAt}).
   */
  DecisionRows decisionsMatching(Lookup.Query query, Collection<String> except) {
    var where = new StringBuilder(" WHERE evaluation_date BETWEEN ? AND ?");
    var values = new ArrayList<Object>();
    Lookup.DateRange dates =
        query
            .dates()
            .getOrDefault(
                DecisionHistory.EVALUATION_DATE,
                new Lookup.DateRange(Long.MIN_VALUE, Long.MAX_VALUE));
    values.add(dates.from());
    values.add(dates.to());
    for (Map.Entry<String, Set<String>> field : query.values().entrySet()) {
      String column = DECISION_COLUMNS.get(field.getKey());
      if (column != null) {
        if (field.getValue().isEmpty()) {
          return new DecisionRows(new long[0], new long[0]); // no value of the field can match
        }
        where
            .append(" AND ")
            .append(column)
            .append(" IN (")
            .append(String.join(", ", Collections.nCopies(field.getValue().size(), "?")))
            .append(')');
        values.addAll(field.getValue());
      }
    }
    String order =
        query.order().isEmpty()
            ? ""
            : query.order().getFirst().descending()
                ? "evaluation_date DESC, "
                : "evaluation_date, ";
    long[] skipped = rowIds(except);
    return query(
        "SELECT _ROWID_, evaluation_date FROM decision_instance"
            + where
            + " ORDER BY "
            + order
            + "evaluation_key, instance_key",
        statement -> bind(statement, values),
        rows -> {
          LongStream.Builder rowIds = LongStream.builder();
          LongStream.Builder evaluated = LongStream.builder();
          while (rows.next()) {
            long rowId = rows.getLong(1);
            if (Arrays.binarySearch(skipped, rowId) < 0) {
              rowIds.add(rowId);
              evaluated.add(rows.getLong(2));
            }
          }
          return new DecisionRows(rowIds.build().toArray(), evaluated.build().toArray());
        });
  }

  /** Rows of decision instances, each with its evaluation's date (epoch milliseconds). */
  record DecisionRows(long[] rowIds, long[] dates) {}

  /** The rows of those of the decision instances that are here, ascending. */
  private long[] rowIds(Collection<String> keys) {
    if (keys.isEmpty()) {
      return new long[0];
    }
    long[] rowIds =
        keys(
            "SELECT _ROWID_ FROM decision_instance WHERE instance_key = ANY(?)",
            Collections.singletonList(keys.toArray(String[]::new)));
    Arrays.sort(rowIds);
    return rowIds;
  }

  /**
   * The decision instance of a row {@link #decisionsMatching} found; one the retention deleted
   * since is read as it was not.
   */
  DecisionHistory.DecisionInstance decisionAt(long rowId) {
    return query(
        "SELECT instance FROM decision_instance WHERE _ROWID_ = ?",
        statement -> statement.setLong(1, rowId),
        rows -> {
          if (!rows.next()) {
            throw new IllegalStateException(
                "A decision instance found passed the retention meanwhile");
          }
          return read(rows.getBytes(1), DecisionHistory.DecisionInstance.class);
        });
  }

  private void rollback() {
    try {
      writer.rollback();
    } catch (SQLException e) {
      // the connection is broken: the next batch fails as well, and says why
    }
  }

  private static long[] itemKeys(HistoryStore.SavedInstance saved) {
    return Stream.of(saved.elements(), saved.variables(), saved.userTasks(), saved.incidents())
        .flatMap(List::stream)
        .mapToLong(EndedInstances::keyOf)
        .toArray();
  }

  private static long keyOf(Object item) {
    return switch (item) {
      case ElementInstance element -> element.key();
      case Variable variable -> variable.key();
      case UserTaskInstance task -> task.key();
      case Incident incident -> incident.key();
      default -> throw new IllegalArgumentException("No item of an instance: " + item);
    };
  }

  // ---- read under the history's lock

  boolean contains(long instanceKey) {
    return query(
        "SELECT 1 FROM process_instance WHERE instance_key = ?",
        statement -> statement.setLong(1, instanceKey),
        ResultSet::next);
  }

  /** The instance's own record. */
  Optional<ProcessInstance> instance(long instanceKey) {
    return Optional.ofNullable(
        query(
            "SELECT instance FROM process_instance WHERE instance_key = ?",
            statement -> statement.setLong(1, instanceKey),
            rows -> rows.next() ? read(rows.getBytes(1), ProcessInstance.class) : null));
  }

  /** Everything recorded about the instance. */
  Optional<HistoryStore.SavedInstance> details(long instanceKey) {
    return Optional.ofNullable(
        query(
            "SELECT details FROM process_instance WHERE instance_key = ?",
            statement -> statement.setLong(1, instanceKey),
            rows -> rows.next() ? read(rows.getBytes(1), HistoryStore.SavedInstance.class) : null));
  }

  /** The instance an element instance, variable, user task or incident is of; -1 if none here. */
  long instanceOfItem(long itemKey) {
    return query(
        "SELECT instance_key FROM item WHERE item_key = ?",
        statement -> statement.setLong(1, itemKey),
        rows -> rows.next() ? rows.getLong(1) : -1L);
  }

  /** Reads every instance's details in turn, by key: a search over all holds only one at a time. */
  void eachDetails(Consumer<HistoryStore.SavedInstance> action) {
    query(
        "SELECT details FROM process_instance ORDER BY instance_key",
        statement -> {},
        rows -> {
          while (rows.next()) {
            action.accept(read(rows.getBytes(1), HistoryStore.SavedInstance.class));
          }
          return null;
        });
  }

  /** The details of those of the instances that are here, by key. */
  List<HistoryStore.SavedInstance> details(Collection<Long> instanceKeys) {
    var found = new ArrayList<HistoryStore.SavedInstance>();
    instanceKeys.stream().sorted().forEach(key -> details(key).ifPresent(found::add));
    return found;
  }

  /** Whether a field of the process instance search is one this narrows by. */
  static boolean narrowsBy(String field) {
    return COLUMNS.containsKey(field);
  }

  /**
   * The keys of the instances that have, for each field named (of {@link #narrowsBy}), one of its
   * values, ascending: only the index is read, the instances when they are asked for.
   */
  long[] keysMatching(Map<String, Set<String>> wanted) {
    var where = new StringBuilder();
    var values = new ArrayList<Object>();
    for (Map.Entry<String, Set<String>> field : wanted.entrySet()) {
      String column = COLUMNS.get(field.getKey());
      if (column == null) {
        continue;
      }
      where.append(where.isEmpty() ? " WHERE " : " AND ").append(column).append(" IN (");
      boolean numeric = !column.equals("state") && !column.equals("process_id");
      int added = 0;
      for (String value : field.getValue()) {
        Object parsed = numeric ? parseKey(value) : value;
        if (parsed != null) {
          where.append(added++ == 0 ? "?" : ", ?");
          values.add(parsed);
        }
      }
      if (added == 0) {
        return new long[0]; // no value of the field can match
      }
      where.append(')');
    }
    return keys(
        "SELECT instance_key FROM process_instance" + where + " ORDER BY instance_key", values);
  }

  /**
   * The keys of the instances that have, for each set, an item with one of its postings ({@link
   * HistoryState#posting}), ascending.
   */
  List<Long> keysWithPostings(List<Set<Long>> postings) {
    TreeSet<Long> keys = null;
    for (Set<Long> codes : postings) {
      if (codes.isEmpty()) {
        return List.of(); // no value of the field can match
      }
      var having = new TreeSet<Long>();
      for (long key :
          keys(
              "SELECT instance_key FROM posting WHERE code IN ("
                  + String.join(", ", Collections.nCopies(codes.size(), "?"))
                  + ")",
              new ArrayList<>(codes))) {
        having.add(key);
      }
      if (keys != null) {
        having.retainAll(keys);
      }
      keys = having;
    }
    return keys == null ? List.of() : List.copyOf(keys);
  }

  /**
   * The instances whose own scope has a variable {@code name} whose value hashes as {@code value}.
   */
  long[] keysWithVariable(String name, String value) {
    return keys(
        "SELECT instance_key FROM variable WHERE name = ? AND value_hash = ? ORDER BY instance_key",
        List.of(name, value.hashCode()));
  }

  private static void bind(PreparedStatement statement, List<Object> values) throws SQLException {
    for (int i = 0; i < values.size(); i++) {
      statement.setObject(i + 1, values.get(i));
    }
  }

  private long[] keys(String sql, List<Object> values) {
    return query(
        sql,
        statement -> bind(statement, values),
        rows -> {
          LongStream.Builder keys = LongStream.builder();
          while (rows.next()) {
            keys.add(rows.getLong(1));
          }
          return keys.build().toArray();
        });
  }

  /**
   * The instances of the keys, each read when it is asked for: a search that pages shapes only its
   * page. An instance the retention deleted since is read as it was not.
   */
  List<ProcessInstance> instances(long[] keys) {
    return new AbstractList<>() {
      @Override
      public ProcessInstance get(int index) {
        return instance(keys[index])
            .orElseThrow(
                () ->
                    new IllegalStateException(
                        "The ended instance " + keys[index] + " passed the retention meanwhile"));
      }

      @Override
      public int size() {
        return keys.length;
      }
    };
  }

  private static Long parseKey(String value) {
    try {
      return Long.parseLong(value);
    } catch (NumberFormatException e) {
      return null;
    }
  }

  private static <T> T read(byte[] json, Class<T> type) {
    try {
      return HistoryStore.JSON.readValue(json, type);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private interface Binding {
    void bind(PreparedStatement statement) throws SQLException;
  }

  private interface Rows<T> {
    T read(ResultSet rows) throws SQLException;
  }

  private <T> T query(String sql, Binding binding, Rows<T> rows) {
    synchronized (reader) {
      try (PreparedStatement statement = reader.prepareStatement(sql)) {
        binding.bind(statement);
        try (ResultSet result = statement.executeQuery()) {
          return rows.read(result);
        }
      } catch (SQLException e) {
        throw new IllegalStateException("Cannot read the ended instances", e);
      }
    }
  }
}
