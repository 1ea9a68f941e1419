package io.mediaflow.worker;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.lang.reflect.Constructor;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.springframework.context.annotation.ClassPathScanningCandidateComponentProvider;
import org.springframework.core.type.filter.AssignableTypeFilter;
import org.springframework.util.ClassUtils;

/**
 * The element templates in {@code element-templates/} are exactly what the workers' input records generate, and
 * every operation the workers declare has one. After changing an operation, rewrite them with
 * {@code mvn test -Dtest=ElementTemplatesTest -Dmediaflow.templates.write=true}.
 */
class ElementTemplatesTest {

  /** The top-level folder; tests run in this module's folder, {@code src/mediaflow-spring-boot-starter}. */
  private static final Path DIRECTORY = Path.of("../../element-templates");

  @Test
  void templatesOnDiskAreWhatTheWorkersGenerate() throws IOException {
    Map<String, String> generated = ElementTemplates.all("io.mediaflow");
    if (Boolean.getBoolean("mediaflow.templates.write")) {
      write(generated);
    }
    Map<String, String> onDisk = new TreeMap<>();
    try (Stream<Path> files = Files.list(DIRECTORY)) {
      for (Path file : files.filter(f -> f.toString().endsWith(".json")).toList()) {
        onDisk.put(file.getFileName().toString(), Files.readString(file));
      }
    }
    assertThat(onDisk.keySet()).as("template files").containsExactlyElementsOf(generated.keySet());
    generated.forEach((name, template) ->
        assertThat(onDisk.get(name)).as(name + " differs from its worker; regenerate it (see this test's javadoc)").isEqualTo(template));
  }

  /**
   * What {@link OperationWorkers} opens, read from every {@link OperationHandlers} component of the plugin. Declaring
   * handlers calls nothing, so each component is built here without its dependencies.
   */
  @Test
  void everyDeclaredOperationHasATemplateAndEveryTemplateAWorker() throws ReflectiveOperationException {
    var declarations = new ArrayList<OperationHandlers>();
    var scanner = new ClassPathScanningCandidateComponentProvider(false);
    scanner.addIncludeFilter(new AssignableTypeFilter(OperationHandlers.class));
    for (var definition : scanner.findCandidateComponents("io.mediaflow")) {
      Class<?> type = ClassUtils.resolveClassName(definition.getBeanClassName(), getClass().getClassLoader());
      Constructor<?> constructor = type.getDeclaredConstructors()[0];
      constructor.setAccessible(true);
      declarations.add((OperationHandlers) constructor.newInstance(new Object[constructor.getParameterCount()]));
    }
    var workerTypes = OperationWorkers.byType(declarations).stream()
        .map(OperationHandler::type)
        .filter(type -> type.startsWith(ElementTemplates.JOB_TYPE_PREFIX))
        .collect(Collectors.toCollection(TreeSet::new));
    var operationTypes = ElementTemplates.operations("io.mediaflow").stream()
        .map(type -> type.getAnnotation(Operation.class).type())
        .collect(Collectors.toCollection(TreeSet::new));
    assertThat(declarations).hasSize(3);
    assertThat(workerTypes).isNotEmpty().containsExactlyElementsOf(operationTypes);
  }

  private static void write(Map<String, String> generated) throws IOException {
    Files.createDirectories(DIRECTORY);
    try (Stream<Path> files = Files.list(DIRECTORY)) {
      for (Path stale : files.filter(f -> !generated.containsKey(f.getFileName().toString())).toList()) {
        Files.delete(stale);
      }
    }
    for (var entry : generated.entrySet()) {
      Files.writeString(DIRECTORY.resolve(entry.getKey()), entry.getValue());
    }
  }
}
