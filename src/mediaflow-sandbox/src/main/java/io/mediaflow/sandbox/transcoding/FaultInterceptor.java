package io.mediaflow.sandbox.transcoding;

import com.fasterxml.jackson.databind.ObjectMapper;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.Map;
import java.util.Optional;
import org.springframework.http.MediaType;
import org.springframework.web.servlet.HandlerInterceptor;

/**
 * Answers a request with the fault {@link FaultInjector} holds for its endpoint, before any handler
 * runs.
 */
class FaultInterceptor implements HandlerInterceptor {

  private static final String API = "/sandbox/transcoding/v1/";

  /** The service's errors that refuse a start as busy: 8, 18 and 22. */
  private static final java.util.Set<Integer> BUSY =
      java.util.Set.of(
          TranscodingApiError.SYSTEM_BUSY,
          TranscodingApiError.QUEUE_IS_FULL,
          TranscodingApiError.LIMIT_EXCEEDED);

  private final FaultInjector faults;
  private final ObjectMapper json;
  private final Tasks tasks;

  FaultInterceptor(FaultInjector faults, ObjectMapper json, Tasks tasks) {
    this.faults = faults;
    this.json = json;
    this.tasks = tasks;
  }

  @Override
  public boolean preHandle(HttpServletRequest request, HttpServletResponse response, Object handler)
      throws IOException {
    Optional<FaultInjector.Fault> fault = endpoint(request).flatMap(faults::take);
    if (fault.isEmpty()) {
      return true;
    }
    FaultInjector.Fault f = fault.get();
    if (f.error() != null
        && BUSY.contains(f.error())
        && (f.endpoint().equals("start_encode2") || f.endpoint().equals("start_encode"))) {
      // a start refused as busy, as the service refuses it: its token may be spent by it
      tasks.refusedAsBusy(request.getParameter("task_token"));
    }
    response.setContentType(MediaType.APPLICATION_JSON_VALUE);
    if (f.error() != null) {
      response.setStatus(HttpServletResponse.SC_OK);
      String message =
          f.message() != null ? f.message() : "Injected by the sandbox's test control.";
      json.writeValue(
          response.getOutputStream(),
          TranscodingErrorHandler.body(
              f.error(),
              message,
              f.error() == TranscodingApiError.SYSTEM_BUSY ? f.retryAfter() : null));
    } else {
      response.setStatus(f.httpStatus());
      if (f.retryAfter() != null) {
        response.setHeader("Retry-After", Integer.toString(f.retryAfter()));
      }
      json.writeValue(
          response.getOutputStream(),
          Map.of(
              "message",
              f.message() != null
                  ? f.message()
                  : "Transport fault injected by the sandbox's test control."));
    }
    return false;
  }

  private static Optional<String> endpoint(HttpServletRequest request) {
    String path = request.getRequestURI().substring(request.getContextPath().length());
    if (path.startsWith(API)) {
      return Optional.of(path.substring(API.length()));
    }
    if (path.startsWith("/sandbox/transcoding/master/")) {
      return Optional.of("master_status");
    }
    return path.startsWith("/sandbox/upload/") ? Optional.of("upload") : Optional.empty();
  }
}
