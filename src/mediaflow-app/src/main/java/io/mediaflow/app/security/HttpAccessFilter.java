package io.mediaflow.app.security;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.List;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * Asks every HTTP caller for the configured credentials, except where a caller cannot have them and
 * the path has its own protection:
 *
 * <ul>
 *   <li>{@code /sandbox/}, for callers on this machine only (the workers, a local player): it is
 *       the local stand-in for the service, whose API key is public and whose storage takes any
 *       upload, so from elsewhere it asks for the credentials like the rest;
 *   <li>{@code /callbacks/} receives the service's callbacks, whose URLs carry a signature the
 *       receiver checks;
 *   <li>{@code /documents/links/} serves document links, each signed and expiring;
 *   <li>{@code /actuator/health} tells an orchestrator or a load balancer whether to send traffic,
 *       and nothing else.
 * </ul>
 */
final class HttpAccessFilter extends OncePerRequestFilter {

  private static final String SANDBOX = "/sandbox/";
  private static final List<String> OWN_PROTECTION =
      List.of("/callbacks/", "/documents/links/", "/actuator/health/");

  /** A browser opening the console asks for a username and password on this. */
  private static final String BASIC_CHALLENGE = "Basic realm=\"Mediaflow\", charset=\"UTF-8\"";

  private static final String BEARER_CHALLENGE = "Bearer realm=\"Mediaflow\"";

  private final AccessProperties access;

  HttpAccessFilter(AccessProperties access) {
    this.access = access;
  }

  @Override
  protected boolean shouldNotFilter(HttpServletRequest request) {
    String path = request.getRequestURI().substring(request.getContextPath().length());
    if (path.startsWith(SANDBOX)) {
      return AccessProperties.loopback(request.getRemoteAddr());
    }
    return path.equals("/actuator/health") || OWN_PROTECTION.stream().anyMatch(path::startsWith);
  }

  @Override
  protected void doFilterInternal(
      HttpServletRequest request, HttpServletResponse response, FilterChain chain)
      throws ServletException, IOException {
    if (access.accepts(request.getHeader(HttpHeaders.AUTHORIZATION))) {
      chain.doFilter(request, response);
      return;
    }
    response.setStatus(HttpServletResponse.SC_UNAUTHORIZED);
    response.setHeader(
        HttpHeaders.WWW_AUTHENTICATE, access.basic() ? BASIC_CHALLENGE : BEARER_CHALLENGE);
    response.setContentType(MediaType.APPLICATION_PROBLEM_JSON_VALUE);
    response
        .getWriter()
        .write(
            "{\"status\":401,\"title\":\"Unauthorized\",\"detail\":\"This Mediaflow asks for the"
                + " credentials configured under mediaflow.app.security (HTTP basic or a bearer token)\"}");
  }
}
