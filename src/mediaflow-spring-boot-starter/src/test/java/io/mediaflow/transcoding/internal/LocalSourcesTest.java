package io.mediaflow.transcoding.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mediaflow.api.InvalidRequestException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Which local paths a process may have uploaded: only files inside the configured folder. */
class LocalSourcesTest {

  @TempDir Path root;

  @Test
  void withoutTheSettingNoLocalFileIsRead() {
    assertThatThrownBy(() -> new LocalSources("").file("file", "/etc/passwd"))
        .isInstanceOf(InvalidRequestException.class)
        .hasMessageStartingWith(
            "file: is a path on the worker's machine, and reading local files is off;"
                + " set mediaflow.transcoding.local-source-directory");
  }

  @Test
  void aFileInsideTheFolderIsReadByAbsoluteOrRelativePath() throws Exception {
    Path folder = Files.createDirectories(root.resolve("sources"));
    Path clip = Files.writeString(folder.resolve("clip.mp4"), "media");
    var sources = new LocalSources(folder.toString());

    assertThat(sources.file("file", clip.toString())).isEqualTo(clip.toRealPath());
    assertThat(sources.file("file", "clip.mp4")).isEqualTo(clip.toRealPath());
  }

  @Test
  void noPathLeadsOutOfTheFolder() throws Exception {
    Path folder = Files.createDirectories(root.resolve("sources"));
    Path secret = Files.writeString(root.resolve("secret.txt"), "not for upload");
    Files.createSymbolicLink(folder.resolve("link.mp4"), secret);
    var sources = new LocalSources(folder.toString());

    for (String outside :
        new String[] {"/etc/passwd", "../secret.txt", folder + "/../secret.txt", "link.mp4"}) {
      assertThatThrownBy(() -> sources.file("file", outside))
          .as(outside)
          .hasMessage(
              "file: lies outside mediaflow.transcoding.local-source-directory; only files inside it are read");
    }
    assertThatThrownBy(() -> sources.file("file", "missing.mp4"))
        .hasMessage("file: no such file in mediaflow.transcoding.local-source-directory");
    assertThatThrownBy(() -> sources.file("file", "."))
        .hasMessage("file: is not a file in mediaflow.transcoding.local-source-directory");
  }
}
