package io.mediaflow.templates;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.mediaflow.api.operation.Input;
import io.mediaflow.api.operation.Operation;
import jakarta.validation.constraints.NotBlank;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * How {@code element-templates/} evolves: a template keeps its version while its content stays,
 * gets the next one when anything else changes, and the version it replaces stays under {@code
 * versioned/} unchanged.
 */
class ElementTemplateFolderTest {

  @Operation(type = "test.purge", name = "Purge", description = "purges", resultVariable = "purged")
  record PurgeV1(@NotBlank @Input(label = "Bucket") String bucket) {}

  /** The same operation once it gained an input. */
  @Operation(type = "test.purge", name = "Purge", description = "purges", resultVariable = "purged")
  record PurgeV2(
      @NotBlank @Input(label = "Bucket") String bucket,
      @Input(label = "Paths") List<String> paths) {}

  @Operation(type = "test.sign", name = "Sign", description = "signs", resultVariable = "signed")
  record Sign(@Input(label = "Path") String path) {}

  private static final ObjectMapper JSON = new ObjectMapper();

  @TempDir Path directory;

  @Test
  void aNewOperationGetsVersionOne() throws IOException {
    var folder = new ElementTemplateFolder(directory);

    folder.apply(folder.changes(List.of(PurgeV1.class)));

    assertThat(files()).containsExactly("test.purge.json");
    assertThat(template("test.purge.json").path("version").asInt()).isEqualTo(1);
    assertThat(folder.changes(List.of(PurgeV1.class))).as("a second run changes nothing").isEmpty();
  }

  @Test
  void aChangedTemplateGetsTheNextVersionAndTheOldOneIsKept() throws IOException {
    var folder = new ElementTemplateFolder(directory);
    folder.apply(folder.changes(List.of(PurgeV1.class, Sign.class)));
    String first = Files.readString(directory.resolve("test.purge.json"));

    var changes = folder.changes(List.of(PurgeV2.class, Sign.class));
    folder.apply(changes);

    assertThat(changes)
        .extracting(ElementTemplateFolder.Change::reason)
        .containsExactly(
            "versioned/test.purge-1.json: version 1 kept for the models that use it",
            "test.purge.json: changed, version 1 -> 2");
    assertThat(files())
        .containsExactly("test.purge.json", "test.sign.json", "versioned/test.purge-1.json");
    assertThat(Files.readString(directory.resolve("versioned/test.purge-1.json"))).isEqualTo(first);
    assertThat(template("test.purge.json").path("version").asInt()).isEqualTo(2);
    assertThat(template("test.purge.json").path("properties").findValuesAsText("id"))
        .contains("paths");
    assertThat(template("test.sign.json").path("version").asInt()).as("unchanged").isEqualTo(1);
    assertThat(folder.changes(List.of(PurgeV2.class, Sign.class))).isEmpty();

    folder.apply(folder.changes(List.of(PurgeV1.class, Sign.class)));
    assertThat(template("test.purge.json").path("version").asInt())
        .as("going back is a change too")
        .isEqualTo(3);
    assertThat(files()).contains("versioned/test.purge-1.json", "versioned/test.purge-2.json");
  }

  @Test
  void theTemplateOfAnOperationThatIsGoneMovesToTheHistory() throws IOException {
    var folder = new ElementTemplateFolder(directory);
    folder.apply(folder.changes(List.of(PurgeV1.class, Sign.class)));

    folder.apply(folder.changes(List.of(Sign.class)));

    assertThat(files()).containsExactly("test.sign.json", "versioned/test.purge-1.json");
    folder.apply(folder.changes(List.of(PurgeV2.class, Sign.class)));
    assertThat(template("test.purge.json").path("version").asInt())
        .as("after the kept version")
        .isEqualTo(2);
  }

  @Test
  void aPublishedVersionIsNeverRewritten() throws IOException {
    var folder = new ElementTemplateFolder(directory);
    folder.apply(folder.changes(List.of(PurgeV1.class)));
    Files.createDirectories(directory.resolve("versioned"));
    Files.writeString(
        directory.resolve("versioned/test.purge-1.json"), ElementTemplates.render(Sign.class, 1));

    assertThatThrownBy(() -> folder.changes(List.of(PurgeV2.class)))
        .hasMessageContaining(
            "versioned/test.purge-1.json already holds a different version 1 of test.purge");
  }

  @Test
  void checkingAStaleFolderFailsAndNamesWhatToRun() throws IOException {
    Path templates = directory.resolve("element-templates");
    Files.createDirectories(templates);
    Files.writeString(
        templates.resolve("mediaflow.transcoding.create_task.json"), "{\"version\": 1}\n");

    assertThatThrownBy(
            () -> ElementTemplateFolder.main(new String[] {templates.toString(), "check"}))
        .hasMessageContaining("mediaflow.transcoding.create_task.json: changed, version 1 -> 2")
        .hasMessageContaining("mediaflow.live.create_stream.json: new, version 1")
        .hasMessageContaining("-Dmediaflow.templates=write");
    assertThat(Files.readString(templates.resolve("mediaflow.transcoding.create_task.json")))
        .as("check writes nothing")
        .isEqualTo("{\"version\": 1}\n");
  }

  private List<String> files() throws IOException {
    try (Stream<Path> files = Files.walk(directory)) {
      return files
          .filter(Files::isRegularFile)
          .map(file -> directory.relativize(file).toString())
          .sorted()
          .toList();
    }
  }

  private JsonNode template(String name) throws IOException {
    return JSON.readTree(directory.resolve(name).toFile());
  }
}
