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
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.stream.Stream;
import java.util.zip.CRC32C;
import org.agrona.DirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;

/**
 * The durable engine's log: a {@link LogStorage} in append-only segment files in one folder, each
 * named by the position of its first entry ({@code 00000000000000000001.log}, twenty digits, so
 * that the names sort as the log does). Each block the log stream appends is one entry: {@code [int
 * length][int crc32c][long lowestPosition][long highestPosition][length bytes]}, the checksum over
 * the two positions and the bytes. An append is forced to disk before its listener hears
 * onWrite/onCommit, so a command is acknowledged only once it is durable. A new segment is started
 * when the next entry would take the current one past {@code segmentSize} (an entry larger than
 * that gets a segment of its own).
 *
 * <p>On open the segments are read in order. The last one ends where the crash came: an entry there
 * that is short or fails its checksum was never acknowledged and is cut off, never fatal. Anywhere
 * else such an entry is damage to what was acknowledged, and opening fails naming the file. A
 * {@code log.bin} of the earlier one-file layout has the same entries and becomes the first segment
 * by a rename.
 *
 * <p>The {@link LogStorage} contract has no deletion; a broker compacts its journal beside it
 * ({@code LogCompactor} calls the journal's {@code deleteUntil} once a snapshot is persisted), and
 * so does {@link #deleteUntil}: whole segments below a position go. Only the entries' places are
 * held in memory; their bytes are read from the files.
 */
final class FileLogStorage implements LogStorage, AutoCloseable {

  /** The log of the earlier layout: one growing file. */
  static final String SINGLE_FILE = "log.bin";

  private static final String SUFFIX = ".log";
  private static final int HEADER = 4 + 4 + 8 + 8;

  /** A segment file, open for reads (and for appends when it is the last). */
  private static final class Segment {
    final Path file;
    final long firstPosition;
    final FileChannel channel;
    long size;

    Segment(Path file, long firstPosition, FileChannel channel, long size) {
      this.file = file;
      this.firstPosition = firstPosition;
      this.channel = channel;
      this.size = size;
    }
  }

  /** Where an entry's bytes are. */
  private record Entry(Segment segment, long offset, int length) {}

  private final Path folder;
  private final long segmentSize;

  /** By first position, in the log's order. */
  private final ConcurrentSkipListMap<Long, Segment> segments = new ConcurrentSkipListMap<>();

  /** By the lowest position of an entry's block. */
  private final ConcurrentSkipListMap<Long, Entry> entries = new ConcurrentSkipListMap<>();

  private final Set<CommitListener> commitListeners = ConcurrentHashMap.newKeySet();
  private long truncatedBytes;

  /**
   * Bytes of entries ever written, never less after a deletion: what the snapshot rule measures
   * growth by.
   */
  private long bytesWritten;

  /** The highest position read so far while opening: positions only grow, across segments too. */
  private long loadedHighest = Long.MIN_VALUE;

  /** A broker hands on its journal's index; this counts the appends of this run instead. */
  private long appends;

  private FileLogStorage(Path folder, long segmentSize) {
    this.folder = folder;
    this.segmentSize = segmentSize;
  }

  static FileLogStorage open(Path folder, long segmentSize) {
    try {
      Files.createDirectories(folder);
      migrateSingleFile(folder);
      FileLogStorage storage = new FileLogStorage(folder, segmentSize);
      List<Path> files = segmentFiles(folder);
      for (int i = 0; i < files.size(); i++) {
        storage.load(files.get(i), i == files.size() - 1);
      }
      return storage;
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot open the log in " + folder, e);
    }
  }

