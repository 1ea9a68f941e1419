package io.mediaflow.app.engine;

import static org.assertj.core.api.Assertions.assertThat;

import io.camunda.zeebe.logstreams.storage.LogStorage;
import io.camunda.zeebe.util.buffer.DirectBufferWriter;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.agrona.DirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The engine's log on disk: what was appended is read back after a reopen, and a last entry a crash tore (short,
 * or not matching its checksum) is cut off, never fatal.
 */
class FileLogStorageTest {

  @TempDir
  Path folder;

  @Test
  void appendedBlocksAreReadBackInOrderAfterAReopen() throws Exception {
    Path file = folder.resolve("log.bin");
    try (FileLogStorage storage = FileLogStorage.open(file)) {
      append(storage, 3);
    }
    try (FileLogStorage storage = FileLogStorage.open(file)) {
      var reader = storage.newReader();
      reader.seek(2);
      assertThat(texts(reader)).containsExactly("block 2", "block 3");
      assertThat(storage.truncatedBytes()).isZero();
    }
  }

  @Test
  void aTornLastEntryIsCutOffOnOpen() throws Exception {
    Path file = folder.resolve("log.bin");
    try (FileLogStorage storage = FileLogStorage.open(file)) {
      append(storage, 3);
    }
    long intact = Files.size(file);
    try (RandomAccessFile raw = new RandomAccessFile(file.toFile(), "rw")) {
      raw.seek(intact);
      raw.writeInt(100); // a header promising 100 bytes, then only a few: the crash came mid-write
      raw.writeInt(0);
      raw.write(new byte[5]);
    }
    try (FileLogStorage storage = FileLogStorage.open(file)) {
      assertThat(storage.blockCount()).isEqualTo(3);
      assertThat(storage.truncatedBytes()).isEqualTo(13);
    }
    assertThat(Files.size(file)).isEqualTo(intact);

    try (RandomAccessFile raw = new RandomAccessFile(file.toFile(), "rw")) {
      raw.seek(intact - 1);
      raw.write('X'); // the last entry's bytes no longer match its checksum
    }
    try (FileLogStorage storage = FileLogStorage.open(file)) {
      assertThat(storage.blockCount()).isEqualTo(2);
      var reader = storage.newReader();
      reader.seek(0);
      assertThat(texts(reader)).containsExactly("block 1", "block 2");
    }
  }

  private static void append(FileLogStorage storage, int blocks) {
    for (int i = 1; i <= blocks; i++) {
      byte[] block = ("block " + i).getBytes(StandardCharsets.UTF_8);
      storage.append(i, i, new DirectBufferWriter().wrap(new UnsafeBuffer(block)), new LogStorage.AppendListener() {});
    }
  }

  private static List<String> texts(java.util.Iterator<DirectBuffer> reader) {
    var texts = new ArrayList<String>();
    reader.forEachRemaining(buffer -> texts.add(buffer.getStringWithoutLengthUtf8(0, buffer.capacity())));
    return texts;
  }
}
