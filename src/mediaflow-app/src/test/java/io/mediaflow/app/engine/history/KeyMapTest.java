package io.mediaflow.app.engine.history;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Random;
import java.util.TreeMap;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

class KeyMapTest {

  private final KeyMap<Void> keys = new KeyMap<>();

  @Test
  void keysComeBackSortedAndOnceWhateverTheOrderTheyCameIn() {
    assertThat(keys.add(30)).isTrue();
    assertThat(keys.add(10)).isTrue();
    assertThat(keys.add(20)).isTrue();
    assertThat(keys.add(10)).as("already there").isFalse();

    assertThat(keys.toArray()).containsExactly(10, 20, 30);
    assertThat(keys.size()).isEqualTo(3);
  }

  @Test
  void removingTheLastKeyLeavesAnEmptySetThatTakesKeysAgain() {
    keys.add(5);
    assertThat(keys.remove(6)).isFalse();
    assertThat(keys.remove(5)).isTrue();
    assertThat(keys.isEmpty()).isTrue();
    assertThat(new KeyMap<Void>().remove(1)).isFalse();

    keys.add(7);
    assertThat(keys.toArray()).containsExactly(7);
  }

  /**
   * Many times a block's keys, added in rising order as the engine's keys come, some out of order,
   * some removed from the middle and the ends: always the same keys as a TreeSet given the same.
   */
  @Test
  void theSetAgreesWithATreeSetAcrossManyBlocks() {
    var engine = new EngineKeys(46);
    var expected = new TreeSet<Long>();
    for (int step = 0; step < 40 * KeyMap.BLOCK; step++) {
      long key = engine.key();
      if (engine.removes() && !expected.isEmpty()) {
        Long above = expected.ceiling(engine.near(key));
        long gone = above == null ? expected.last() : above;
        assertThat(keys.remove(gone)).isEqualTo(expected.remove(gone));
      } else {
        assertThat(keys.add(key)).as("add %d", key).isEqualTo(expected.add(key));
      }
    }

    assertThat(keys.size()).isEqualTo(expected.size()).isGreaterThan(10 * KeyMap.BLOCK);
    assertThat(keys.keys().boxed().toList()).containsExactlyElementsOf(expected);
    expected.forEach(key -> assertThat(keys.remove(key)).isTrue());
    assertThat(keys.isEmpty()).isTrue();
  }

  @Test
  void anItemIsFoundByItsKeyReplacedAndRemovedWithIt() {
    var items = new KeyMap<String>();
    assertThat(items.put(20, "b")).isNull();
    assertThat(items.put(10, "a")).isNull();
    assertThat(items.put(20, "b2")).as("the item it had").isEqualTo("b");

    assertThat(items.get(10)).isEqualTo("a");
    assertThat(items.get(20)).isEqualTo("b2");
    assertThat(items.get(15)).isNull();
    assertThat(items.values()).containsExactly("a", "b2");
    assertThat(items.remove(10)).isTrue();
    assertThat(items.get(10)).isNull();
    assertThat(items.values()).containsExactly("b2");
  }

  /**
   * The same steps as {@link #theSetAgreesWithATreeSetAcrossManyBlocks}, each key with an item,
   * some replaced: always the same items by key as a TreeMap given the same.
   */
  @Test
  void theMapAgreesWithATreeMapAcrossManyBlocks() {
    var items = new KeyMap<String>();
    var engine = new EngineKeys(47);
    var expected = new TreeMap<Long, String>();
    for (int step = 0; step < 40 * KeyMap.BLOCK; step++) {
      long key = engine.key();
      if (engine.removes() && !expected.isEmpty()) {
        Long above = expected.ceilingKey(engine.near(key));
        long gone = above == null ? expected.lastKey() : above;
        assertThat(items.remove(gone)).isEqualTo(expected.remove(gone) != null);
      } else {
        String item = "item " + step;
        assertThat(items.put(key, item)).as("put %d", key).isEqualTo(expected.put(key, item));
      }
      long probe = engine.near(key);
      assertThat(items.get(probe)).as("get %d", probe).isEqualTo(expected.get(probe));
    }

    assertThat(items.size()).isEqualTo(expected.size()).isGreaterThan(10 * KeyMap.BLOCK);
    assertThat(items.keys().boxed().toList()).containsExactlyElementsOf(expected.keySet());
    assertThat(items.values()).containsExactlyElementsOf(expected.values());
  }

  /**
   * Keys as the engine hands them out, mostly rising, a quarter of them from a little way back; and
   * which step removes a key (a third) rather than adds one.
   */
  private static final class EngineKeys {
    private final Random random;
    private long next = 2_251_799_813_685_249L;

    EngineKeys(long seed) {
      random = new Random(seed);
    }

    long key() {
      return random.nextInt(4) == 0
          ? next - random.nextInt(5 * KeyMap.BLOCK)
          : (next += 1 + random.nextInt(3));
    }

    boolean removes() {
      return random.nextInt(3) == 0;
    }

    /** A key up to a few blocks below {@code key}. */
    long near(long key) {
      return key - random.nextInt(3 * KeyMap.BLOCK);
    }
  }
}
