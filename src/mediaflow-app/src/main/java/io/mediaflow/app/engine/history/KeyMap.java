package io.mediaflow.app.engine.history;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.LongStream;

/**
 * A sorted map from keys held as plain {@code long}s to items, or, when no key is given an item, a
 * sorted set of keys: what {@link HistoryIndex} keeps of the items of one kind by key, and for each
 * value of a field the keys of the items that have it. A {@code TreeMap<Long, T>} or a {@code
 * TreeSet<Long>} costs 56 bytes per key (its entry and the boxed key), which made the running
 * instances' items and their postings the largest part of the heap per instance in flight; here a
 * key costs 8 bytes, its item 4 more (nothing in a set), and some slack.
 *
 * <p>The keys are in blocks of at most {@link #BLOCK} sorted keys, the blocks in key order, so that
 * adding or removing a key moves at most a block's keys, however many the map holds (a posting such
 * as a process id's holds every element instance of that process). The engine's keys grow, so most
 * keys are added at the end. Not thread-safe: {@link HistoryIndex} is guarded by its owner.
 */
final class KeyMap<T> {

  static final int BLOCK = 256;

  /** A block's first capacity: most sets (an instance's, an element's) hold few keys. */
  private static final int FIRST_CAPACITY = 4;

  private final List<Block> blocks = new ArrayList<>(1);
  private int size;

  private static final class Block {
    long[] keys = new long[FIRST_CAPACITY];

    /** Each key's item, at the key's index; none in a set's blocks, which hold the keys alone. */
    Object[] items;

    int size;

    long first() {
      return keys[0];
    }

    long last() {
      return keys[size - 1];
    }

    int indexOf(long key) {
      return Arrays.binarySearch(keys, 0, size, key);
    }

    Object item(int at) {
      return items == null ? null : items[at];
    }

    void replace(int at, Object item) {
      if (items == null) {
        if (item == null) {
          return;
        }
        items = new Object[keys.length];
      }
      items[at] = item;
    }

    void insert(int at, long key, Object item) {
      if (size == keys.length) {
        int capacity = Math.min(BLOCK, keys.length * 2);
        keys = Arrays.copyOf(keys, capacity);
        if (items != null) {
          items = Arrays.copyOf(items, capacity);
        }
      }
      System.arraycopy(keys, at, keys, at + 1, size - at);
      keys[at] = key;
      if (item != null && items == null) {
        items = new Object[keys.length];
      }
      if (items != null) {
        System.arraycopy(items, at, items, at + 1, size - at);
        items[at] = item;
      }
      size++;
    }

    void delete(int at) {
      System.arraycopy(keys, at + 1, keys, at, size - at - 1);
      if (items != null) {
        System.arraycopy(items, at + 1, items, at, size - at - 1);
        items[size - 1] = null;
      }
      size--;
    }

    /** Moves the upper half of the keys and their items to a new block, which it returns. */
    Block split() {
      Block upper = new Block();
      int half = size / 2;
      upper.keys = Arrays.copyOfRange(keys, half, BLOCK);
      if (items != null) {
        upper.items = Arrays.copyOfRange(items, half, BLOCK);
        Arrays.fill(items, half, size, null);
      }
      upper.size = size - half;
      size = half;
      return upper;
    }
  }

  int size() {
    return size;
  }

  boolean isEmpty() {
    return size == 0;
  }

  /** Adds the key to a set (without an item); false if it was there already. */
  boolean add(long key) {
    int before = size;
    put(key, null);
    return size > before;
  }

  /** Gives the key this item, adding the key if need be; returns the item it had, or null. */
  @SuppressWarnings("unchecked")
  T put(long key, T item) {
    if (blocks.isEmpty()) {
      blocks.add(new Block());
    }
    int b = blockFor(key);
    Block block = blocks.get(b);
    int at = positionIn(block, key);
    if (at >= 0) {
      T previous = (T) block.item(at);
      block.replace(at, item);
      return previous;
    }
    if (block.size == BLOCK && b == blocks.size() - 1 && key > block.last()) {
      // A key past every other, as the engine's keys mostly come: the full block stays full.
      block = new Block();
      blocks.add(block);
      at = -1;
    } else if (block.size == BLOCK) {
      Block upper = block.split();
      blocks.add(b + 1, upper);
      if (key > block.last()) {
        block = upper;
      }
      at = positionIn(block, key);
    }
    block.insert(-at - 1, key, item);
    size++;
    return null;
  }

  /** The key's item; null if the key is not here or has none. */
  @SuppressWarnings("unchecked")
  T get(long key) {
    if (blocks.isEmpty()) {
      return null;
    }
    Block block = blocks.get(blockFor(key));
    int at = block.indexOf(key);
    return at < 0 ? null : (T) block.item(at);
  }

  /** Removes the key and its item; false if it was not there. */
  boolean remove(long key) {
    if (blocks.isEmpty()) {
      return false;
    }
    int b = blockFor(key);
    Block block = blocks.get(b);
    int at = block.indexOf(key);
    if (at < 0) {
      return false;
    }
    block.delete(at);
    if (block.size == 0 && blocks.size() > 1) {
      blocks.remove(b);
    }
    size--;
    return true;
  }

  /** The keys in ascending order. */
  LongStream keys() {
    return blocks.stream().flatMapToLong(block -> Arrays.stream(block.keys, 0, block.size));
  }

  long[] toArray() {
    return keys().toArray();
  }

  /** The items in their keys' order, a key without one left out. */
  @SuppressWarnings("unchecked")
  List<T> values() {
    var values = new ArrayList<T>(size);
    for (Block block : blocks) {
      for (int at = 0; at < block.size; at++) {
        Object item = block.item(at);
        if (item != null) {
          values.add((T) item);
        }
      }
    }
    return values;
  }

  /** Where the key is in the block, or as {@link Arrays#binarySearch} answers where it would go. */
  private static int positionIn(Block block, long key) {
    return block.size == 0 || key > block.last() ? -(block.size + 1) : block.indexOf(key);
  }

  /** The block that holds the key or would: the last whose first key is not above it. */
  private int blockFor(long key) {
    int low = 0;
    int high = blocks.size() - 1;
    while (low < high) {
      int middle = (low + high + 1) >>> 1;
      if (blocks.get(middle).first() <= key) {
        low = middle;
      } else {
        high = middle - 1;
      }
    }
    return low;
  }
}
