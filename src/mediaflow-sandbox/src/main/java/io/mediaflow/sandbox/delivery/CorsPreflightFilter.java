package io.mediaflow.sandbox.delivery;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.mediaflow.sandbox.StatusBody;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.Optional;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.web.cors.CorsUtils;
import org.springframework.web.filter.OncePerRequestFilter;
import org.springframework.web.util.UrlPathHelper;

/**
 * Answers CORS preflights at the CDN edge with the bucket's CORS policy. Spring MVC would answer a
 * preflight itself with its own (here: no) CORS configuration before any controller runs, so the
 * edge answers them here: {@code 204} with the allowed origin, methods and max age, or {@code 403}
 * without CORS headers when the policy does not allow the origin or the method. Everything else
 * goes on to {@link StorageController}.
 */
class CorsPreflightFilter extends OncePerRequestFilter {

  private final EdgeAddresses addresses;
  private final BucketControls controls;
  private final ObjectMapper json;
  private final UrlPathHelper paths = new UrlPathHelper();

  CorsPreflightFilter(EdgeAddresses addresses, BucketControls controls, ObjectMapper json) {
    this.addresses = addresses;
    this.controls = controls;
    this.json = json;
  }

  @Override
  protected boolean shouldNotFilter(HttpServletRequest request) {
    return !CorsUtils.isPreFlightRequest(request);
  }

  @Override
  protected void doFilterInternal(
      HttpServletRequest request, HttpServletResponse response, FilterChain chain)
      throws ServletException, IOException {
    Optional<EdgeAddresses.EdgeTarget> target;
    try {
      target = addresses.resolve(paths.getPathWithinApplication(request));
    } catch (DeliveryException unknown) {
      StatusBody.write(response, json, unknown.status(), unknown.getMessage());
      return;
    }
    if (target.isEmpty()) {
      chain.doFilter(request, response);
      return;
    }
    Optional<HttpHeaders> answer =
        controls
            .cors(target.get().bucket())
            .flatMap(
                policy ->
                    policy.preflightHeaders(
                        request.getHeader(HttpHeaders.ORIGIN),
                        request.getHeader(HttpHeaders.ACCESS_CONTROL_REQUEST_METHOD),
                        request.getHeader(HttpHeaders.ACCESS_CONTROL_REQUEST_HEADERS)));
    if (answer.isEmpty()) {
      StatusBody.write(
          response,
          json,
          HttpStatus.FORBIDDEN,
          "Origin, Access-Control-Request-Method: not allowed by the CORS policy of bucket "
              + target.get().bucket());
      return;
    }
    response.setStatus(HttpStatus.NO_CONTENT.value());
    answer
        .get()
        .forEach((name, values) -> values.forEach(value -> response.addHeader(name, value)));
  }
}
