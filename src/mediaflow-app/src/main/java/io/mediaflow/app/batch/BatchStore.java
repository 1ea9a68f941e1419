package io.mediaflow.app.batch;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;
import io.mediaflow.app.engine.DurableFiles;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * The batch operations in the data folder ({@code batch-operations/}), one file each, replaced
 * whole at every change ({@link DurableFiles#replace}): a crash, even of the machine, leaves each
 * as it was before or after a change, never between.
 */
final class BatchStore {

  private static final ObjectMapper JSON =
      JsonMapper.builder()
          .addModule(new JavaTimeModule())
          .disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS)
          .build();

  private static final String SUFFIX = ".json";

  private final Path folder;

  BatchStore(Path folder) {
    this.folder = folder.toAbsolutePath();
    try {
      Files.createDirectories(this.folder);
    } catch (IOException e) {
      throw new UncheckedIOException("The batch operations cannot be kept in " + this.folder, e);
    }
  }

  void save(BatchOperation operation) {
    try {
      DurableFiles.replace(
          folder.resolve(operation.key() + SUFFIX), JSON.writeValueAsBytes(operation));
    } catch (IOException e) {
      throw new UncheckedIOException(
          "Batch operation " + operation.key() + " cannot be written in " + folder, e);
    }
  }

  /** Every batch operation kept, in no particular order. */
  List<BatchOperation> loadAll() {
    List<BatchOperation> loaded = new ArrayList<>();
    try (Stream<Path> files = Files.list(folder)) {
      for (Path file : files.filter(f -> f.toString().endsWith(SUFFIX)).toList()) {
        loaded.add(JSON.readValue(file.toFile(), BatchOperation.class));
      }
    } catch (IOException e) {
      throw new UncheckedIOException("The batch operations in " + folder + " cannot be read", e);
    }
    return loaded;
  }
}
