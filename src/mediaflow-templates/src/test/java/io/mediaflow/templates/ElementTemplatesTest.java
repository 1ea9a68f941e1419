package io.mediaflow.templates;

import static org.assertj.core.api.Assertions.assertThat;

import io.mediaflow.api.operation.Operation;
import io.mediaflow.worker.internal.OperationHandler;
import io.mediaflow.worker.internal.OperationHandlers;
import io.mediaflow.worker.internal.OperationWorkers;
import java.lang.reflect.Constructor;
import java.util.ArrayList;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.springframework.context.annotation.ClassPathScanningCandidateComponentProvider;
import org.springframework.core.type.filter.AssignableTypeFilter;
import org.springframework.util.ClassUtils;

/**
 * Every operation the workers declare has an element template and every template a worker; the
 * build keeps {@code element-templates/} equal to what the operations generate (see {@link
 * ElementTemplateFolder}).
 */
class ElementTemplatesTest {

  /**
   * What {@link OperationWorkers} opens, read from every {@link OperationHandlers} component of the
   * plugin. Declaring handlers calls nothing, so each component is built here without its
   * dependencies.
   */
  @Test
  void everyDeclaredOperationHasATemplateAndEveryTemplateAWorker()
      throws ReflectiveOperationException {
    var declarations = new ArrayList<OperationHandlers>();
    var scanner = new ClassPathScanningCandidateComponentProvider(false);
    scanner.addIncludeFilter(new AssignableTypeFilter(OperationHandlers.class));
    for (var definition : scanner.findCandidateComponents("io.mediaflow")) {
      Class<?> type =
          ClassUtils.resolveClassName(definition.getBeanClassName(), getClass().getClassLoader());
      Constructor<?> constructor = type.getDeclaredConstructors()[0];
      constructor.setAccessible(true);
      declarations.add(
          (OperationHandlers) constructor.newInstance(new Object[constructor.getParameterCount()]));
    }
    var workerTypes =
        OperationWorkers.byType(declarations).stream()
            .map(OperationHandler::type)
            .filter(type -> type.startsWith(ElementTemplates.JOB_TYPE_PREFIX))
            .collect(Collectors.toCollection(TreeSet::new));
    var operationTypes =
        ElementTemplates.operations("io.mediaflow").stream()
            .map(type -> type.getAnnotation(Operation.class).type())
            .collect(Collectors.toCollection(TreeSet::new));
    // Delivery, live, transcoding, and the reading of transcoding's outputs (metadata, renditions).
    assertThat(declarations).hasSize(4);
    assertThat(workerTypes).isNotEmpty().containsExactlyElementsOf(operationTypes);
  }

  /**
   * check_job and status read {@code transcodingJob.status_url}; their templates write the newest
   * one back, and, since output mappings then decide what the engine writes, the result too.
   */
  @Test
  void checkJobAndStatusCarryTheNewestStatusUrlBackAndStillWriteTheirResult() {
    for (Class<?> input :
        java.util.List.<Class<?>>of(
            Operations.of("mediaflow.transcoding.check_job"),
            Operations.of("mediaflow.transcoding.status"))) {
      var template = ElementTemplates.template(input, 1);
      String result = input.getAnnotation(Operation.class).resultVariable();
      var outputs = new java.util.LinkedHashMap<String, String>();
      var headers = new java.util.LinkedHashMap<String, String>();
      template
          .path("properties")
          .forEach(
              property -> {
                var binding = property.path("binding");
                if (binding.path("type").asText().equals("zeebe:output")) {
                  outputs.put(property.path("value").asText(), binding.path("source").asText());
                }
                if (binding.path("type").asText().equals("zeebe:taskHeader")) {
                  headers.put(
                      binding.path("key").asText(),
                      property.path("type").asText() + ":" + property.path("value").asText());
                }
              });
      assertThat(outputs)
          .as(input.getSimpleName())
          .containsEntry(result, "=" + result)
          .containsKey("transcodingJob");
      assertThat(outputs.get("transcodingJob")).contains("status_url").contains(result);
      assertThat(headers)
          .as("the result goes to the local the mappings read")
          .containsEntry("resultVariable", "Hidden:" + result);
    }
  }

  /**
   * A constrained input's template property carries the constraint the worker checks, with the
   * rule's message.
   */
  @Test
  void aConstrainedInputCarriesItsConstraintsWithTheRulesMessage() {
    var domain = properties(Operations.of("mediaflow.delivery.create_domain"));
    assertThat(domain.get("name").path("constraints").path("notEmpty").asBoolean()).isTrue();
    assertThat(domain.get("name").path("constraints").path("pattern").path("message").asText())
        .startsWith("must be a fully qualified domain name");
    var pattern =
        java.util.regex.Pattern.compile(
            domain.get("bucketName").path("constraints").path("pattern").path("value").asText());
    assertThat(domain.get("bucketName").path("constraints").path("notEmpty").asBoolean()).isFalse();
    // Modeler tests the pattern on the field's text: a literal must match whole, an empty field or
    // a FEEL expression passes.
    assertThat(pattern.matcher("media-archive").find()).isTrue();
    assertThat(pattern.matcher("").find()).isTrue();
    assertThat(pattern.matcher("Media Archive").find()).isFalse();
    assertThat(pattern.matcher("=bucketName").find()).isTrue();

    var encode = properties(Operations.of("mediaflow.transcoding.start_encode2"));
    assertThat(encode.get("payload").path("constraints").path("maxLength").asInt()).isEqualTo(1000);
    assertThat(encode.get("taskToken").path("constraints").path("notEmpty").asBoolean()).isTrue();
    assertThat(encode.get("query").path("constraints").path("notEmpty").asBoolean()).isTrue();
  }

  private static java.util.Map<String, com.fasterxml.jackson.databind.JsonNode> properties(
      Class<?> input) {
    var byId = new java.util.HashMap<String, com.fasterxml.jackson.databind.JsonNode>();
    ElementTemplates.template(input, 1)
        .path("properties")
        .forEach(property -> byId.put(property.path("id").asText(), property));
    return byId;
  }
}
