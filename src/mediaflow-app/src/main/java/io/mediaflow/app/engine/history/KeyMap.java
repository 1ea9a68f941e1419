package io.mediaflow.app.engine.history;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.LongStream;

/**
 * A sorted set of keys held as plain {@code long}s: what {@link HistoryIndex} keeps for each value
 * of a field. A {@code TreeSet<Long>} costs 56 bytes per key (its entry and the boxed key), which
 * made the postings of the running instances' element instances and variables the largest part of
 * the heap per instance in flight; here a key costs 8 bytes and some slack.
 *
 * <p>The keys are in blocks of at most {@link #BLOCK} sorted keys, the blocks in key order, so that
 * adding or removing a key moves at most a block's keys, however many the set holds (a posting such
 * as a process id's holds every element instance of that process). The engine's keys grow, so most
 * keys are added at the end. Not thread-safe: {@link HistoryIndex} is guarded by its owner.
 */
final class KeySet {

  static final int BLOCK = 256;

  /** A block's first capacity: most sets (an instance's, an element's) hold few keys. */
  private static final int FIRST_CAPACITY = 4;

  private final List<Block> blocks = new ArrayList<>(1);
  private int size;

  private static final class Block {
    long[] keys = new long[FIRST_CAPACITY];
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

    void insert(int at, long key) {
      if (size == keys.length) {
        keys = Arrays.copyOf(keys, Math.min(BLOCK, keys.length * 2));
      }
      System.arraycopy(keys, at, keys, at + 1, size - at);
      keys[at] = key;
      size++;
    }

    void delete(int at) {
      System.arraycopy(keys, at + 1, keys, at, size - at - 1);
      size--;
    }

    /** Moves the upper half of the keys to a new block, which it returns. */
    Block split() {
      Block upper = new Block();
      int half = size / 2;
      upper.keys = Arrays.copyOfRange(keys, half, BLOCK);
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

  /** Adds the key; false if it was there already. */
  boolean add(long key) {
    if (blocks.isEmpty()) {
      blocks.add(new Block());
    }
    int b = blockFor(key);
    Block block = blocks.get(b);
    int at = block.size == 0 || key > block.last() ? -(block.size + 1) : block.indexOf(key);
    if (at >= 0) {
      return false;
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
      at = block.size == 0 || key > block.last() ? -(block.size + 1) : block.indexOf(key);
    }
    block.insert(-at - 1, key);
    size++;
    return true;
  }

  /** Removes the key; false if it was not there. */
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
  LongStream stream() {
    return blocks.stream().flatMapToLong(block -> Arrays.stream(block.keys, 0, block.size));
  }

  long[] toArray() {
    return stream().toArray();
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
