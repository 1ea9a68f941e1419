package io.mediaflow.templates;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.mediaflow.api.operation.Operation;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The {@code element-templates/} folder: each operation's current template, and under {@code
 * versioned/} every earlier version, so that models built on an older template keep working in
 * Camunda Modeler (as camunda/connectors keeps its templates' history). When an operation's
 * template changes in anything but its {@code version}, the file it replaces moves to {@code
 * versioned/<id>-<version>.json} and the new one gets the next version; a template whose operation
 * is gone moves there too. Files under {@code versioned/} are never rewritten.
 *
 * <p>The build runs {@link #main} at {@code process-classes}: {@code check} (the default) fails
 * while the folder differs from what the operations generate, {@code write} brings it up to date.
 */
public final class ElementTemplateFolder {

  public static final String VERSIONED = "versioned";
  private static final Pattern VERSIONED_NAME = Pattern.compile("(.+)-(\\d+)\\.json");
  private static final ObjectMapper JSON = new ObjectMapper();

  private final Path directory;

  public ElementTemplateFolder(Path directory) {
    this.directory = directory;
  }

  /** {@code <element-templates directory> check|write}. */
  public static void main(String[] args) {
    if (args.length != 2 || !List.of("check", "write").contains(args[1])) {
      throw new IllegalArgumentException(
          "usage: ElementTemplateFolder <element-templates directory> check|write");
    }
    var folder = new ElementTemplateFolder(Path.of(args[0]).toAbsolutePath().normalize());
    List<Change> changes = folder.changes(ElementTemplates.operations("io.mediaflow"));
    if (changes.isEmpty()) {
      System.out.println("Element templates in " + folder.directory + " are up to date");
    } else if (args[1].equals("write")) {
      folder.apply(changes);
      changes.forEach(change -> System.out.println("Element templates: " + change.reason()));
    } else {
      throw new IllegalStateException(
          "The element templates in "
              + folder.directory
              + " differ from the operations'"
              + " input records:\n  "
              + String.join("\n  ", changes.stream().map(Change::reason).toList())
              + "\nRegenerate them and commit the result: mvn -pl src/mediaflow-templates -am process-classes"
              + " -Dmediaflow.templates=write");
    }
  }

  /**
   * One file to write, or to delete when {@code content} is null; {@code reason} says why, for the
   * build's output.
   */
  public record Change(Path file, String content, String reason) {}

  /**
   * What the folder needs so that it holds these operations' templates and keeps every earlier
   * version.
   */
  public List<Change> changes(List<Class<?>> operations) {
    Map<String, String> current = read(directory);
    Map<String, String> versioned = read(directory.resolve(VERSIONED));
    var changes = new ArrayList<Change>();
    var generatedFiles = new HashMap<String, Class<?>>();
    for (Class<?> operation : operations) {
      String name = ElementTemplates.fileName(operation);
      generatedFiles.put(name, operation);
      String id = operation.getAnnotation(Operation.class).type();
      String existing = current.get(name);
      if (existing == null) {
        int version = highestVersion(versioned, id) + 1;
        changes.add(
            new Change(
                directory.resolve(name),
                ElementTemplates.render(operation, version),
                name + ": new, version " + version));
        continue;
      }
      JsonNode onDisk = parse(name, existing);
      int version = onDisk.path("version").asInt();
      ObjectNode generated = ElementTemplates.template(operation, version);
      if (withoutVersion(generated).equals(withoutVersion(onDisk))) {
        String rendered = ElementTemplates.render(generated);
        if (!rendered.equals(existing)) {
          changes.add(
              new Change(
                  directory.resolve(name), rendered, name + ": reformatted, version " + version));
        }
      } else {
        archive(id, version, existing, versioned, changes);
        changes.add(
            new Change(
                directory.resolve(name),
                ElementTemplates.render(operation, version + 1),
                name + ": changed, version " + version + " -> " + (version + 1)));
      }
    }
    current.forEach(
        (name, existing) -> {
          if (!generatedFiles.containsKey(name)) {
            JsonNode onDisk = parse(name, existing);
            archive(
                onDisk.path("id").asText(),
                onDisk.path("version").asInt(),
                existing,
                versioned,
                changes);
            changes.add(
                new Change(
                    directory.resolve(name),
                    null,
                    name + ": no operation has this job type any more"));
          }
        });
    return changes;
  }

  public void apply(List<Change> changes) {
    try {
      for (Change change : changes) {
        if (change.content() == null) {
          Files.delete(change.file());
        } else {
          Files.createDirectories(change.file().getParent());
          Files.writeString(change.file(), change.content());
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * Keeps the replaced template as it was; a different file under the same id and version is
   * refused.
   */
  private void archive(
      String id, int version, String content, Map<String, String> versioned, List<Change> changes) {
    String name = id + "-" + version + ".json";
    String kept = versioned.get(name);
    if (kept == null) {
      changes.add(
          new Change(
              directory.resolve(VERSIONED).resolve(name),
              content,
              VERSIONED
                  + "/"
                  + name
                  + ": version "
                  + version
                  + " kept for the models that use it"));
    } else if (!Objects.equals(
        withoutVersion(parse(name, kept)), withoutVersion(parse(name, content)))) {
      throw new IllegalStateException(
          VERSIONED
              + "/"
              + name
              + " already holds a different version "
              + version
              + " of "
              + id
              + "; a published version must not change. Give the current template a version above "
              + highestVersion(versioned, id)
              + " by hand");
    }
  }

  private static int highestVersion(Map<String, String> versioned, String id) {
    int highest = 0;
    for (String name : versioned.keySet()) {
      Matcher matcher = VERSIONED_NAME.matcher(name);
      if (matcher.matches() && matcher.group(1).equals(id)) {
        highest = Math.max(highest, Integer.parseInt(matcher.group(2)));
      }
    }
    return highest;
  }

  private static JsonNode withoutVersion(JsonNode template) {
    ObjectNode copy = template.deepCopy();
    copy.remove("version");
    return copy;
  }

  private static JsonNode parse(String name, String content) {
    try {
      JsonNode template = JSON.readTree(content);
      if (!template.isObject() || !template.path("version").canConvertToExactIntegral()) {
        throw new IllegalStateException(name + " is not a template with a whole-number version");
      }
      return template;
    } catch (IOException e) {
      throw new IllegalStateException(name + " is not valid JSON: " + e.getMessage(), e);
    }
  }

  /** The {@code .json} files directly in a folder, by name; none when it does not exist. */
  private static Map<String, String> read(Path folder) {
    var files = new TreeMap<String, String>();
    if (!Files.isDirectory(folder)) {
      return files;
    }
    try (Stream<Path> list = Files.list(folder)) {
      for (Path file : list.filter(f -> f.getFileName().toString().endsWith(".json")).toList()) {
        files.put(file.getFileName().toString(), Files.readString(file));
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return files;
  }
}
