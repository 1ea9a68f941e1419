package io.mediaflow.app.rest;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.BeanDescription;
import com.fasterxml.jackson.databind.DeserializationConfig;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.JsonDeserializer;
import com.fasterxml.jackson.databind.deser.BeanDeserializerModifier;
import com.fasterxml.jackson.databind.deser.std.DelegatingDeserializer;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import com.fasterxml.jackson.databind.introspect.AnnotatedMember;
import com.fasterxml.jackson.databind.introspect.BeanPropertyDefinition;
import java.io.IOException;
import java.util.List;
import javax.annotation.Nonnull;

/**
 * The required properties of the request model, refused when left out or null. The classes
 * generated from Camunda's OpenAPI document mark a property the specification requires by a {@link
 * Nonnull} getter (as do the few records of this package written where no generated class exists),
 * which Jackson does not enforce on a bean's setters, so it is checked here once the object is
 * read.
 */
final class RequiredProperties extends BeanDeserializerModifier {

  @Override
  public JsonDeserializer<?> modifyDeserializer(
      DeserializationConfig config, BeanDescription bean, JsonDeserializer<?> deserializer) {
    List<BeanPropertyDefinition> required =
        bean.findProperties().stream()
            .filter(
                property ->
                    property.hasGetter() && property.getGetter().hasAnnotation(Nonnull.class))
            .toList();
    return required.isEmpty() ? deserializer : new Checked(deserializer, required);
  }

  /** What is refused: the property, as {@link Problems} names it, {@code changeset.retries}. */
  static final class Missing extends MismatchedInputException {
    Missing(JsonParser parser, Class<?> type) {
      super(parser, "is required", type);
    }
  }

  private static final class Checked extends DelegatingDeserializer {

    private final List<BeanPropertyDefinition> required;

    Checked(JsonDeserializer<?> delegate, List<BeanPropertyDefinition> required) {
      super(delegate);
      this.required = required;
    }

    @Override
    protected JsonDeserializer<?> newDelegatingInstance(JsonDeserializer<?> delegate) {
      return new Checked(delegate, required);
    }

    @Override
    public Object deserialize(JsonParser parser, DeserializationContext context)
        throws IOException {
      Object read = super.deserialize(parser, context);
      for (BeanPropertyDefinition property : required) {
        AnnotatedMember getter = property.getGetter();
        if (getter.getValue(read) == null) {
          var missing = new Missing(parser, read.getClass());
          missing.prependPath(read, property.getName());
          throw missing;
        }
      }
      return read;
    }
  }
}
