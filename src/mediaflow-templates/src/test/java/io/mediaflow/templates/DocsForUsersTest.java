package io.mediaflow.templates;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The docs are for users: what is true now, how to rerun its figures. How a doc came to be is
 * history, which git keeps. So {@code README.md} and {@code docs/*.md} name no issue ({@code issue
 * 27}), narrate no passes ({@code second pass}) and quote no commit hash.
 *
 * <p>A commit hash is a word of 7 to 40 lowercase hex digits with at least one digit and one letter
 * a-f, as git prints it. The rule holds in code blocks too; its one exception falls out of the word
 * boundary: hex after {@code 0x} (JVM output such as {@code <0x00000000ec33ebc0>}) is part of the
 * word {@code 0x...} and not a hash.
 */
class DocsForUsersTest {

  private static final Pattern ISSUE = Pattern.compile("(?i)\\bissues? #?\\d+");
  private static final Pattern PASS =
      Pattern.compile("(?i)\\b(first|second|third|fourth|fifth) pass\\b");
  private static final Pattern HASH =
      Pattern.compile("\\b(?=[0-9a-f]*[0-9])(?=[0-9a-f]*[a-f])[0-9a-f]{7,40}\\b");

  /** The repository's root: the module runs its tests in {@code src/mediaflow-templates}. */
  private static final Path ROOT = Path.of("../..").toAbsolutePath().normalize();

  @Test
  void theDocsNameNoIssueNarrateNoPassAndQuoteNoCommit() throws IOException {
    List<Path> docs = docs(ROOT);
    assertThat(docs).as("README.md and docs/*.md under %s", ROOT).hasSizeGreaterThan(3);

    assertThat(findings(ROOT, docs))
        .as("Say what is true now and how to rerun it; history belongs in git")
        .isEmpty();
  }

  @Test
  void eachKindOfHistoryIsFoundWithItsFileAndLine(@TempDir Path root) throws IOException {
    Files.createDirectory(root.resolve("docs"));
    Files.writeString(
        root.resolve("docs/notebook.md"),
        """
        # Notebook

        Measured in the second pass of issue 31, commit `5ada48d`.
        A thread dump shows `<0x00000000ec33ebc0>`; 2026-11-28, 1,000 instances, cafe and 1234567.
        Until Issue #27 the tests ran another engine.
        """);
    Files.writeString(root.resolve("README.md"), "# Readme\n\nThe First Pass.\n");

    assertThat(findings(root, docs(root)))
        .containsExactly(
            "README.md:3: a pass narrative: First Pass",
            "docs/notebook.md:3: an issue number: issue 31",
            "docs/notebook.md:3: a pass narrative: second pass",
            "docs/notebook.md:3: a commit hash: 5ada48d",
            "docs/notebook.md:5: an issue number: Issue #27");
  }

  private static List<Path> docs(Path root) throws IOException {
    List<Path> docs = new ArrayList<>();
    if (Files.exists(root.resolve("README.md"))) {
      docs.add(root.resolve("README.md"));
    }
    try (Stream<Path> files = Files.list(root.resolve("docs"))) {
      files.filter(file -> file.toString().endsWith(".md")).sorted().forEach(docs::add);
    }
    return docs;
  }

  /** Each finding as {@code file:line: what: the text}, in the order of the files and lines. */
  private static List<String> findings(Path root, List<Path> docs) throws IOException {
    List<String> findings = new ArrayList<>();
    for (Path doc : docs) {
      List<String> lines = Files.readAllLines(doc);
      for (int i = 0; i < lines.size(); i++) {
        String where = root.relativize(doc).toString().replace('\\', '/') + ":" + (i + 1) + ": ";
        find(findings, where + "an issue number: ", ISSUE, lines.get(i));
        find(findings, where + "a pass narrative: ", PASS, lines.get(i));
        find(findings, where + "a commit hash: ", HASH, lines.get(i));
      }
    }
    return findings;
  }

  private static void find(List<String> findings, String what, Pattern pattern, String line) {
    var matcher = pattern.matcher(line);
    while (matcher.find()) {
      findings.add(what + matcher.group());
    }
  }
}
