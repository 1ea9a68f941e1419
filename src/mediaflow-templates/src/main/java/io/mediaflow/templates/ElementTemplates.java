package io.mediaflow.templates;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.mediaflow.api.ApiJson;
import io.mediaflow.api.operation.Input;
import io.mediaflow.api.operation.Operation;
import io.mediaflow.worker.internal.InputReader;
import jakarta.validation.Validation;
import jakarta.validation.Validator;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotEmpty;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Size;
import jakarta.validation.metadata.ConstraintDescriptor;
import jakarta.validation.metadata.PropertyDescriptor;
import java.lang.annotation.Annotation;
import java.lang.reflect.Method;
import java.lang.reflect.RecordComponent;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import org.hibernate.validator.HibernateValidator;
import org.hibernate.validator.messageinterpolation.ParameterMessageInterpolator;
import org.springframework.context.annotation.ClassPathScanningCandidateComponentProvider;
import org.springframework.core.type.filter.AnnotationTypeFilter;
import org.springframework.util.ClassUtils;

/**
 * Builds each operation's Camunda Modeler element template from its {@link Operation} input record:
 * the job type, one input mapping per {@link Input} component with the template constraints its
 * Jakarta constraints give, the result variable header and the retries. {@link
 * ElementTemplateFolder} writes this output into {@code element-templates/} during the build, with
 * the version that the folder's history calls for.
 */
public final class ElementTemplates {

  public static final String SCHEMA =
      "https://unpkg.com/@camunda/zeebe-element-templates-json-schema/resources/schema.json";

  /** Mediaflow's job types; operations of other types (a test's, say) get no template. */
  public static final String JOB_TYPE_PREFIX = "mediaflow.";

  private static final ObjectMapper JSON =
      JsonMapper.builder().enable(SerializationFeature.INDENT_OUTPUT).build();

  /** Describes the constraints the worker and the client check, composed ones with their parts. */
  private static final Validator VALIDATOR =
      Validation.byProvider(HibernateValidator.class)
          .configure()
          .messageInterpolator(new ParameterMessageInterpolator())
          .buildValidatorFactory()
          .getValidator();

  private ElementTemplates() {}

  /** Every Mediaflow operation input record below {@code basePackage}, in job type order. */
  public static List<Class<?>> operations(String basePackage) {
    var scanner =
        new ClassPathScanningCandidateComponentProvider(false) {
          @Override
          protected boolean isCandidateComponent(
              org.springframework.beans.factory.annotation.AnnotatedBeanDefinition definition) {
            return definition.getMetadata().isIndependent();
          }
        };
    scanner.addIncludeFilter(new AnnotationTypeFilter(Operation.class));
    return scanner.findCandidateComponents(basePackage).stream()
        .map(
            definition ->
                ClassUtils.resolveClassName(
                    definition.getBeanClassName(), ElementTemplates.class.getClassLoader()))
        .filter(type -> type.getAnnotation(Operation.class).type().startsWith(JOB_TYPE_PREFIX))
        .sorted(Comparator.comparing(type -> type.getAnnotation(Operation.class).type()))
        .<Class<?>>map(type -> type)
        .toList();
  }

  /** The template's file name: the job type with {@code .json}. */
  public static String fileName(Class<?> inputType) {
    return inputType.getAnnotation(Operation.class).type() + ".json";
  }

  /** The template as its file holds it. */
  public static String render(Class<?> inputType, int version) {
    return render(template(inputType, version));
  }

