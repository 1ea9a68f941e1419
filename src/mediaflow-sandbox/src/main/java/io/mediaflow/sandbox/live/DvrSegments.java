package io.mediaflow.sandbox.live;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * DVR of a real RTMP push, for one destination and one container: ffmpeg's segment muxer cuts the
 * ingested stream (copied, not re-encoded) into {@code recording-<NNNN>.mp4} or {@code .ts} files
 * of {@code max_file_duration} seconds each (at the first key frame after it), straight into the
 * destination's folder, and appends a line {@code <file>,<start>,<end>} to a CSV list as it
 * finishes each one. {@link #collect(boolean)} reads the new lines and lists the finished files as
 * recordings: a file is listed only once it is complete, as the service transfers a file once it is
 * finished. The {@code .ts} files serve formats {@code ts} and {@code hls} alike; for {@code hls} a
 * VOD playlist {@code recording-<NNNN>.m3u8} of the one segment is written beside each.
 */
final class DvrSegments {

  private final LiveStream stream;
  private final LiveDvrDestination destination;
  private final DvrFolder folder;
  private final String container;
  private final List<String> formats;
  private final Path list;
  private long consumed;

  private DvrSegments(
      LiveStream stream,
      LiveDvrDestination destination,
      DvrFolder folder,
      String container,
      List<String> formats,
      Path list) {
    this.stream = stream;
    this.destination = destination;
    this.folder = folder;
    this.container = container;
    this.formats = formats;
    this.list = list;
  }

  /**
   * The outputs a push to {@code stream} records into: per destination, one for mp4 and one for ts
   * and hls.
   */
  static List<DvrSegments> plan(LiveStream stream, DvrFolder folder, Path work) {
    DvrParams dvr = stream.params().dvr();
    var outputs = new ArrayList<DvrSegments>();
    if (!dvr.enabled()) {
      return outputs;
    }
    List<String> mp4 = dvr.formats().stream().filter("mp4"::equals).toList();
    List<String> ts = dvr.formats().stream().filter(format -> !format.equals("mp4")).toList();
    for (int d = 0; d < dvr.destinations().size(); d++) {
      LiveDvrDestination destination = dvr.destinations().get(d);
      if (!mp4.isEmpty()) {
        outputs.add(
            new DvrSegments(
                stream, destination, folder, "mp4", mp4, work.resolve("dvr-" + d + "-mp4.csv")));
      }
      if (!ts.isEmpty()) {
        outputs.add(
            new DvrSegments(
                stream, destination, folder, "ts", ts, work.resolve("dvr-" + d + "-ts.csv")));
      }
    }
    return outputs;
  }

  /** The files ffmpeg writes, with {@code %04d} for the number. */
  Path filePattern() {
    return folder.file(
        destination.bucket(),
        folder.objectPath(destination, stream, "recording-%04d." + container));
  }

  /** ffmpeg's name of the container. */
  String muxer() {
    return container.equals("ts") ? "mpegts" : "mp4";
  }

  Path list() {
    return list;
  }

  /**
   * Lists the files finished since the last call, each once it reaches the destination ({@link
   * DvrFolder#transfer}); call from one thread at a time.
   *
   * @param ending whether the push has ended or is being ended: a file finished now was the one
   *     open as the stream left live
   */
  void collect(boolean ending) {
    for (String line : newLines()) {
      String[] fields = line.split(",");
      String file = fields[0];
      double duration = Double.parseDouble(fields[2]) - Double.parseDouble(fields[1]);
      String name = file.substring(0, file.lastIndexOf('.'));
      String path = folder.objectPath(destination, stream, name);
      int chunk = Integer.parseInt(name.substring(name.lastIndexOf('-') + 1));
      folder.transfer(
          chunk,
          ending,
          () -> {
            for (String format : formats) {
              if (format.equals("hls")) {
                byte[] playlist = HlsPlaylist.vod(file, duration).getBytes(StandardCharsets.UTF_8);
                folder.write(destination.bucket(), path + ".m3u8", playlist);
              }
              stream.addRecording(
                  folder.recording(
                      destination, path + "." + DvrRecorder.extension(format), format, duration));
            }
          });
      stream.chunkRecorded(chunk);
    }
  }

  /**
   * The complete lines appended since the last read; a line still being written waits for the next.
   */
  private List<String> newLines() {
    if (!Files.exists(list)) {
      return List.of();
    }
    try (var file = new RandomAccessFile(list.toFile(), "r")) {
      byte[] bytes = new byte[(int) (file.length() - consumed)];
      file.seek(consumed);
      file.readFully(bytes);
      String text = new String(bytes, StandardCharsets.UTF_8);
      int end = text.lastIndexOf('\n') + 1;
      consumed += text.substring(0, end).getBytes(StandardCharsets.UTF_8).length;
      return text.substring(0, end).lines().filter(line -> !line.isBlank()).toList();
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot read ffmpeg's segment list " + list, e);
    }
  }

  @Override
  public String toString() {
    return String.format(Locale.ROOT, "DvrSegments[%s, %s]", destination, container);
  }
}
