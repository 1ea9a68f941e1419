package io.mediaflow.api.internal;

import com.fasterxml.jackson.databind.BeanDescription;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationConfig;
import com.fasterxml.jackson.databind.introspect.BeanPropertyDefinition;
import io.mediaflow.api.ApiJson;
import io.mediaflow.api.InvalidRequestException;
import io.mediaflow.api.Violation;
import jakarta.validation.ConstraintValidatorContext;
import jakarta.validation.ConstraintViolation;
import jakarta.validation.ElementKind;
import jakarta.validation.Path;
import jakarta.validation.Validation;
import jakarta.validation.Validator;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.hibernate.validator.HibernateValidator;
import org.hibernate.validator.messageinterpolation.ParameterMessageInterpolator;
import org.hibernate.validator.spi.nodenameprovider.JavaBeanProperty;
import org.hibernate.validator.spi.nodenameprovider.Property;
import org.hibernate.validator.spi.nodenameprovider.PropertyNodeNameProvider;

/**
 * Checks a request or an operation's input against the Jakarta Bean Validation constraints on its
 * records, where each rule of the API is written once, and refuses it with one {@link
 * InvalidRequestException} listing every broken rule in field order. Fields are named by their JSON
 * property, since that is what the user wrote: as {@link ApiJson} writes them for a request a
 * client checks (the API's names, {@code format[0].stream[1].video_codec}, {@code domain_id}), or
 * as the mapper that read it names them for an operation's input ({@link #check(Object,
 * ObjectMapper)}: the process variables). A component that a record unwraps ({@code JsonUnwrapped})
 * adds no name: its fields are read, and named, as the record's own.
 *
 * <p>Messages are interpolated from their parameters only ({@code {min}}, {@code {max}}), never
 * with expressions: a message cannot echo the value, which may be a credential.
 */
public final class Constraints {

  /** A validator for each mapper whose names it gives the fields: the API's, and the inputs'. */
  private static final Map<ObjectMapper, Validator> VALIDATORS = new ConcurrentHashMap<>();

  private Constraints() {}

  private static Validator validator(ObjectMapper names) {
    return VALIDATORS.computeIfAbsent(
        names,
        mapper ->
            Validation.byProvider(HibernateValidator.class)
                .configure()
                .propertyNodeNameProvider(new JsonNames(mapper))
                .messageInterpolator(
                    new ParameterMessageInterpolator(
                        java.util.Set.of(Locale.ENGLISH),
                        Locale.ENGLISH,
                        context -> Locale.ENGLISH,
                        false))
                .buildValidatorFactory()
                .getValidator());
  }

  /** Every broken rule of {@code request}, in field order, named as the API names them. */
  public static List<Violation> violations(Object request) {
    return sorted(validator(ApiJson.MAPPER).validate(request));
  }

  private static List<Violation> sorted(
      java.util.Set<? extends ConstraintViolation<?>> violations) {
    // A record component's constraint is on its field and its accessor both: one violation each,
    // the same one.
    return violations.stream()
        .map(Constraints::violation)
        .distinct()
        .sorted(Comparator.comparing(Violation::field).thenComparing(Violation::rule))
        .toList();
  }

  /** Refuses {@code request} with every rule it breaks, named as the API names them. */
  public static <T> T check(T request) {
    return checked(request, violations(request));
  }

  /**
   * Refuses {@code input} with every rule it breaks, each field named as {@code names} reads it: an
   * operation's input record by the process variables it was read from.
   */
  public static <T> T check(T input, ObjectMapper names) {
    return checked(input, sorted(validator(names).validate(input)));
  }

  private static <T> T checked(T value, List<Violation> violations) {
    if (!violations.isEmpty()) {
      throw new InvalidRequestException(violations);
    }
    return value;
  }

