package io.mediaflow.app.engine.history;

import java.util.AbstractList;
import java.util.List;
import java.util.function.Function;
import java.util.function.ToLongFunction;

/**
 * The items of the heap and those kept on disk, by key, as one list: the heap's as they are, those
 * on disk read only when asked for, so that a search that pages over many reads only its page.
 */
final class KeyOrder {

  private KeyOrder() {}

  /**
   * {@code inHeap} (by key) and the items of {@code onDisk} (keys ascending, read by {@code read})
   * in the order of their keys; a key in both (a copy a crash left on disk as well) is the heap's.
   */
  static <T> List<T> merge(
      List<T> inHeap, ToLongFunction<T> key, long[] onDisk, Function<long[], List<T>> read) {
    List<T> fromDisk = read.apply(onDisk);
    // Each position of the merged list: a heap item's index, or -1 - the disk item's index.
    int[] positions = new int[inHeap.size() + onDisk.length];
    int size = 0;
    int heap = 0;
    int disk = 0;
    while (heap < inHeap.size() || disk < onDisk.length) {
      long heapKey = heap < inHeap.size() ? key.applyAsLong(inHeap.get(heap)) : Long.MAX_VALUE;
      if (disk < onDisk.length && onDisk[disk] < heapKey) {
        positions[size++] = -1 - disk++;
      } else {
        if (disk < onDisk.length && onDisk[disk] == heapKey) {
          disk++;
        }
        positions[size++] = heap++;
      }
    }
    int length = size;
    return new AbstractList<>() {
      @Override
      public T get(int index) {
        int at = positions[index];
        return at >= 0 ? inHeap.get(at) : fromDisk.get(-1 - at);
      }

      @Override
      public int size() {
        return length;
      }
    };
  }
}
