package io.mediaflow.sandbox.transcoding;

import jakarta.servlet.http.HttpServletRequest;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import org.springframework.core.io.FileSystemResource;
import org.springframework.core.io.Resource;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RestController;

/**
 * Outputs of jobs without a destination, at {@code
 * /sandbox/transcoding/downloads/<task_token>/<path>} for 24 hours (nominal): 404 for an address
 * that never existed, 410 once the task's files have expired. Range requests and HEAD are served as
 * for any resource.
 */
@RestController
class DownloadController {

  private static final String PREFIX = "/sandbox/transcoding/downloads/";

  private final TemporaryStorage temporary;

  DownloadController(TemporaryStorage temporary) {
    this.temporary = temporary;
  }

  @GetMapping(PREFIX + "{taskToken}/**")
  ResponseEntity<Resource> download(@PathVariable String taskToken, HttpServletRequest request) {
    String uri = request.getRequestURI().substring(request.getContextPath().length());
    String path =
        URLDecoder.decode(
            uri.substring(PREFIX.length() + taskToken.length() + 1), StandardCharsets.UTF_8);
    return switch (temporary.get(taskToken, path)) {
      case TemporaryStorage.Lookup.Found found ->
          ResponseEntity.ok()
              .contentType(MediaType.parseMediaType(found.contentType()))
              .body(new FileSystemResource(found.file()));
      case TemporaryStorage.Lookup.Expired expired ->
          ResponseEntity.status(HttpStatus.GONE).build();
      case TemporaryStorage.Lookup.Missing missing -> ResponseEntity.notFound().build();
    };
  }
}
