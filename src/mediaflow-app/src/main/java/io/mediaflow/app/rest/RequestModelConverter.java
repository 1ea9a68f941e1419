package io.mediaflow.app.rest;

import io.camunda.client.protocol.rest.ClockPinRequest;
import java.lang.reflect.Type;
import java.util.List;
import org.springframework.context.annotation.Configuration;
import org.springframework.http.MediaType;
import org.springframework.http.converter.HttpMessageConverter;
import org.springframework.http.converter.json.MappingJackson2HttpMessageConverter;
import org.springframework.web.servlet.config.annotation.WebMvcConfigurer;

/**
 * Reads the request bodies of the REST API into its request model with {@link
 * CamundaJson#REQUESTS}: the classes generated from Camunda 8.8's OpenAPI document and the records
 * of this package written where a generated class cannot serve (each says why). Ahead of Spring's
 * own JSON converter, which ignores unknown properties and coerces text to numbers; other types
 * (the searches' {@code JsonNode}, the console's bodies) and all answers are left to it.
 */
@Configuration(proxyBeanMethods = false)
class RequestModelConverter implements WebMvcConfigurer {

  @Override
  public void extendMessageConverters(List<HttpMessageConverter<?>> converters) {
    converters.add(0, new Reader());
  }

  private static boolean isRequestModel(Class<?> type) {
    String where = type.getPackageName();
    return where.equals(ClockPinRequest.class.getPackageName())
        || where.equals(RequestModelConverter.class.getPackageName()) && type.isRecord();
  }

  private static final class Reader extends MappingJackson2HttpMessageConverter {

    Reader() {
      super(CamundaJson.REQUESTS);
    }

    @Override
    public boolean canRead(Class<?> type, MediaType mediaType) {
      return isRequestModel(type) && super.canRead(type, mediaType);
    }

    @Override
    public boolean canRead(Type type, Class<?> contextClass, MediaType mediaType) {
      return type instanceof Class<?> c
          && isRequestModel(c)
          && super.canRead(type, contextClass, mediaType);
    }

    @Override
    public boolean canWrite(Class<?> type, MediaType mediaType) {
      return false;
    }

    @Override
    public boolean canWrite(Type type, Class<?> type2, MediaType mediaType) {
      return false;
    }
  }
}
