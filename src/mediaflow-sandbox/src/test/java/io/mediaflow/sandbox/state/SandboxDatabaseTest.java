package io.mediaflow.sandbox.state;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SandboxDatabaseTest {

  record Resource(String name, int size) {}

  @TempDir Path directory;

  @Test
  void aDurableDatabaseHasItsRowsAgainWhenOpenedAfterAStop() {
    var properties = new SandboxStateProperties(directory);
    var first = new SandboxDatabase(properties);
    Table<Resource> table = first.table("resource", Resource.class);
    table.put("b", new Resource("second", 2));
    table.put("a", new Resource("first", 1));
    table.put("a", new Resource("first, changed", 3));
    table.put("c", new Resource("gone", 0));
    table.remove("c");
    first.destroy();

    assertThat(directory.resolve("state.mv.db")).exists();
    var again = new SandboxDatabase(properties);
    try {
      assertThat(again.table("resource", Resource.class).all())
          .as("in the order each was first put, which a rewrite keeps")
          .containsExactly(
              java.util.Map.entry("b", new Resource("second", 2)),
              java.util.Map.entry("a", new Resource("first, changed", 3)));
      assertThat(again.table("resource", Resource.class).find("c")).isEmpty();
    } finally {
      again.destroy();
    }
  }

  @Test
  void anIdAsLongAsAStorageObjectsBucketAndKeyIsKept() {
    var database = new SandboxDatabase(new SandboxStateProperties(null));
    try {
      String id = "bucket/" + "k".repeat(1024); // S3 allows keys of 1024 bytes
      database.table("resource", Resource.class).put(id, new Resource("long", 1));
      assertThat(database.table("resource", Resource.class).find(id))
          .contains(new Resource("long", 1));
    } finally {
      database.destroy();
    }
  }

  @Test
  void withoutADirectoryTheRowsAreGoneWithTheSandbox() {
    var properties = new SandboxStateProperties(null);
    var first = new SandboxDatabase(properties);
    first.table("resource", Resource.class).put("a", new Resource("first", 1));
    first.destroy();

    var again = new SandboxDatabase(properties);
    try {
      assertThat(again.table("resource", Resource.class).all()).isEmpty();
    } finally {
      again.destroy();
    }
  }

  @Test
  void temporaryFoldersAreRemovedWhenTheSandboxStopsAndDurableOnesStay() throws Exception {
    var temporary = new SandboxFolders(new SandboxStateProperties(null));
    Path file = Files.writeString(temporary.folder("storage").resolve("object"), "x");
    temporary.destroy();
    assertThat(file).doesNotExist();

    var durable = new SandboxFolders(new SandboxStateProperties(directory));
    Path kept = Files.writeString(durable.folder("storage").resolve("object"), "x");
    durable.destroy();
    assertThat(kept).exists().startsWith(directory.resolve("files"));
  }
}
