package io.mediaflow.sandbox.transcoding;

import io.mediaflow.sandbox.SandboxProperties;
import io.mediaflow.sandbox.storage.MediaStorage;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.zip.Deflater;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;
import org.springframework.stereotype.Component;

/**
 * The {@code saving} stage: puts an output's files at each of its destinations in {@link MediaStorage}, or,
 * without a destination, in the temporary storage under the default names (document 3, section 4, rule 3):
 * {@code {uuid}.<ext>} for a file, a folder {@code {uuid}} for several files, which are also offered as
 * {@code {uuid}.zip} ({@code download_url}). The files go from the job's working folder without passing through
 * the heap: the temporary storage takes them over, a destination gets a copy streamed from each.
 */
@Component
class OutputStore {

  static final String TEMPORARY = "temporary";

  /** Where an output went: the status's {@code url}, {@code download_url} and {@code storage}. */
  record Saved(String url, String downloadUrl, Map<String, Object> storage) {}

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
      return new Saved(downloadUrl(taskToken, main), zipUrl,
          storage(TEMPORARY, null, taskToken + "/" + main, format));
    }
    Saved first = null;
    for (Destination destination : format.destinations()) {
      String base = destination.key(defaultName, folder);
      for (OutputFile file : written.files()) {
        try (InputStream content = Files.newInputStream(file.file())) {
          media.put(destination.bucket(), key(base, file, folder), content, file.contentType());
        } catch (IOException e) {
          throw new UncheckedIOException(e);
        }
      }
      String main = folder ? base + "/" + written.main() : base;
      if (first == null) {
        first = new Saved(destination.url(main), null,
            storage(destination.scheme(), destination.bucket(), main, format));
      }
    }
    return first;
  }

  private static String key(String base, OutputFile file, boolean folder) {
    return folder ? base + "/" + file.name() : base;
  }

  private static Map<String, Object> storage(String type, String bucket, String key, FormatParams format) {
    var storage = new LinkedHashMap<String, Object>();
    storage.put("bucket", bucket);
    storage.put("type", type);
    storage.put("key", key);
    storage.put("format", format.kind().value());
    return storage;
  }

  /**
   * The folder's files in one zip beside the folder, each entry streamed from its file; the zip goes with the
   * job's working folder unless the temporary storage takes it over.
   */
  private static Path zip(WrittenOutput written) {
    Path folder = written.folder().path();
    Path zipped = folder.resolveSibling(folder.getFileName() + ".zip");
    try (var zip = new ZipOutputStream(new BufferedOutputStream(Files.newOutputStream(zipped)))) {
      zip.setLevel(Deflater.NO_COMPRESSION); // media does not compress; deflating it only costs time
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
