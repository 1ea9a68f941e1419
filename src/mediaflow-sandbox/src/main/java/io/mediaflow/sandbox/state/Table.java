package io.mediaflow.sandbox.state;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.sql.ResultSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * The resources of one kind, each by its id. A sandbox store keeps its working copy in memory, as
 * it always did, and writes each change here before it answers: {@link #put} after every change,
 * {@link #remove} when the resource goes, {@link #all} once when the sandbox starts.
 *
 * @param <T> what a row holds, a record Jackson writes and reads
 */
public final class Table<T> {

  private final SandboxDatabase database;
  private final String name;
  private final Class<T> type;
  private final ObjectMapper json;

  Table(SandboxDatabase database, String name, Class<T> type, ObjectMapper json) {
    this.database = database;
    this.name = name;
    this.type = type;
    this.json = json;
  }

  /** Writes {@code value} as the resource {@code id}, replacing what was there. */
  public void put(String id, T value) {
    String body;
    try {
      body = json.writeValueAsString(value);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException(
          "Cannot write " + name + " " + id + ": " + e.getOriginalMessage(), e);
    }
    database.run(
        connection -> {
          try (var statement =
              connection.prepareStatement(
                  "MERGE INTO " + name + " (id, body) KEY (id) VALUES (?, ?)")) {
            statement.setString(1, id);
            statement.setString(2, body);
            return statement.executeUpdate();
          }
        });
  }

  public void remove(String id) {
    database.run(
        connection -> {
          try (var statement =
              connection.prepareStatement("DELETE FROM " + name + " WHERE id = ?")) {
            statement.setString(1, id);
            return statement.executeUpdate();
          }
        });
  }

  public Optional<T> find(String id) {
    return database.run(
        connection -> {
          try (var statement =
              connection.prepareStatement("SELECT body FROM " + name + " WHERE id = ?")) {
            statement.setString(1, id);
            try (ResultSet rows = statement.executeQuery()) {
              return rows.next() ? Optional.of(read(id, rows.getString(1))) : Optional.empty();
            }
          }
        });
  }

  /**
   * Every resource, in the order in which each was first put (a later {@link #put} of it keeps its
   * place): the creation order the service's lists answer in.
   */
  public Map<String, T> all() {
    return database.run(
        connection -> {
          var all = new LinkedHashMap<String, T>();
          try (var statement =
                  connection.prepareStatement("SELECT id, body FROM " + name + " ORDER BY seq");
              ResultSet rows = statement.executeQuery()) {
            while (rows.next()) {
              all.put(rows.getString(1), read(rows.getString(1), rows.getString(2)));
            }
          }
          return all;
        });
  }

  private T read(String id, String body) {
    try {
      return json.readValue(body, type);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException(
          "Cannot read " + name + " " + id + ": " + e.getOriginalMessage(), e);
    }
  }
}
