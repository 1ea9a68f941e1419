package io.mediaflow.app.rest;

import com.fasterxml.jackson.annotation.JsonTypeInfo;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.BeanDescription;
import com.fasterxml.jackson.databind.DeserializationConfig;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.JavaType;
import com.fasterxml.jackson.databind.JsonDeserializer;
import com.fasterxml.jackson.databind.deser.BeanDeserializerModifier;
import com.fasterxml.jackson.databind.deser.std.DelegatingDeserializer;
import com.fasterxml.jackson.databind.exc.InvalidFormatException;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import com.fasterxml.jackson.databind.introspect.BeanPropertyDefinition;
import java.io.IOException;
import java.util.List;
import java.util.function.Function;
import javax.annotation.Nonnull;

/**
 * The rules of the specification that the generated request model states but Jackson does not
 * enforce, checked as each object is read:
 *
 * <ul>
 *   <li>a required property (the generated classes mark it by a {@link Nonnull} getter, as do the
 *       records of this package written where a generated class cannot serve) is refused when left
 *       out or null. A polymorphic type's discriminator ({@code type}) is left to Jackson's type
 *       handling, which refuses one it does not know;
 *   <li>a value of an enumeration outside it is refused: the generated enumerations read any value
 *       they do not know as {@value #UNKNOWN}, which keeps a client working with a newer server but
 *       would let a request through with a value the engine cannot act on.
 * </ul>
 */
final class ModelRules extends BeanDeserializerModifier {

  /** The constant the generated enumerations read an unknown value as. */
  static final String UNKNOWN = "UNKNOWN_DEFAULT_OPEN_API";

  @Override
  public JsonDeserializer<?> modifyDeserializer(
      DeserializationConfig config, BeanDescription bean, JsonDeserializer<?> deserializer) {
    JsonTypeInfo polymorphic = bean.getClassAnnotations().get(JsonTypeInfo.class);
    List<BeanPropertyDefinition> required =
        bean.findProperties().stream()
            .filter(BeanPropertyDefinition::hasGetter)
            .filter(property -> property.getGetter().hasAnnotation(Nonnull.class))
            .filter(
                property ->
                    polymorphic == null || !polymorphic.property().equals(property.getName()))
            .toList();
    // The records of this package are not public.
    required.forEach(property -> property.getGetter().fixAccess(true));
    return required.isEmpty()
        ? deserializer
        : new Checked(deserializer, read -> missing(read, required));
  }

  @Override
  public JsonDeserializer<?> modifyEnumDeserializer(
      DeserializationConfig config,
      JavaType type,
      BeanDescription bean,
      JsonDeserializer<?> deserializer) {
    return new Checked(deserializer, read -> ((Enum<?>) read).name().equals(UNKNOWN) ? "" : null);
  }

  private static String missing(Object read, List<BeanPropertyDefinition> required) {
    return required.stream()
        .filter(property -> property.getGetter().getValue(read) == null)
        .map(BeanPropertyDefinition::getName)
        .findFirst()
        .orElse(null);
  }

  /** A required property left out: {@link Problems} names it by its path. */
  static final class Missing extends MismatchedInputException {
    Missing(JsonParser parser, Class<?> type) {
      super(parser, "is required", type);
    }
  }

  /**
   * Reads as its delegate does, then refuses what {@code broken} names: a property of the object
   * read (refused as {@link Missing}), or an empty name for the value itself (refused as of an
   * invalid format).
   */
  private static final class Checked extends DelegatingDeserializer {

    private final Function<Object, String> broken;

    Checked(JsonDeserializer<?> delegate, Function<Object, String> broken) {
      super(delegate);
      this.broken = broken;
    }

    @Override
    protected JsonDeserializer<?> newDelegatingInstance(JsonDeserializer<?> delegate) {
      return new Checked(delegate, broken);
    }

    @Override
    public Object deserialize(JsonParser parser, DeserializationContext context)
        throws IOException {
      Object read = super.deserialize(parser, context);
      String name = read == null ? null : broken.apply(read);
      if (name == null) {
        return read;
      }
      if (name.isEmpty()) {
        throw InvalidFormatException.from(
            parser, "not a value of the enumeration", parser.getText(), read.getClass());
      }
      var missing = new Missing(parser, read.getClass());
      missing.prependPath(read, name);
      throw missing;
    }
  }
}
