package io.mediaflow.sandbox.transcoding;

import io.mediaflow.sandbox.SandboxProperties;
import io.mediaflow.sandbox.delivery.BucketName;
import io.mediaflow.sandbox.storage.MediaStorage;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.zip.Deflater;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;
import org.springframework.stereotype.Component;

/**
 * The {@code saving} stage: puts an output's files at each of its destinations in {@link
 * MediaStorage}, or, without a destination, in the temporary storage under the default names
 * (document 3, section 4, rule 3): {@code {uuid}.<ext>} for a file, a folder {@code {uuid}} for
 * several files, which are also offered as {@code {uuid}.zip} ({@code download_url}). The files go
 * from the job's working folder without passing through the heap: the temporary storage takes them
 * over, a destination gets a copy streamed from each.
 *
 * <p>A destination the output cannot be saved to (a bucket the storage cannot have, a storage that
 * cannot write) fails the job with the document's saving error, unless another destination of the
 * output took it: then the job goes on, and the failed destinations are reported (document 3,
 * section 7).
 */
@Component
class OutputStore {

  static final String TEMPORARY = "temporary";

  /**
   * Where an output went: the status's {@code url}, {@code download_url} and {@code storage}.
   *
   * @param failedDestinations why each destination the output could not be saved to failed; it is
   *     at the others
   */
  record Saved(
      String url,
      String downloadUrl,
      Map<String, Object> storage,
      List<String> failedDestinations) {}

  private final MediaStorage media;
  private final TemporaryStorage temporary;
  private final SandboxProperties sandbox;

  OutputStore(MediaStorage media, TemporaryStorage temporary, SandboxProperties sandbox) {
    this.media = media;
    this.temporary = temporary;
    this.sandbox = sandbox;
  }

  /** The address of a temporary file of {@code taskToken}. */
  String downloadUrl(String taskToken, String path) {
    return sandbox.publicUrl() + "/transcoding/downloads/" + taskToken + "/" + path;
  }

  Saved save(String taskToken, OutputPlanner.Plan plan, WrittenOutput written) {
    FormatParams format = plan.format();
    boolean folder = format.kind().layout() == OutputKind.Layout.FOLDER;
    String defaultName = folder ? plan.uuid() : plan.uuid() + "." + written.extension();
    if (format.destinations().isEmpty()) {
      // the zip first: putting the files in the temporary storage moves them away
      Path zip = folder ? zip(written) : null;
      for (OutputFile file : written.files()) {
        temporary.put(taskToken, key(defaultName, file, folder), file.file(), file.contentType());
      }
      String main = folder ? defaultName + "/" + written.main() : defaultName;
      String zipUrl = null;
      if (folder) {
        temporary.put(taskToken, plan.uuid() + ".zip", zip, "application/zip");
        zipUrl = downloadUrl(taskToken, plan.uuid() + ".zip");
      }
      return new Saved(
          downloadUrl(taskToken, main),
          zipUrl,
          storage(TEMPORARY, null, taskToken + "/" + main, format),
          List.of());
    }
    Saved first = null;
    var failed = new ArrayList<String>();
    for (OutputDestination destination : format.destinations()) {
      String base = destination.key(defaultName, folder);
      String main = folder ? base + "/" + written.main() : base;
      Optional<String> failure = put(destination, base, written, folder);
      if (failure.isPresent()) {
        failed.add(destination.url(main) + ": " + failure.get());
      } else if (first == null) {
        first =
            new Saved(
                destination.url(main),
                null,
                storage(destination.scheme(), destination.bucket(), main, format),
                List.of());
      }
    }
    if (first == null) {
      throw new JobFailure(JobFailure.SAVE, String.join("; ", failed));
    }
    return new Saved(first.url(), null, first.storage(), failed);
  }

  /**
   * Puts the output's files at {@code destination}: empty when they are all there, else why not.
   */
  private Optional<String> put(
      OutputDestination destination, String base, WrittenOutput written, boolean folder) {
    if (!BucketName.isValid(destination.bucket())) {
      // the storage holds buckets named by its rule only
      return Optional.of("no bucket " + destination.bucket() + " in the storage");
    }
    for (OutputFile file : written.files()) {
      String key = key(base, file, folder);
      try (InputStream content = Files.newInputStream(file.file())) {
        media.put(destination.bucket(), key, content, file.contentType());
      } catch (IOException e) {
        // the job's own file: the sandbox's fault, not the destination's
        throw new UncheckedIOException(e);
      } catch (UncheckedIOException e) {
        return Optional.of(
            "the storage could not write "
                + key
                + " ("
                + e.getCause().getClass().getSimpleName()
                + ")");
      }
    }
    return Optional.empty();
  }

  private static String key(String base, OutputFile file, boolean folder) {
    return folder ? base + "/" + file.name() : base;
  }

  private static Map<String, Object> storage(
      String type, String bucket, String key, FormatParams format) {
    var storage = new LinkedHashMap<String, Object>();
    storage.put("bucket", bucket);
    storage.put("type", type);
    storage.put("key", key);
    storage.put("format", format.kind().value());
    return storage;
  }

  /**
   * The folder's files in one zip beside the folder, each entry streamed from its file; the zip
   * goes with the job's working folder unless the temporary storage takes it over.
   */
  private static Path zip(WrittenOutput written) {
    Path folder = written.folder().path();
    Path zipped = folder.resolveSibling(folder.getFileName() + ".zip");
    try (var zip = new ZipOutputStream(new BufferedOutputStream(Files.newOutputStream(zipped)))) {
      zip.setLevel(
          Deflater.NO_COMPRESSION); // media does not compress; deflating it only costs time
      for (OutputFile file : written.files()) {
        zip.putNextEntry(new ZipEntry(file.name()));
        Files.copy(file.file(), zip);
        zip.closeEntry();
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return zipped;
  }
}