  static String render(ObjectNode template) {
    try {
      return JSON.writeValueAsString(template) + "\n";
    } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
      throw new IllegalStateException(e);
    }
  }

  static ObjectNode template(Class<?> inputType, int version) {
    Operation operation = inputType.getAnnotation(Operation.class);
    ObjectNode template = JSON.createObjectNode();
    template.put("$schema", SCHEMA);
    template.put("name", operation.name());
    template.put("id", operation.type());
    template.put("version", version);
    template.put("description", description(operation));
    template.putObject("category").put("id", "mediaflow").put("name", "Mediaflow");
    template.putArray("appliesTo").add("bpmn:Task");
    template.putObject("elementType").put("value", "bpmn:ServiceTask");
    template.putObject("engines").put("camunda", "^8.8");
    ArrayNode groups = template.putArray("groups");
    groups.addObject().put("id", "input").put("label", "Input");
    groups.addObject().put("id", "output").put("label", "Output");
    groups.addObject().put("id", "retries").put("label", "Retries");
    ArrayNode properties = template.putArray("properties");
    properties
        .addObject()
        .put("type", "Hidden")
        .put("value", operation.type())
        .putObject("binding")
        .put("type", "zeebe:taskDefinition")
        .put("property", "type");
    for (RecordComponent component : InputReader.components(inputType)) {
      Input input = component.getAnnotation(Input.class);
      if (input != null) {
        properties.add(inputProperty(component, input));
      }
    }
    if (operation.carries().length == 0) {
      resultVariable(properties, operation)
          .putObject("binding")
          .put("type", "zeebe:taskHeader")
          .put("key", "resultVariable");
    } else {
      addCarries(properties, operation);
    }
    properties
        .addObject()
        .put("id", "retries")
        .put("label", "Retries")
        .put(
            "description",
            "Attempts for transient faults (server errors, timeouts, busy service), with a growing pause between them")
        .put("group", "retries")
        .put("type", "String")
        .put("value", Integer.toString(operation.retries()))
        .putObject("binding")
        .put("type", "zeebe:taskDefinition")
        .put("property", "retries");
    return template;
  }

  /**
   * The field naming the variable that receives the result; the caller binds it (a task header or
   * an output).
   */
  private static ObjectNode resultVariable(ArrayNode properties, Operation operation) {
    return properties
        .addObject()
        .put("id", "resultVariable")
        .put("label", "Result variable")
        .put("description", "The process variable that receives the result")
        .put("group", "output")
        .put("type", "String")
        .put("value", operation.resultVariable());
  }

  /**
   * The result goes to a local variable of the fixed name the carries read, and output mappings
   * write it and each carried value to the variables the model names.
   */
  private static void addCarries(ArrayNode properties, Operation operation) {
    properties
        .addObject()
        .put("type", "Hidden")
        .put("value", operation.resultVariable())
        .putObject("binding")
        .put("type", "zeebe:taskHeader")
        .put("key", "resultVariable");
    resultVariable(properties, operation)
        .putObject("binding")
        .put("type", "zeebe:output")
        .put("source", "=" + operation.resultVariable());
    for (Operation.Carry carry : operation.carries()) {
      properties
          .addObject()
          .put(
              "id",
              "carry"
                  + Character.toUpperCase(carry.target().charAt(0))
                  + carry.target().substring(1))
          .put("label", carry.label())
          .put("description", carry.description())
          .put("group", "output")
          .put("type", "String")
          .put("value", carry.target())
          .putObject("binding")
          .put("type", "zeebe:output")
          .put("source", carry.source());
    }
  }

  private static String description(Operation operation) {
    return operation.errors().length == 0
        ? operation.description()
        : operation.description() + " BPMN errors: " + String.join(", ", operation.errors()) + ".";
  }

  private static ObjectNode inputProperty(RecordComponent component, Input input) {
    ObjectNode property = JSON.createObjectNode();
    boolean required = isRequired(component);
    property.put("id", component.getName());
    property.put("label", input.label());
    if (!input.description().isEmpty()) {
      property.put("description", input.description());
    }
    property.put("group", "input");
    List<String> choiceValues = choices(component, input);
    if (!choiceValues.isEmpty()) {
      property.put("type", "Dropdown");
      ArrayNode choices = property.putArray("choices");
      choiceValues.forEach(choice -> choices.addObject().put("name", choice).put("value", choice));
    } else {
      property.put("type", "String");
      // Lists and objects can only be written as FEEL; text, numbers and durations may be literals.
      property.put("feel", isScalar(component.getType()) ? "optional" : "required");
    }
    if (!input.value().isEmpty()) {
      property.put("value", input.value());
    }
    if (!required) {
      property.put("optional", true);
    }
    property.putObject("binding").put("type", "zeebe:input").put("name", component.getName());
    ObjectNode constraints = textConstraints(component);
    if (required || !constraints.isEmpty()) {
      // The schema wants an optional property's constraints to say notEmpty: false outright.
      property.putObject("constraints").put("notEmpty", required).setAll(constraints);
    }
    return property;
  }

  /**
   * The template constraints of a text input, from the Jakarta constraints the worker checks, as
   * the validator describes them: {@code @Size} gives minLength and maxLength, {@code @Pattern}
   * (also inside a composed constraint such as {@code @Fqdn}) a pattern with the rule's message.
   * Modeler tests a pattern on the field's text, so it is anchored; an empty field passes (it is
   * notEmpty's to refuse), and so does a FEEL expression ({@code =...}): its value is known only
   * when the job runs, where the worker checks it.
   */
  private static ObjectNode textConstraints(RecordComponent component) {
    ObjectNode constraints = JSON.createObjectNode();
    PropertyDescriptor property =
        VALIDATOR
            .getConstraintsForClass(component.getDeclaringRecord())
            .getConstraintsForProperty(component.getName());
    if (component.getType() != String.class || property == null) {
      return constraints;
    }
    var sizes = new ArrayList<Size>();
    ObjectNode pattern = null;
    // A record component's constraint is on its field and its accessor both: the same one twice.
    var declared = new LinkedHashMap<Annotation, ConstraintDescriptor<?>>();
    property.getConstraintDescriptors().forEach(d -> declared.putIfAbsent(d.getAnnotation(), d));
    for (ConstraintDescriptor<?> rule : declared.values()) {
      for (ConstraintDescriptor<?> part : parts(rule)) {
        switch (part.getAnnotation()) {
          case Size size -> sizes.add(size);
          // A composed constraint reports as one violation with its own message, so its message is
          // the rule's.
          case Pattern regexp ->
              pattern =
                  JSON.createObjectNode()
                      .put("value", "^(|=.*|" + regexp.regexp() + ")$")
                      .put("message", rule.getMessageTemplate());
          default -> {}
        }
      }
    }
    for (Size size : sizes) {
      if (size.min() > 0) {
        constraints.put("minLength", size.min());
      }
      if (size.max() < Integer.MAX_VALUE) {
        constraints.put("maxLength", size.max());
      }
    }
    if (pattern != null) {
      constraints.set("pattern", pattern);
    }
    return constraints;
  }

  /** A constraint and the constraints it is composed of, as the validator describes them. */
  private static List<ConstraintDescriptor<?>> parts(ConstraintDescriptor<?> rule) {
    var parts = new ArrayList<ConstraintDescriptor<?>>(List.of(rule));
    rule.getComposingConstraints().forEach(part -> parts.addAll(parts(part)));
    return parts;
  }

  /**
   * The input's dropdown values: those it names, else those of the enum it names or is, as JSON
   * writes its constants.
   */
  private static List<String> choices(RecordComponent component, Input input) {
    if (input.choices().length > 0) {
      return List.of(input.choices());
    }
    Class<?> values = input.choicesFrom().length > 0 ? input.choicesFrom()[0] : component.getType();
    if (values.isEnum()) {
      return Arrays.stream(values.getEnumConstants())
          .map(constant -> ApiJson.MAPPER.convertValue(constant, String.class))
          .toList();
    }
    return List.of();
  }

  /**
   * Whether the worker refuses a job without this input: it is {@code @NotBlank}, {@code @NotEmpty}
   * or {@code @NotNull}.
   */
  static boolean isRequired(RecordComponent component) {
    Method accessor = component.getAccessor();
    return accessor.isAnnotationPresent(NotBlank.class)
        || accessor.isAnnotationPresent(NotEmpty.class)
        || accessor.isAnnotationPresent(NotNull.class);
  }

  private static boolean isScalar(Class<?> type) {
    return type == String.class
        || type.isPrimitive()
        || Number.class.isAssignableFrom(type)
        || type == Boolean.class
        || type == Duration.class
        || type.isEnum();
  }
}
