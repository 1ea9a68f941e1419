package io.mediaflow.sandbox.transcoding;

import java.io.IOException;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.regex.Pattern;
import org.springframework.core.io.ClassPathResource;
import org.springframework.core.io.Resource;
import org.springframework.core.io.support.PathMatchingResourcePatternResolver;
import org.springframework.http.MediaType;
import org.springframework.http.MediaTypeFactory;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RestController;

/**
 * Sample media for demos and tests, a source URL that needs no internet: the files under {@code
 * sandbox/samples/} on the classpath at {@code GET /sandbox/samples/<name>} (with HEAD and Range),
 * and their names at {@code GET /sandbox/samples}.
 */
@RestController
class SampleMediaController {

  private static final String LOCATION = "sandbox/samples/";
  private static final Pattern NAME =
      Pattern.compile("[A-Za-z0-9][A-Za-z0-9_-]*(\\.[A-Za-z0-9]+)*");

  @GetMapping("/sandbox/samples")
  List<String> names() throws IOException {
    Resource[] found =
        new PathMatchingResourcePatternResolver().getResources("classpath*:" + LOCATION + "*");
    return Arrays.stream(found)
        .map(Resource::getFilename)
        .filter(Objects::nonNull)
        .sorted()
        .toList();
  }

  @GetMapping("/sandbox/samples/{name}")
  ResponseEntity<Resource> sample(@PathVariable String name) {
    if (!NAME.matcher(name).matches()) {
      return ResponseEntity.notFound().build();
    }
    var resource = new ClassPathResource(LOCATION + name);
    if (!resource.exists()) {
      return ResponseEntity.notFound().build();
    }
    MediaType type = MediaTypeFactory.getMediaType(name).orElse(MediaType.APPLICATION_OCTET_STREAM);
    return ResponseEntity.ok().contentType(type).body(resource);
  }
}
