package io.mediaflow.worker;

import static org.assertj.core.api.Assertions.assertThat;

import io.camunda.client.annotation.JobWorker;
import java.lang.reflect.Method;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.springframework.context.annotation.ClassPathScanningCandidateComponentProvider;
import org.springframework.core.type.filter.AnnotationTypeFilter;
import org.springframework.stereotype.Component;
import org.springframework.util.ClassUtils;

/**
 * Every worker has an operation, hence an element template; the build keeps {@code element-templates/} equal to
 * what the operations generate (see {@link ElementTemplateFolder}).
 */
class ElementTemplatesTest {

  @Test
  void everyJobWorkerHasAnOperationAndEveryOperationAWorker() {
    var workerTypes = new TreeSet<String>();
    var scanner = new ClassPathScanningCandidateComponentProvider(false);
    scanner.addIncludeFilter(new AnnotationTypeFilter(Component.class));
    for (var definition : scanner.findCandidateComponents("io.mediaflow")) {
      Class<?> type = ClassUtils.resolveClassName(definition.getBeanClassName(), getClass().getClassLoader());
      for (Method method : type.getDeclaredMethods()) {
        JobWorker worker = method.getAnnotation(JobWorker.class);
        if (worker != null && worker.type().startsWith(ElementTemplates.JOB_TYPE_PREFIX)) {
          workerTypes.add(worker.type());
        }
      }
    }
    var operationTypes = ElementTemplates.operations("io.mediaflow").stream()
        .map(type -> type.getAnnotation(Operation.class).type())
        .collect(Collectors.toCollection(TreeSet::new));
    assertThat(workerTypes).isNotEmpty().containsExactlyElementsOf(operationTypes);
  }
}
