package io.mediaflow.app.engine;

import static org.assertj.core.api.Assertions.assertThat;

import io.camunda.zeebe.db.ColumnFamily;
import io.camunda.zeebe.db.TransactionContext;
import io.camunda.zeebe.db.ZeebeDb;
import io.camunda.zeebe.db.impl.DbCompositeKey;
import io.camunda.zeebe.db.impl.DbLong;
import io.camunda.zeebe.process.test.engine.db.InMemoryDbFactory;
import io.camunda.zeebe.protocol.ZbColumnFamilies;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The in-memory engine's database with Mediaflow's {@code InMemoryDbTransaction}, which iterates without copying
 * the database: iterations see what the engine's own saw (committed entries, the transaction's writes winning,
 * its deletes gone, in key order, only the prefix asked for), also while a visitor writes.
 */
class EngineDatabaseTest {

  private TransactionContext context;
  private DbLong scope;
  private DbLong name;
  private DbCompositeKey<DbLong, DbLong> key;
  private DbLong value;
  private ColumnFamily<DbCompositeKey<DbLong, DbLong>, DbLong> variables;
  private ColumnFamily<DbCompositeKey<DbLong, DbLong>, DbLong> neighbours;

  @BeforeEach
  void database() {
    ZeebeDb<ZbColumnFamilies> db = new InMemoryDbFactory<ZbColumnFamilies>().createDb();
    context = db.createContext();
    scope = new DbLong();
    name = new DbLong();
    key = new DbCompositeKey<>(scope, name);
    value = new DbLong();
    variables = db.createColumnFamily(ZbColumnFamilies.VARIABLES, context, key, value);
    // The column family whose keys sort right after VARIABLES', and one right before: never part of its iterations.
    neighbours = db.createColumnFamily(ZbColumnFamilies.values()[ZbColumnFamilies.VARIABLES.ordinal() + 1], context,
        key, value);
    var before = db.createColumnFamily(ZbColumnFamilies.values()[ZbColumnFamilies.VARIABLES.ordinal() - 1], context,
        key, value);
    for (long s = 1; s <= 3; s++) {
      for (long n = 1; n <= 3; n++) {
        put(variables, s, n, s * 10 + n);
        put(neighbours, s, n, -1);
        put(before, s, n, -1);
      }
    }
  }

  @Test
  void mediaflowsTransactionIsTheOneLoaded() {
    assertThat(EmbeddedGateway.databaseIteratesInPlace()).isTrue();
  }

  @Test
  void aPrefixIterationSeesOnlyItsPrefixInKeyOrder() {
    assertThat(scopeTwo()).containsExactly("2/1=21", "2/2=22", "2/3=23");
    List<String> all = new ArrayList<>();
    variables.forEach((k, v) -> all.add(k.first().getValue() + "/" + k.second().getValue() + "=" + v.getValue()));
    assertThat(all).hasSize(9).first().isEqualTo("1/1=11");
    assertThat(all).last().isEqualTo("3/3=33");
  }

  @Test
  void withinATransactionItsWritesWinAndItsDeletesAreGone() throws Exception {
    context.runInTransaction(() -> {
      put(variables, 2, 2, 99);
      put(variables, 2, 4, 24);
      delete(variables, 2, 1);
      assertThat(scopeTwo()).containsExactly("2/2=99", "2/3=23", "2/4=24");
    });
    assertThat(scopeTwo()).containsExactly("2/2=99", "2/3=23", "2/4=24");
  }

  @Test
  void aRolledBackTransactionLeavesNothing() {
    var rolledBack = org.assertj.core.api.Assertions.catchThrowable(() -> context.runInTransaction(() -> {
      put(variables, 2, 2, 99);
      delete(variables, 2, 1);
      throw new IllegalStateException("rolled back");
    }));
    assertThat(rolledBack).hasRootCauseMessage("rolled back");
    assertThat(scopeTwo()).containsExactly("2/1=21", "2/2=22", "2/3=23");
  }

  @Test
  void aVisitorMayDeleteAndWriteWhatItVisits() throws Exception {
    List<String> visited = new ArrayList<>();
    context.runInTransaction(() -> {
      scope.wrapLong(2);
      variables.whileEqualPrefix(scope, (DbCompositeKey<DbLong, DbLong> k, DbLong v) -> {
        long n = k.second().getValue();
        visited.add(Long.toString(n));
        delete(variables, 2, n);
        put(variables, 2, n + 10, n);
      });
    });
    // What the transaction wrote while iterating is not part of that iteration.
    assertThat(visited).containsExactly("1", "2", "3");
    assertThat(scopeTwo()).containsExactly("2/11=1", "2/12=2", "2/13=3");
  }

  @Test
  void aVisitorMayStopTheIteration() {
    List<Long> visited = new ArrayList<>();
    scope.wrapLong(1);
    variables.whileEqualPrefix(scope, (DbCompositeKey<DbLong, DbLong> k, DbLong v) -> {
      visited.add(k.second().getValue());
      return visited.size() < 2;
    });
    assertThat(visited).containsExactly(1L, 2L);
  }

  private List<String> scopeTwo() {
    List<String> seen = new ArrayList<>();
    scope.wrapLong(2);
    variables.whileEqualPrefix(scope, (DbCompositeKey<DbLong, DbLong> k, DbLong v) -> {
      seen.add(k.first().getValue() + "/" + k.second().getValue() + "=" + v.getValue());
    });
    return seen;
  }

  private void put(ColumnFamily<DbCompositeKey<DbLong, DbLong>, DbLong> family, long s, long n, long v) {
    scope.wrapLong(s);
    name.wrapLong(n);
    value.wrapLong(v);
    family.upsert(key, value);
  }

  private void delete(ColumnFamily<DbCompositeKey<DbLong, DbLong>, DbLong> family, long s, long n) {
    scope.wrapLong(s);
    name.wrapLong(n);
    family.deleteExisting(key);
  }
}
