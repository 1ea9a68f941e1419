package io.mediaflow.app.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.camunda.zeebe.logstreams.storage.LogStorage;
import io.camunda.zeebe.util.buffer.DirectBufferWriter;
import java.io.RandomAccessFile;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import java.util.zip.CRC32C;
import org.agrona.DirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The engine's log on disk, in segment files: what was appended is read back across segments after
 * a reopen, a last entry a crash tore (short, or not matching its checksum) is cut off, never
 * fatal, damage in an earlier segment is an error, the one file of the earlier layout is read, and
 * whole segments below a position are deleted.
 */
class FileLogStorageTest {

  /** An entry here: a 24-byte header and "block N", 31 bytes; two fit in a segment. */
  private static final long SEGMENT_SIZE = 64;

  @TempDir Path folder;

  @Test
  void aFullSegmentRollsOverAndTheLogIsReadAcrossSegmentsAfterAReopen() throws Exception {
    try (FileLogStorage storage = FileLogStorage.open(folder, SEGMENT_SIZE)) {
      append(storage, 1, 5);
    }
    assertThat(files())
        .containsExactly(
            "00000000000000000001.log", "00000000000000000003.log", "00000000000000000005.log");
    try (FileLogStorage storage = FileLogStorage.open(folder, SEGMENT_SIZE)) {
      assertThat(storage.truncatedBytes()).isZero();
      assertThat(read(storage, 2)).containsExactly("block 2", "block 3", "block 4", "block 5");
      append(storage, 6, 7); // the last segment had room for one more
    }
    assertThat(files()).endsWith("00000000000000000005.log", "00000000000000000007.log");
    try (FileLogStorage storage = FileLogStorage.open(folder, SEGMENT_SIZE)) {
      assertThat(read(storage, 0)).hasSize(7).endsWith("block 6", "block 7");
    }
  }

  @Test
  void aTornLastEntryOfTheLastSegmentIsCutOffOnOpen() throws Exception {
    try (FileLogStorage storage = FileLogStorage.open(folder, SEGMENT_SIZE)) {
      append(storage, 1, 3);
    }
    Path last = folder.resolve("00000000000000000003.log");
    long intact = Files.size(last);
    try (RandomAccessFile raw = new RandomAccessFile(last.toFile(), "rw")) {
      raw.seek(intact);
      raw.writeInt(100); // a header promising 100 bytes, then only a few: the crash came mid-write
      raw.writeInt(0);
      raw.write(new byte[5]);
    }
    try (FileLogStorage storage = FileLogStorage.open(folder, SEGMENT_SIZE)) {
      assertThat(storage.blockCount()).isEqualTo(3);
      assertThat(storage.truncatedBytes()).isEqualTo(13);
    }
    assertThat(Files.size(last)).isEqualTo(intact);

    corruptLastByte(last); // the last entry's bytes no longer match its checksum
    try (FileLogStorage storage = FileLogStorage.open(folder, SEGMENT_SIZE)) {
      assertThat(read(storage, 0)).containsExactly("block 1", "block 2");
      append(storage, 3, 3); // a segment a crash emptied is started again under the same name
    }
    assertThat(files()).containsExactly("00000000000000000001.log", "00000000000000000003.log");
  }

  @Test
  void aDamagedEntryInAnEarlierSegmentIsAnErrorNamingTheFile() throws Exception {
    try (FileLogStorage storage = FileLogStorage.open(folder, SEGMENT_SIZE)) {
      append(storage, 1, 3);
    }
    corruptLastByte(folder.resolve("00000000000000000001.log"));

    assertThatThrownBy(() -> FileLogStorage.open(folder, SEGMENT_SIZE))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("00000000000000000001.log")
        .hasMessageContaining("checksum");
  }

  @Test
  void theOneFileOfTheEarlierLayoutIsReadAsTheFirstSegment() throws Exception {
    // log.bin as yesterday's version wrote it: [length][crc32c of positions and
    // bytes][lowest][highest][bytes]
    try (var out = Files.newOutputStream(folder.resolve(FileLogStorage.SINGLE_FILE))) {
      for (int i = 1; i <= 3; i++) {
        out.write(entry(i, "block " + i));
      }
      out.write(entry(4, "block 4"), 0, 20); // and the crash tore its last write
    }

    try (FileLogStorage storage = FileLogStorage.open(folder, SEGMENT_SIZE)) {
      assertThat(storage.truncatedBytes()).isEqualTo(20);
      assertThat(read(storage, 0)).containsExactly("block 1", "block 2", "block 3");
      append(storage, 4, 4);
    }
    assertThat(files()).containsExactly("00000000000000000001.log", "00000000000000000004.log");
    try (FileLogStorage storage = FileLogStorage.open(folder, SEGMENT_SIZE)) {
      assertThat(read(storage, 0)).containsExactly("block 1", "block 2", "block 3", "block 4");
    }
  }

  @Test
  void segmentsWhollyBelowAPositionAreDeletedAndTheRestIsStillRead() throws Exception {
    try (FileLogStorage storage = FileLogStorage.open(folder, SEGMENT_SIZE)) {
      append(storage, 1, 7);
      assertThat(storage.deleteUntil(4)).as("1-2 go; 3-4 hold position 4").isEqualTo(1);
      assertThat(storage.deleteUntil(100)).as("the last segment stays").isEqualTo(2);
      assertThat(read(storage, 0)).containsExactly("block 7");
    }
    assertThat(files()).containsExactly("00000000000000000007.log");
    try (FileLogStorage storage = FileLogStorage.open(folder, SEGMENT_SIZE)) {
      assertThat(read(storage, 2)).containsExactly("block 7");
      assertThat(storage.bytesWritten()).isEqualTo(31);
    }
  }

  private static void append(FileLogStorage storage, int first, int last) {
    for (int i = first; i <= last; i++) {
      byte[] block = ("block " + i).getBytes(StandardCharsets.UTF_8);
      storage.append(
          i,
          i,
          new DirectBufferWriter().wrap(new UnsafeBuffer(block)),
          new LogStorage.AppendListener() {});
    }
  }

  private static byte[] entry(long position, String text) {
    byte[] data = text.getBytes(StandardCharsets.UTF_8);
    CRC32C crc = new CRC32C();
    crc.update(ByteBuffer.allocate(16).putLong(position).putLong(position).flip());
    crc.update(data);
    return ByteBuffer.allocate(24 + data.length)
        .putInt(data.length)
        .putInt((int) crc.getValue())
        .putLong(position)
        .putLong(position)
        .put(data)
        .array();
  }

  private static void corruptLastByte(Path file) throws Exception {
    try (RandomAccessFile raw = new RandomAccessFile(file.toFile(), "rw")) {
      raw.seek(raw.length() - 1);
      raw.write('X');
    }
  }

  private List<String> files() throws Exception {
    try (Stream<Path> files = Files.list(folder)) {
      return files.map(file -> file.getFileName().toString()).sorted().toList();
    }
  }

  private static List<String> read(FileLogStorage storage, long from) {
    var reader = storage.newReader();
    reader.seek(from);
    var texts = new ArrayList<String>();
    reader.forEachRemaining(
        (DirectBuffer buffer) ->
            texts.add(buffer.getStringWithoutLengthUtf8(0, buffer.capacity())));
    return texts;
  }
}
