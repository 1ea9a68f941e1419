package io.mediaflow;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.stream.Stream;
import java.util.stream.StreamSupport;
import org.junit.jupiter.params.provider.Arguments;

/**
 * The shared request fixtures of {@code mediaflow-api-fixtures}, which the sandbox's validators meet too: each case as
 * the arguments (name, request, the field it must be refused for, or null when it is valid).
 */
public final class ApiFixtures {

  private static final ObjectMapper JSON = io.mediaflow.api.ApiJson.MAPPER;

  private ApiFixtures() {}

  /** The cases of {@code file}, whose request is under {@code requestField}. */
  public static Stream<Arguments> cases(String file, String requestField) {
    try (InputStream in = ApiFixtures.class.getResourceAsStream("/io/mediaflow/fixtures/" + file)) {
      if (in == null) {
        throw new IllegalStateException("No fixture file " + file + " in mediaflow-api-fixtures");
      }
      JsonNode fixtures = JSON.readTree(in);
      return StreamSupport.stream(fixtures.path("cases").spliterator(), false)
          .map(c -> Arguments.of(c.path("name").asText(), c.path(requestField), c.path("invalidField").asText(null)))
          .toList().stream();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
