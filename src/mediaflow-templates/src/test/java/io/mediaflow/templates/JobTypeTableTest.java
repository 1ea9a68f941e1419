package io.mediaflow.templates;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mediaflow.api.operation.Operation;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code docs/job-types.md} is generated like the templates, and the check refuses a stale one. */
class JobTypeTableTest {

  private static final Class<?> CREATE_TASK = Operations.of("mediaflow.transcoding.create_task");
  private static final Class<?> CREATE_STREAM = Operations.of("mediaflow.live.create_stream");

  @TempDir Path directory;

  @Test
  void eachOperationIsARowWithItsInputsResultVariableAndErrors() {
    String table = JobTypeTable.render(List.of(CREATE_TASK, CREATE_STREAM));

    String row =
        table
            .lines()
            .filter(line -> line.startsWith("| `mediaflow.live.create_stream`"))
            .findFirst()
            .orElseThrow();
    assertThat(row).contains("`name`", "| `liveStream` |", "Runs once");
    for (String code : CREATE_STREAM.getAnnotation(Operation.class).errors()) {
      assertThat(row).contains("`" + code + "`");
    }
  }

  @Test
  void checkingAStaleTableFailsAndNamesWhatToRunWritingFixesIt() throws IOException {
    Path file = directory.resolve("job-types.md");
    Files.writeString(file, "# Job types\n\n| job type |\n");

    assertThatThrownBy(() -> JobTypeTable.main(new String[] {file.toString(), "check"}))
        .hasMessageContaining("differs from the operations' input records")
        .hasMessageContaining("-Dmediaflow.templates=write");
    assertThat(Files.readString(file))
        .as("check writes nothing")
        .isEqualTo("# Job types\n\n| job type |\n");

    JobTypeTable.main(new String[] {file.toString(), "write"});
    assertThat(Files.readString(file))
        .contains("| `" + CREATE_TASK.getAnnotation(Operation.class).type() + "` |");
  }
}
