package io.camunda.zeebe.process.test.engine.db;

import io.camunda.zeebe.db.DbValue;
import io.camunda.zeebe.db.TransactionOperation;
import io.camunda.zeebe.db.ZeebeDbTransaction;
import java.util.AbstractMap;
import java.util.AbstractSet;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashSet;
import java.util.Iterator;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * Mediaflow's replacement for zeebe-process-test's class of this name (same package, same behaviour, earlier on
 * the class path, so it is the one loaded; {@code EmbeddedGateway} warns when it is not). The original's
 * {@link #newIterator} copied the whole database, every column family of every instance, into a new sorted map
 * before each prefix iteration, and the iteration then read every key after the prefix to the end of the
 * database, skipping those that do not match; the engine iterates by prefix for nearly every element it activates
 * or completes, so each step cost as much as all the state held, and half the application's CPU under a batch of
 * instances went there. Here an iterator reads the committed database in place, merges in a copy of what this
 * transaction changed (which is small), and ends with the column family it started in.
 *
 * <p>Reading the database in place is safe because it only changes on {@link #commit}, which the stream
 * processor calls after the operation that iterates has finished; the transaction's own writes made while
 * iterating (a visitor deleting what it visits) do not disturb the iteration, which sees the transaction as it
 * was when the iterator was made, as the copy did. Everything else is as in zeebe-process-test 8.8.21: writes go
 * to a per-transaction cache and a set of deleted keys, applied to the database on commit ("read committed").
 */
final class InMemoryDbTransaction implements ZeebeDbTransaction, InMemoryDbState {

  private final TreeMap<Bytes, Bytes> database;
  private final TreeMap<Bytes, Bytes> transactionCache = new TreeMap<>();
  private final HashSet<Bytes> deletedKeys = new HashSet<>();
  private boolean inCurrentTransaction = false;

  InMemoryDbTransaction(final TreeMap<Bytes, Bytes> database) {
    this.database = database;
  }

  void resetTransaction() {
    rollback();
    inCurrentTransaction = true;
  }

  public boolean isInCurrentTransaction() {
    return inCurrentTransaction;
  }

  @Override
  public void run(final TransactionOperation operations) throws Exception {
    operations.run();
  }

  @Override
  public void commit() {
    inCurrentTransaction = false;
    database.putAll(transactionCache);
    deletedKeys.forEach(database::remove);
    deletedKeys.clear();
    transactionCache.clear();
  }

  @Override
  public void rollback() {
    inCurrentTransaction = false;
    deletedKeys.clear();
    transactionCache.clear();
  }

  @Override
  public void put(final FullyQualifiedKey fullyQualifiedKey, final DbValue value) {
    deletedKeys.remove(fullyQualifiedKey.getKeyBytes());
    transactionCache.put(fullyQualifiedKey.getKeyBytes(), Bytes.fromDbValue(value));
  }

  @Override
  public byte[] get(final FullyQualifiedKey fullyQualifiedKey) {
    Bytes key = fullyQualifiedKey.getKeyBytes();
    if (deletedKeys.contains(key)) {
      return null;
    }
    Bytes value = transactionCache.get(key);
    if (value == null) {
      value = database.get(key);
    }
    return value == null ? null : value.toBytes();
  }

  @Override
  public void delete(final FullyQualifiedKey fullyQualifiedKey) {
    Bytes key = fullyQualifiedKey.getKeyBytes();
    transactionCache.remove(key);
    deletedKeys.add(key);
  }

  public boolean contains(final FullyQualifiedKey fullyQualifiedKey) {
    Bytes key = fullyQualifiedKey.getKeyBytes();
    return !deletedKeys.contains(key) && (transactionCache.containsKey(key) || database.containsKey(key));
  }

  @Override
  public InMemoryDbIterator newIterator() {
    return new InMemoryDbIterator(new Merged(database, new TreeMap<>(transactionCache), Set.copyOf(deletedKeys)));
  }

  /**
   * The database as this transaction sees it, without copying it: its entries and the transaction's, the
   * transaction's winning, less the keys it deleted, in key order. {@link InMemoryDbIterator} only takes a
   * {@link #tailMap} of it and iterates that, so those are all it offers.
   */
  private static final class Merged extends AbstractMap<Bytes, Bytes> implements SortedMap<Bytes, Bytes> {
    /** A key starts with its column family, a long ({@code InMemoryDbColumnFamilyIterationContext}). */
    private static final int COLUMN_FAMILY_PREFIX_LENGTH = Long.BYTES;

    private final SortedMap<Bytes, Bytes> committed;
    private final SortedMap<Bytes, Bytes> written;
    private final Set<Bytes> deleted;

    Merged(SortedMap<Bytes, Bytes> committed, SortedMap<Bytes, Bytes> written, Set<Bytes> deleted) {
      this.committed = committed;
      this.written = written;
      this.deleted = deleted;
    }

    /**
     * From {@code fromKey} to the end of its column family (a key's first 8 bytes). The column family's
     * iterations read on past the keys they ask for (they skip what does not match rather than stop), but never
     * want a key of another column family; so ending there keeps them from reading the rest of the database.
     */
    @Override
    public SortedMap<Bytes, Bytes> tailMap(Bytes fromKey) {
      Bytes end = endOfColumnFamily(fromKey.toBytes());
      return end == null ? new Merged(committed.tailMap(fromKey), written.tailMap(fromKey), deleted)
          : new Merged(committed.subMap(fromKey, end), written.subMap(fromKey, end), deleted);
    }

    /** The first key after every key that starts with these 8 bytes (keys compare as unsigned bytes). */
    private static Bytes endOfColumnFamily(byte[] key) {
      if (key.length < COLUMN_FAMILY_PREFIX_LENGTH) {
        return null;
      }
      byte[] end = Arrays.copyOf(key, COLUMN_FAMILY_PREFIX_LENGTH);
      for (int i = end.length - 1; i >= 0; i--) {
        if (++end[i] != 0) {
          return Bytes.fromByteArray(end);
        }
      }
      return null;
    }

    @Override
    public Set<Entry<Bytes, Bytes>> entrySet() {
      return new AbstractSet<>() {
        @Override
        public Iterator<Entry<Bytes, Bytes>> iterator() {
          return new MergingIterator(committed.entrySet().iterator(), written.entrySet().iterator(), deleted);
        }

        @Override
        public int size() {
          int size = 0;
          for (Iterator<Entry<Bytes, Bytes>> entries = iterator(); entries.hasNext(); entries.next()) {
            size++;
          }
          return size;
        }
      };
    }

    @Override
    public Comparator<? super Bytes> comparator() {
      return null;
    }

    @Override
    public SortedMap<Bytes, Bytes> subMap(Bytes fromKey, Bytes toKey) {
      throw new UnsupportedOperationException("only tailMap is used by InMemoryDbIterator");
    }

    @Override
    public SortedMap<Bytes, Bytes> headMap(Bytes toKey) {
      throw new UnsupportedOperationException("only tailMap is used by InMemoryDbIterator");
    }

    @Override
    public Bytes firstKey() {
      throw new UnsupportedOperationException("only tailMap is used by InMemoryDbIterator");
    }

    @Override
    public Bytes lastKey() {
      throw new UnsupportedOperationException("only tailMap is used by InMemoryDbIterator");
    }
  }

  /** Two iterators in key order merged into one; on equal keys the second's entry wins; deleted keys skipped. */
  private static final class MergingIterator implements Iterator<Map.Entry<Bytes, Bytes>> {
    private final Iterator<Map.Entry<Bytes, Bytes>> first;
    private final Iterator<Map.Entry<Bytes, Bytes>> second;
    private final Set<Bytes> deleted;
    private Map.Entry<Bytes, Bytes> nextOfFirst;
    private Map.Entry<Bytes, Bytes> nextOfSecond;

    MergingIterator(Iterator<Map.Entry<Bytes, Bytes>> first, Iterator<Map.Entry<Bytes, Bytes>> second,
        Set<Bytes> deleted) {
      this.first = first;
      this.second = second;
      this.deleted = deleted;
      nextOfFirst = advance(first);
      nextOfSecond = advance(second);
    }

    @Override
    public boolean hasNext() {
      return nextOfFirst != null || nextOfSecond != null;
    }

    @Override
    public Map.Entry<Bytes, Bytes> next() {
      if (!hasNext()) {
        throw new NoSuchElementException();
      }
      int order = nextOfFirst == null ? 1 : nextOfSecond == null ? -1
          : nextOfFirst.getKey().compareTo(nextOfSecond.getKey());
      Map.Entry<Bytes, Bytes> next;
      if (order < 0) {
        next = nextOfFirst;
        nextOfFirst = advance(first);
      } else {
        next = nextOfSecond;
        nextOfSecond = advance(second);
        if (order == 0) {
          nextOfFirst = advance(first);
        }
      }
      // A snapshot entry: the committed map's own entry would change if a later commit replaced its value.
      return Map.entry(next.getKey(), next.getValue());
    }

    private Map.Entry<Bytes, Bytes> advance(Iterator<Map.Entry<Bytes, Bytes>> entries) {
      while (entries.hasNext()) {
        Map.Entry<Bytes, Bytes> entry = entries.next();
        if (!deleted.contains(entry.getKey())) {
          return entry;
        }
      }
      return null;
    }
  }
}