  /**
   * The earlier layout's one file holds entries of the same form: renamed after its first entry's
   * position, it is the first segment. A rename is atomic, so a crash leaves either the old name or
   * the new one.
   */
  private static void migrateSingleFile(Path folder) throws IOException {
    Path single = folder.resolve(SINGLE_FILE);
    if (!Files.exists(single)) {
      return;
    }
    if (!segmentFiles(folder).isEmpty()) {
      throw new IllegalStateException(
          "The engine's log folder "
              + folder
              + " holds both "
              + SINGLE_FILE
              + " of the earlier layout and segments: keep one of them");
    }
    if (Files.size(single) < HEADER) {
      Files.delete(single); // not one whole entry: nothing was ever acknowledged
    } else {
      ByteBuffer header = ByteBuffer.allocate(HEADER);
      try (FileChannel channel = FileChannel.open(single, StandardOpenOption.READ)) {
        readFully(channel, header, 0);
      }
      // If that first entry is torn, the renamed file is the last segment, whose torn tail is cut
      // when it is read.
      Files.move(single, folder.resolve(name(header.getLong(8))), StandardCopyOption.ATOMIC_MOVE);
    }
    DurableFiles.forceDirectory(folder);
  }

  private static List<Path> segmentFiles(Path folder) throws IOException {
    try (Stream<Path> files = Files.list(folder)) {
      return files
          .filter(file -> file.getFileName().toString().matches("\\d{20}\\" + SUFFIX))
          .sorted()
          .toList();
    }
  }

  private static String name(long firstPosition) {
    return "%020d%s".formatted(firstPosition, SUFFIX);
  }

  private static long firstPosition(Path file) {
    String name = file.getFileName().toString();
    return Long.parseLong(name.substring(0, name.length() - SUFFIX.length()));
  }

  /**
   * Reads a segment's valid entries; cuts a torn tail of the last segment, fails on damage anywhere
   * else.
   */
  private void load(Path file, boolean last) throws IOException {
    FileChannel channel = FileChannel.open(file, StandardOpenOption.READ, StandardOpenOption.WRITE);
    long size = channel.size();
    var segment = new Segment(file, firstPosition(file), channel, size);
    long offset = 0;
    String damage = null;
    ByteBuffer header = ByteBuffer.allocate(HEADER);
    while (offset < size) {
      if (offset + HEADER > size) {
        damage = "a short entry header";
        break;
      }
      header.clear();
      readFully(channel, header, offset);
      header.flip();
      int length = header.getInt();
      int crc = header.getInt();
      long lowest = header.getLong();
      long highest = header.getLong();
      if (length <= 0 || offset + HEADER + length > size) {
        damage = "an entry shorter than its header says";
        break;
      }
      byte[] data = new byte[length];
      readFully(channel, ByteBuffer.wrap(data), offset + HEADER);
      if (checksum(lowest, highest, data) != crc) {
        damage = "an entry failing its checksum";
        break;
      }
      if ((offset == 0 && lowest != segment.firstPosition) || lowest <= loadedHighest) {
        throw new IllegalStateException(
            "The engine's log segment "
                + file
                + " is out of order at offset "
                + offset
                + ": an entry at position "
                + lowest
                + " after position "
                + loadedHighest);
      }
      entries.put(lowest, new Entry(segment, offset + HEADER, length));
      loadedHighest = highest;
      offset += HEADER + length;
    }
    if (damage != null && !last) {
      channel.close();
      throw new IllegalStateException(
          "The engine's log segment "
              + file
              + " is damaged at offset "
              + offset
              + " ("
              + damage
              + "), and it is not the last one, whose tail a crash may tear: restore the data folder from a"
              + " backup, or delete it to start afresh");
    }
    if (offset < size) {
      channel.truncate(offset);
      channel.force(true);
      truncatedBytes = size - offset;
      segment.size = offset;
    }
    if (segment.size == 0) {
      // A segment a crash left empty: the next append starts one named after its own first
      // position.
      channel.close();
      Files.delete(file);
      return;
    }
    segments.put(segment.firstPosition, segment);
    bytesWritten += segment.size;
  }

