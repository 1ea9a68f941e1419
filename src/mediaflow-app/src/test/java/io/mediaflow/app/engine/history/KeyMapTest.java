package io.mediaflow.app.engine.history;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Random;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

class KeySetTest {

  private final KeySet keys = new KeySet();

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
    assertThat(new KeySet().remove(1)).isFalse();

    keys.add(7);
    assertThat(keys.toArray()).containsExactly(7);
  }

  /**
   * Many times a block's keys, added in rising order as the engine's keys come, some out of order,
   * some removed from the middle and the ends: always the same keys as a TreeSet given the same.
   */
  @Test
  void theSetAgreesWithATreeSetAcrossManyBlocks() {
    var random = new Random(46);
    var expected = new TreeSet<Long>();
    long next = 2_251_799_813_685_249L;
    for (int step = 0; step < 40 * KeySet.BLOCK; step++) {
      long key =
          random.nextInt(4) == 0
              ? next - random.nextInt(5 * KeySet.BLOCK)
              : (next += 1 + random.nextInt(3));
      if (random.nextInt(3) == 0 && !expected.isEmpty()) {
        Long above = expected.ceiling(key - random.nextInt(3 * KeySet.BLOCK));
        long gone = above == null ? expected.last() : above;
        assertThat(keys.remove(gone)).isEqualTo(expected.remove(gone));
      } else {
        assertThat(keys.add(key)).as("add %d", key).isEqualTo(expected.add(key));
      }
    }

    assertThat(keys.size()).isEqualTo(expected.size()).isGreaterThan(10 * KeySet.BLOCK);
    assertThat(keys.stream().boxed().toList()).containsExactlyElementsOf(expected);
    expected.forEach(key -> assertThat(keys.remove(key)).isTrue());
    assertThat(keys.isEmpty()).isTrue();
  }
}