  /**
   * Reports, from a validator, that {@code rule} is broken at {@code path} below the validated
   * value, in place of the constraint's own message: {@code "format", 0, "stream", 1, "keep_sei"}
   * names {@code format[0].stream[1].keep_sei}, an index standing after the list it counts in; no
   * path names the value itself. For rules that compare fields, written on the object that holds
   * them.
   */
  public static void report(ConstraintValidatorContext context, String rule, Object... path) {
    context.disableDefaultConstraintViolation();
    ConstraintValidatorContext.ConstraintViolationBuilder violation =
        context.buildConstraintViolationWithTemplate(rule.replaceAll("([{}$\\\\])", "\\\\$1"));
    if (path.length == 0) {
      violation.addConstraintViolation();
      return;
    }
    Object node = violation.addPropertyNode((String) path[0]);
    // The builder's node types differ by step (a plain node, one after an index); the switches add
    // to either.
    for (int i = 1; i < path.length; i++) {
      if (path[i] instanceof Integer index && i == path.length - 1) {
        // An element itself (format[1]): a bean node in the list.
        addBeanNode(node).inIterable().atIndex(index).addConstraintViolation();
        return;
      }
      if (path[i] instanceof Integer index) {
        // The index of a list element is set on the node that follows it: the element's property.
        String property = (String) path[++i];
        node =
            ((ConstraintValidatorContext.ConstraintViolationBuilder.NodeBuilderCustomizableContext)
                    addPropertyNode(node, property))
                .inIterable()
                .atIndex(index);
      } else {
        node = addPropertyNode(node, (String) path[i]);
      }
    }
    addConstraintViolation(node);
  }

  private static ConstraintValidatorContext.ConstraintViolationBuilder
          .LeafNodeBuilderCustomizableContext
      addBeanNode(Object node) {
    return switch (node) {
      case ConstraintValidatorContext.ConstraintViolationBuilder.NodeBuilderCustomizableContext n ->
          n.addBeanNode();
      case ConstraintValidatorContext.ConstraintViolationBuilder.NodeBuilderDefinedContext n ->
          n.addBeanNode();
      default -> throw new IllegalStateException("No node builder: " + node);
    };
  }

  private static Object addPropertyNode(Object node, String name) {
    return switch (node) {
      case ConstraintValidatorContext.ConstraintViolationBuilder.NodeBuilderCustomizableContext n ->
          n.addPropertyNode(name);
      case ConstraintValidatorContext.ConstraintViolationBuilder.NodeBuilderDefinedContext n ->
          n.addPropertyNode(name);
      default -> throw new IllegalStateException("No node builder: " + node);
    };
  }

  private static void addConstraintViolation(Object node) {
    switch (node) {
      case ConstraintValidatorContext.ConstraintViolationBuilder.NodeBuilderCustomizableContext n ->
          n.addConstraintViolation();
      case ConstraintValidatorContext.ConstraintViolationBuilder.NodeBuilderDefinedContext n ->
          n.addConstraintViolation();
      default -> throw new IllegalStateException("No node builder: " + node);
    }
  }

  private static Violation violation(ConstraintViolation<?> violation) {
    return new Violation(field(violation.getPropertyPath()), violation.getMessage());
  }

  /**
   * The path as the API names it: {@code format[0].stream[1].resolution}. An index is written after
   * the list it counts in, and the validator's names for a list element itself ({@code <list
   * element>}) are left out.
   */
  private static String field(Path path) {
    var field = new StringBuilder();
    for (Path.Node node : path) {
      if (node.isInIterable()) {
        field
            .append('[')
            .append(
                node.getIndex() != null
                    ? node.getIndex()
                    : node.getKey() != null ? node.getKey() : "")
            .append(']');
      }
      String name = node.getName();
      if (name != null
          && !name.isEmpty()
          && !name.startsWith("<")
          && node.getKind() != ElementKind.BEAN) {
        field.append(field.isEmpty() ? "" : ".").append(name);
      }
    }
    return field.toString();
  }

  /**
   * A record component's name as a mapper writes it (the API's snake_case, an explicit
   * {@code @JsonProperty}, or an input's component name); empty for an unwrapped one, whose fields
   * stand as the record's own.
   */
  private static final class JsonNames implements PropertyNodeNameProvider {

    private final ObjectMapper mapper;
    private final Map<Class<?>, Map<String, String>> names = new ConcurrentHashMap<>();

    JsonNames(ObjectMapper mapper) {
      this.mapper = mapper;
    }

    @Override
    public String getName(Property property) {
      if (property instanceof JavaBeanProperty bean) {
        return names
            .computeIfAbsent(bean.getDeclaringClass(), this::jsonNames)
            .getOrDefault(property.getName(), property.getName());
      }
      return property.getName();
    }

    private Map<String, String> jsonNames(Class<?> type) {
      SerializationConfig config = mapper.getSerializationConfig();
      BeanDescription description = config.introspect(mapper.constructType(type));
      var byName = new java.util.HashMap<String, String>();
      for (BeanPropertyDefinition property : description.findProperties()) {
        boolean unwrapped =
            property.getPrimaryMember() != null
                && config
                        .getAnnotationIntrospector()
                        .findUnwrappingNameTransformer(property.getPrimaryMember())
                    != null;
        byName.put(property.getInternalName(), unwrapped ? "" : property.getName());
      }
      return byName;
    }
  }
}