  private static void readFully(FileChannel channel, ByteBuffer buffer, long offset)
      throws IOException {
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

  private byte[] read(Entry entry) {
    byte[] data = new byte[entry.length];
    try {
      readFully(entry.segment.channel, ByteBuffer.wrap(data), entry.offset);
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot read the log segment " + entry.segment.file, e);
    }
    return data;
  }

  /**
   * Bytes of entries written to the log, this run and before; deleting segments does not lower it.
   */
  synchronized long bytesWritten() {
    return bytesWritten;
  }

  /** Bytes of a torn or corrupt tail cut off when the log was opened. */
  long truncatedBytes() {
    return truncatedBytes;
  }

  int blockCount() {
    return entries.size();
  }

  /** The segment files, in the log's order. */
  List<Path> segmentFiles() {
    return segments.values().stream().map(segment -> segment.file).toList();
  }

  @Override
  public void append(
      long lowestPosition, long highestPosition, BufferWriter writer, AppendListener listener) {
    byte[] data = new byte[writer.getLength()];
    writer.write(new UnsafeBuffer(data), 0);
    ByteBuffer entry = ByteBuffer.allocate(HEADER + data.length);
    entry
        .putInt(data.length)
        .putInt(checksum(lowestPosition, highestPosition, data))
        .putLong(lowestPosition)
        .putLong(highestPosition)
        .put(data)
        .flip();
    long index;
    synchronized (this) {
      try {
        Segment segment = segmentFor(lowestPosition, entry.remaining());
        long offset = segment.size;
        while (entry.hasRemaining()) {
          segment.channel.write(entry, offset + entry.position());
        }
        segment.channel.force(false);
        segment.size += entry.limit();
        bytesWritten += entry.limit();
        entries.put(lowestPosition, new Entry(segment, offset + HEADER, data.length));
      } catch (IOException e) {
        throw new UncheckedIOException("Cannot append to the log in " + folder, e);
      }
      index = ++appends;
    }
    listener.onWrite(index, highestPosition);
    listener.onCommit(index, highestPosition);
    commitListeners.forEach(CommitListener::onCommit);
  }

  /**
   * The last segment, or a new one when there is none or this entry would take it past the segment
   * size.
   */
  private Segment segmentFor(long lowestPosition, int entryBytes) throws IOException {
    Map.Entry<Long, Segment> last = segments.lastEntry();
    if (last != null
        && (last.getValue().size == 0 || last.getValue().size + entryBytes <= segmentSize)) {
      return last.getValue();
    }
    Path file = folder.resolve(name(lowestPosition));
    FileChannel channel =
        FileChannel.open(
            file, StandardOpenOption.CREATE_NEW, StandardOpenOption.READ, StandardOpenOption.WRITE);
    DurableFiles.forceDirectory(folder);
    var segment = new Segment(file, lowestPosition, channel, 0);
    segments.put(lowestPosition, segment);
    return segment;
  }

  /**
   * Deletes the segments whose every entry is below {@code position}, as a broker's journal does
   * below its compaction bound; the segment holding {@code position}, and the last one, stay.
   * Returns how many went.
   */
  synchronized int deleteUntil(long position) {
    List<Segment> inOrder = List.copyOf(segments.values());
    int deleted = 0;
    while (deleted + 1 < inOrder.size() && inOrder.get(deleted + 1).firstPosition <= position) {
      Segment segment = inOrder.get(deleted);
      entries.headMap(inOrder.get(deleted + 1).firstPosition).clear();
      segments.remove(segment.firstPosition);
      try {
        segment.channel.close();
        Files.delete(segment.file);
      } catch (IOException e) {
        throw new UncheckedIOException("Cannot delete the log segment " + segment.file, e);
      }
      deleted++;
    }
    return deleted;
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
    for (Segment segment : segments.values()) {
      segment.channel.close();
    }
  }

  private final class Reader implements LogStorageReader {

    /** The lowest position of the next block to read, or below it. */
    private long next = Long.MIN_VALUE;

    @Override
    public void seek(long position) {
      // The block holding position, or the last one below it; the first block when there is none.
      Long floor = entries.floorKey(position);
      next = floor == null ? Long.MIN_VALUE : floor;
    }

    @Override
    public boolean hasNext() {
      return entries.ceilingKey(next) != null;
    }

    @Override
    public DirectBuffer next() {
      Map.Entry<Long, Entry> entry = entries.ceilingEntry(next);
      if (entry == null) {
        throw new NoSuchElementException();
      }
      next = entry.getKey() + 1;
      return new UnsafeBuffer(read(entry.getValue()));
    }

    @Override
    public void close() {}
  }
}
