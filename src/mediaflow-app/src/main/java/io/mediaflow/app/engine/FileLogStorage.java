package io.mediaflow.app.engine;

import io.camunda.zeebe.logstreams.storage.LogStorage;
import io.camunda.zeebe.logstreams.storage.LogStorageReader;
import io.camunda.zeebe.util.buffer.BufferWriter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.zip.CRC32C;
import org.agrona.DirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;

/**
 * The durable engine's log: a {@link LogStorage} in one append-only file. Each block the log stream appends is one entry:
 * {@code [int length][int crc32c][long lowestPosition][long highestPosition][length bytes]}, the checksum over the
 * two positions and the bytes. An append is forced to disk before its listener hears onWrite/onCommit, so a
 * command is acknowledged only once it is durable. On open the file is read from the start; a last entry that is
 * short or fails its checksum (a write torn by a crash) is cut off, never fatal.
 *
 * <p>Not yet: segments, deletion below a snapshot, reading from disk instead of keeping the blocks in memory.
 */
final class FileLogStorage implements LogStorage, AutoCloseable {

  private static final int HEADER = 4 + 4 + 8 + 8;

  private final FileChannel channel;
  private final List<byte[]> blocks = new ArrayList<>();
  /** lowest position of a block to its index in {@link #blocks}. */
  private final ConcurrentSkipListMap<Long, Integer> indexByLowestPosition = new ConcurrentSkipListMap<>();
  private final Set<CommitListener> commitListeners = ConcurrentHashMap.newKeySet();
  private long truncatedBytes;

  private FileLogStorage(FileChannel channel) {
    this.channel = channel;
  }

  static FileLogStorage open(Path file) {
    try {
      Files.createDirectories(file.getParent());
      FileChannel channel = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.READ,
          StandardOpenOption.WRITE);
      long size = channel.size();
      FileLogStorage storage = new FileLogStorage(channel);
      long valid = storage.load(size);
      if (valid < size) {
        channel.truncate(valid);
        channel.force(true);
        storage.truncatedBytes = size - valid;
      }
      channel.position(valid);
      return storage;
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot open the log " + file, e);
    }
  }

  /** Reads the valid entries; returns the offset after the last of them. */
  private long load(long size) throws IOException {
    long offset = 0;
    ByteBuffer header = ByteBuffer.allocate(HEADER);
    while (offset + HEADER <= size) {
      header.clear();
      readFully(header, offset);
      header.flip();
      int length = header.getInt();
      int crc = header.getInt();
      long lowest = header.getLong();
      long highest = header.getLong();
      if (length <= 0 || offset + HEADER + length > size) {
        break;
      }
      ByteBuffer data = ByteBuffer.allocate(length);
      readFully(data, offset + HEADER);
      if (checksum(lowest, highest, data.array()) != crc) {
        break;
      }
      add(lowest, data.array());
      offset += HEADER + length;
    }
    return offset;
  }

  private void readFully(ByteBuffer buffer, long offset) throws IOException {
    while (buffer.hasRemaining()) {
      if (channel.read(buffer, offset + buffer.position()) < 0) {
        throw new IOException("unexpected end of the log");
      }
    }
  }

  private static int checksum(long lowest, long highest, byte[] data) {
    CRC32C crc = new CRC32C();
    crc.update(ByteBuffer.allocate(16).putLong(lowest).putLong(highest).flip());
    crc.update(data);
    return (int) crc.getValue();
  }

  private synchronized int add(long lowest, byte[] data) {
    blocks.add(data);
    int index = blocks.size() - 1;
    indexByLowestPosition.put(lowest, index);
    return index;
  }

  private synchronized byte[] block(int index) {
    return blocks.get(index);
  }

  /** Bytes the log holds. */
  synchronized long bytes() {
    try {
      return channel.position();
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot read the log's length", e);
    }
  }

  /** Bytes of a torn or corrupt tail cut off when the log was opened. */
  long truncatedBytes() {
    return truncatedBytes;
  }

  synchronized int blockCount() {
    return blocks.size();
  }

  @Override
  public void append(long lowestPosition, long highestPosition, BufferWriter writer, AppendListener listener) {
    byte[] data = new byte[writer.getLength()];
    writer.write(new UnsafeBuffer(data), 0);
    ByteBuffer entry = ByteBuffer.allocate(HEADER + data.length);
    entry.putInt(data.length).putInt(checksum(lowestPosition, highestPosition, data))
        .putLong(lowestPosition).putLong(highestPosition).put(data).flip();
    int index;
    synchronized (this) {
      try {
        while (entry.hasRemaining()) {
          channel.write(entry);
        }
        channel.force(false);
      } catch (IOException e) {
        throw new UncheckedIOException("Cannot append to the log", e);
      }
      index = add(lowestPosition, data);
    }
    listener.onWrite(index + 1, highestPosition);
    listener.onCommit(index + 1, highestPosition);
    commitListeners.forEach(CommitListener::onCommit);
  }

  @Override
  public LogStorageReader newReader() {
    return new Reader();
  }

  @Override
  public void addCommitListener(CommitListener listener) {
    commitListeners.add(listener);
  }

  @Override
  public void removeCommitListener(CommitListener listener) {
    commitListeners.remove(listener);
  }

  @Override
  public synchronized void close() throws IOException {
    channel.close();
  }

  private final class Reader implements LogStorageReader {

    private int next;

    @Override
    public void seek(long position) {
      // The block holding position, or the last one below it; the first block when there is none.
      Map.Entry<Long, Integer> floor = indexByLowestPosition.floorEntry(position);
      next = floor == null ? 0 : floor.getValue();
    }

    @Override
    public boolean hasNext() {
      return next < blockCount();
    }

    @Override
    public DirectBuffer next() {
      if (!hasNext()) {
        throw new NoSuchElementException();
      }
      return new UnsafeBuffer(block(next++));
    }

    @Override
    public void close() {}
  }
}
