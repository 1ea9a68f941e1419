package io.mediaflow.sandbox.transcoding;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.mediaflow.sandbox.SandboxClock;
import io.mediaflow.sandbox.SandboxProperties;
import io.mediaflow.sandbox.state.SandboxDatabase;
import io.mediaflow.sandbox.state.SandboxFolders;
import io.mediaflow.sandbox.state.SandboxStateProperties;
import io.mediaflow.sandbox.storage.MediaStorage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.util.unit.DataSize;

/**
 * Saving to a storage that cannot write: the document's saving error, not the sandbox's processing
 * error.
 */
class OutputStoreTest {

  private final SandboxProperties sandbox =
      new SandboxProperties(
          true, "http://localhost/sandbox", 0.01, List.of("key"), Duration.ofHours(1));
  private final SandboxClock clock = new SandboxClock(sandbox);
  private final SandboxDatabase database = new SandboxDatabase(new SandboxStateProperties(null));
  private final SandboxFolders folders;
  private final MediaStorage media;
  private final TemporaryStorage temporary;
  private final OutputStore store;

  @TempDir Path folder;

  OutputStoreTest() throws IOException {
    folders = new SandboxFolders(new SandboxStateProperties(null));
    media = new MediaStorage(database, folders);
    temporary =
        new TemporaryStorage(
            clock,
            new SandboxTranscodingProperties(
                20,
                1,
                Duration.ZERO,
                Duration.ZERO,
                Duration.ZERO,
                Duration.ofHours(24),
                Duration.ofSeconds(1),
                DataSize.ofMegabytes(1),
                List.of()),
            database,
            folders);
    store = new OutputStore(media, temporary, sandbox);
  }

  @AfterEach
  void close() throws IOException {
    folders.destroy();
    database.destroy();
    clock.close();
  }

  @Test
  void aStorageThatCannotWriteFailsTheSaving() throws IOException {
    folders.destroy(); // the storage's folder is gone: nothing can be written to it any more
    FormatParams format =
        QueryValidator.validate(
                "{\"query\": {\"source\": \"https://a.example/in.mp4\","
                    + " \"format\": [{\"output\": \"mp4\", \"destination\": {\"url\": \"s3://media-bucket/out.mp4\","
                    + " \"key\": \"AKIA-SANDBOX\", \"secret\": \"s3cr3t\"}}]}}",
                new ObjectMapper())
            .formats()
            .getFirst();
    Path file = Files.write(folder.resolve("output.mp4"), new byte[] {1, 2, 3});
    var written =
        new WrittenOutput(
            new OutputFolder(folder),
            "mp4",
            List.of(new OutputFile("", file, "video/mp4")),
            "",
            List.of());

    JobFailure failure =
        catchThrowableOfType(
            JobFailure.class,
            () -> store.save("task", new OutputPlanner.Plan(format, List.of(), "uuid"), written));

    assertThat(failure.getMessage()).isEqualTo(JobFailure.SAVE);
    assertThat(failure.details())
        .isEqualTo(
            "s3://media-bucket/out.mp4: the storage could not write out.mp4"
                + " (NoSuchFileException)");
  }
}
