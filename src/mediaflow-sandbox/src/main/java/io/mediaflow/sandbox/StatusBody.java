package io.mediaflow.sandbox;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.ObjectMapper;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import org.springframework.http.HttpStatusCode;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;

/**
 * The status object of the live streaming and content delivery APIs: {@code {status: 'ok'}} for
 * deletes, sets and purges, {@code {status: 'failed'}} for any refused request. The service does
 * not show its error codes or messages; the sandbox's choice (kept here) is an HTTP 4xx status with
 * {@code error} naming the field and the rule that was broken.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record StatusBody(String status, String error) {

  public static final StatusBody OK = new StatusBody("ok", null);

  public static StatusBody failed(String error) {
    return new StatusBody("failed", error);
  }

  public static ResponseEntity<StatusBody> response(HttpStatusCode status, String error) {
    return ResponseEntity.status(status).body(failed(error));
  }

  /**
   * The same answer, for the filters and interceptors that refuse a request before any controller
   * runs.
   */
  public static void write(
      HttpServletResponse response, ObjectMapper json, HttpStatusCode status, String error)
      throws IOException {
    response.setStatus(status.value());
    response.setContentType(MediaType.APPLICATION_JSON_VALUE);
    json.writeValue(response.getOutputStream(), failed(error));
  }
}
