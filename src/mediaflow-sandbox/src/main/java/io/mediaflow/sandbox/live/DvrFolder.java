package io.mediaflow.sandbox.live;

import io.mediaflow.sandbox.SandboxClock;
import io.mediaflow.sandbox.SandboxProfile;
import io.mediaflow.sandbox.SandboxProperties;
import io.mediaflow.sandbox.state.SandboxDatabase;
import io.mediaflow.sandbox.state.SandboxFolders;
import io.mediaflow.sandbox.state.Table;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import org.springframework.stereotype.Component;

/**
 * The local folder that stands for every DVR destination: a destination {@code
 * <scheme>://<bucket>/<folder>} is the folder {@code <root>/<bucket>/<folder>}, and a stream's
 * recordings go to {@code <stream_id>/} inside it (see {@link #objectPath}). Files are downloaded
 * at {@code {publicUrl}/dvr/<bucket>/<path>}. The root is the sandbox's folder {@code dvr}, and
 * which files are finished is kept in the table {@code dvr_file}: both outlive a restart when the
 * sandbox is durable.
 */
@Component
class DvrFolder {

  static final String DOWNLOAD_PATH = "/dvr";

  /**
   * Variation: recordings lie directly in the destination folder, named after the stream ({@code
   * <folder>/<stream_id>-recording-0001.mp4}), not in a folder of the stream's; document 2 shows
   * only that files go to "a folder in the bucket".
   */
  static final String FLAT_LAYOUT = "dvr-layout-flat";

  /** A finished file, a row of {@code dvr_file} by its {@code <bucket>/<path>}. */
  record FinishedFile(String bucket, String path) {}

  private final Path root;
  private final String downloadUrl;
  private final Table<FinishedFile> finished;

  /**
   * {@code <bucket>/<path>} of every finished file: what the storage shows (a file being written is
   * not there yet).
   */
  private final Set<String> stored = ConcurrentHashMap.newKeySet();

  private final SandboxProfile profile;
  private final SandboxClock clock;
  private final SandboxLiveProperties timings;

  DvrFolder(
      SandboxFolders folders,
      SandboxDatabase database,
      SandboxProperties sandbox,
      SandboxProfile profile,
      SandboxClock clock,
      SandboxLiveProperties timings) {
    this.profile = profile;
    this.clock = clock;
    this.timings = timings;
    this.root = folders.folder("dvr").toAbsolutePath().normalize();
    this.downloadUrl = sandbox.publicUrl().replaceAll("/+$", "") + DOWNLOAD_PATH;
    this.finished = database.table("dvr_file", FinishedFile.class);
    stored.addAll(finished.all().keySet());
  }

  /**
   * A finished recording file is transferred to its destination: {@code arrive} lists it there (and
   * with the stream's recordings). At once; in the variation {@value
   * SandboxProfile#LATE_RECORDING_FILES}, a file finished as the stream left live (the one open
   * when the show stopped or dropped) arrives {@code late-transfer} (nominal) later, after the
   * stream reads stopped; in the variation {@value SandboxProfile#RECORDING_GAP} the stream's
   * second file never arrives.
   *
   * @param chunk the file's number, from 1 on across the stream's live periods
   * @param ending whether the file was finished because the stream left live
   */
  void transfer(int chunk, boolean ending, Runnable arrive) {
    if (chunk == 2 && profile.varies(SandboxProfile.RECORDING_GAP)) {
      return;
    }
    if (ending && profile.varies(SandboxProfile.LATE_RECORDING_FILES)) {
      clock.after(timings.lateTransfer(), arrive);
      return;
    }
    arrive.run();
  }

  /**
   * The object path of a stream's file {@code name} under {@code destination}: {@code
   * <folder>/<stream_id>/<name>}, or in the variation {@value #FLAT_LAYOUT} {@code
   * <folder>/<stream_id>-<name>} (a name that already starts so is kept).
   */
  String objectPath(LiveDvrDestination destination, LiveStream stream, String name) {
    String folder = destination.folder().isEmpty() ? "" : destination.folder() + "/";
    if (!profile.varies(FLAT_LAYOUT)) {
      return folder + stream.id() + "/" + name;
    }
    return folder + (name.startsWith(stream.id() + "-") ? name : stream.id() + "-" + name);
  }

  /**
   * The local file of an object, created folders included; refuses a path that leaves the bucket.
   */
  Path file(String bucket, String path) {
    Path bucketFolder = root.resolve(bucket).normalize();
    Path file = bucketFolder.resolve(path).normalize();
    if (!bucketFolder.startsWith(root)
        || !file.startsWith(bucketFolder)
        || file.equals(bucketFolder)) {
      throw new IllegalArgumentException(
          "DVR object path leaves its bucket: " + bucket + "/" + path);
    }
    try {
      Files.createDirectories(file.getParent());
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot create the DVR folder of " + file, e);
    }
    return file;
  }

  /** A finished file, for download; empty when there is none (or the path leaves the bucket). */
  Optional<Path> existing(String bucket, String path) {
    if (!stored.contains(bucket + "/" + path)) {
      return Optional.empty();
    }
    try {
      Path file = file(bucket, path);
      return Files.isRegularFile(file) ? Optional.of(file) : Optional.empty();
    } catch (IllegalArgumentException outside) {
      return Optional.empty();
    }
  }

  /** A file written to {@link #file} by another program is finished. */
  void written(String bucket, String path) {
    finish(bucket, path);
  }

  void write(String bucket, String path, byte[] content) {
    try {
      Files.write(file(bucket, path), content);
      finish(bucket, path);
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot write DVR file " + bucket + "/" + path, e);
    }
  }

  /**
   * A finished recording; an HLS playlist's segment of the same name beside it is finished with it.
   */
  Recording recording(LiveDvrDestination destination, String path, String format, double duration) {
    finish(destination.bucket(), path);
    if (format.equals("hls")) {
      finish(destination.bucket(), path.substring(0, path.lastIndexOf('.')) + ".ts");
    }
    return recording(
        new SavedStream.SavedRecording(
            destination.scheme() + "://" + destination.bucket() + "/" + path,
            destination.bucket(),
            path,
            format,
            duration));
  }

  /**
   * A recording as saved, with the download link of the running sandbox (its address may have
   * changed).
   */
  Recording recording(SavedStream.SavedRecording saved) {
    return new Recording(
        saved.location(),
        saved.bucket(),
        saved.path(),
        saved.format(),
        saved.duration(),
        downloadUrl + "/" + saved.bucket() + "/" + saved.path());
  }

  private void finish(String bucket, String path) {
    finished.put(bucket + "/" + path, new FinishedFile(bucket, path));
    stored.add(bucket + "/" + path);
  }

  /** A finished object: its key, size and time of writing. */
  record StoredObject(String key, long size, Instant lastModified) {}

  /** The finished objects of {@code bucket} whose keys start with {@code prefix}, in key order. */
  List<StoredObject> list(String bucket, String prefix) {
    String start = bucket + "/" + prefix;
    var objects = new ArrayList<StoredObject>();
    for (String name : new TreeSet<>(stored)) {
      if (name.startsWith(start)) {
        String key = name.substring(bucket.length() + 1);
        Path file = file(bucket, key);
        try {
          objects.add(
              new StoredObject(key, Files.size(file), Files.getLastModifiedTime(file).toInstant()));
        } catch (IOException gone) {
          // removed with the folder meanwhile: no longer stored
        }
      }
    }
    return objects;
  }

  /** Whether any finished object is in {@code bucket}. */
  boolean hasBucket(String bucket) {
    return stored.stream().anyMatch(name -> name.startsWith(bucket + "/"));
  }
}
