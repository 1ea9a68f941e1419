package io.mediaflow.sandbox.state;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.UUID;
import java.util.regex.Pattern;
import org.h2.jdbcx.JdbcConnectionPool;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.stereotype.Component;

/**
 * The sandbox's embedded H2 database: one table per kind of resource ({@link Table}), each row a
 * resource by its id with its JSON. Durable ({@link SandboxStateProperties#directory()} set), it is
 * the file {@code state.mv.db} there, and every change is written to the file when its statement
 * returns ({@code WRITE_DELAY=0}), so a {@code kill -9} of the application loses no change the
 * sandbox has answered for. Otherwise it is in memory and gone when the sandbox stops.
 */
@Component
public class SandboxDatabase implements DisposableBean {

  private static final Pattern TABLE_NAME = Pattern.compile("[a-z][a-z_]{0,62}");

  private final JdbcConnectionPool pool;
  private final ObjectMapper json = JsonMapper.builder().findAndAddModules().build();

  public SandboxDatabase(SandboxStateProperties properties) {
    String url =
        properties.durable()
            // the application closes the database when it stops: H2's own shutdown hook would close
            // it under the beans that still write while they stop
            ? "jdbc:h2:file:"
                + properties.directory().toAbsolutePath().resolve("state")
                + ";WRITE_DELAY=0;DB_CLOSE_ON_EXIT=FALSE"
            : "jdbc:h2:mem:sandbox-" + UUID.randomUUID() + ";DB_CLOSE_DELAY=-1";
    this.pool = JdbcConnectionPool.create(url, "sandbox", "");
  }

  /** The table of one kind of resource, created when it is not there yet. */
  public <T> Table<T> table(String name, Class<T> type) {
    if (!TABLE_NAME.matcher(name).matches()) {
      throw new IllegalArgumentException("Not a table name: " + name);
    }
    run(
        connection ->
            connection
                .createStatement()
                // seq: the order in which the rows were first written, which a rewrite of a row
                // keeps
                .execute(
                    "CREATE TABLE IF NOT EXISTS "
                        + name
                        + " (seq BIGINT GENERATED ALWAYS AS IDENTITY, id VARCHAR PRIMARY KEY, body CLOB NOT NULL)"));
    return new Table<>(this, name, type, json);
  }

  interface Work<R> {
    R in(Connection connection) throws SQLException;
  }

  <R> R run(Work<R> work) {
    try (Connection connection = pool.getConnection()) {
      return work.in(connection);
    } catch (SQLException e) {
      throw new IllegalStateException("The sandbox's database failed: " + e.getMessage(), e);
    }
  }

  @Override
  public void destroy() {
    run(connection -> connection.createStatement().execute("SHUTDOWN"));
    pool.dispose();
  }
}
