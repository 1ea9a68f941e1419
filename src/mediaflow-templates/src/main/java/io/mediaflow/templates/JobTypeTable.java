package io.mediaflow.templates;

import io.mediaflow.api.operation.Input;
import io.mediaflow.api.operation.Operation;
import io.mediaflow.worker.internal.InputReader;
import java.io.IOException;
import java.lang.reflect.RecordComponent;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;

/**
 * {@code docs/job-types.md}: every Mediaflow job type, generated from the operations' {@link
 * Operation} input records as the element templates are, so the documentation cannot drift from the
 * workers. The build runs {@link #main} at {@code process-classes} beside {@link
 * ElementTemplateFolder}: {@code check} fails while the file differs from what the operations
 * generate, {@code write} rewrites it.
 */
public final class JobTypeTable {

  private JobTypeTable() {}

  /** {@code <job-types.md path> check|write}. */
  public static void main(String[] args) throws IOException {
    if (args.length != 2 || !List.of("check", "write").contains(args[1])) {
      throw new IllegalArgumentException("usage: JobTypeTable <docs/job-types.md> check|write");
    }
    Path file = Path.of(args[0]).toAbsolutePath().normalize();
    String generated = render(ElementTemplates.operations("io.mediaflow"));
    String current = Files.exists(file) ? Files.readString(file) : "";
    if (generated.equals(current)) {
      System.out.println("Job type table " + file + " is up to date");
    } else if (args[1].equals("write")) {
      Files.writeString(file, generated);
      System.out.println("Job type table " + file + " written");
    } else {
      throw new IllegalStateException(
          "The job type table "
              + file
              + " differs from the operations' input records."
              + "\nRegenerate it and commit the result: mvn -pl src/mediaflow-templates -am process-classes"
              + " -Dmediaflow.templates=write");
    }
  }

  /** The whole file for {@code operations}, in their order. */
  public static String render(List<Class<?>> operations) {
    var text =
        new StringBuilder(
            """
        # Job types

        Generated from the workers' input records (`JobTypeTable`), like the element templates in
        `element-templates/`; the build fails while this file differs from them. Each job type is one API operation;
        inputs in **bold** are required. How every worker treats inputs, results, errors and retries:
        [plugin.md](plugin.md#workers-and-element-templates).

        | job type | task | inputs | result variable | BPMN errors |
        |---|---|---|---|---|
        """);
    for (Class<?> inputType : operations) {
      Operation operation = inputType.getAnnotation(Operation.class);
      text.append("| `")
          .append(operation.type())
          .append("` | ")
          .append(cell(operation.name()))
          .append(": ")
          .append(cell(operation.description()))
          .append(
              operation.sideEffect() ? " Runs once: a retry returns the first call's result." : "")
          .append(" | ")
          .append(inputs(inputType))
          .append(" | `")
          .append(operation.resultVariable())
          .append("` | ")
          .append(
              Arrays.stream(operation.errors())
                  .map(code -> "`" + code + "`")
                  .collect(Collectors.joining(", ")))
          .append(" |\n");
    }
    return text.toString();
  }

  private static String inputs(Class<?> inputType) {
    return InputReader.components(inputType).stream()
        .filter(component -> component.isAnnotationPresent(Input.class))
        .map(JobTypeTable::input)
        .collect(Collectors.joining(", "));
  }

  private static String input(RecordComponent component) {
    String name = "`" + component.getName() + "`";
    return ElementTemplates.isRequired(component) ? "**" + name + "**" : name;
  }

  /** Text that stays inside one table cell. */
  private static String cell(String text) {
    return text.replace("|", "\\|").replace("\n", " ");
  }
}
