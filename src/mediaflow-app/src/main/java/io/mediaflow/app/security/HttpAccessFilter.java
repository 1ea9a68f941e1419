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
 * Asks every HTTP caller for the configured credentials, except where a caller cannot have them and the path has
 * its own protection:
 *
 * <ul>
 *   <li>{@code /sandbox/} is the local stand-in for the service: its APIs ask for their own bearer tokens, as the
 *       real service does, and its storage answers signed URLs;
 *   <li>{@code /callbacks/} receives the service's callbacks, whose URLs carry a signature the receiver checks;
 *   <li>{@code /actuator/health} tells an orchestrator or a load balancer whether to send traffic, and nothing else.
 * </ul>
 */
final class HttpAccessFilter extends OncePerRequestFilter {

  private static final List<String> OWN_PROTECTION = List.of("/sandbox/", "/callbacks/", "/actuator/health/");
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
    return path.equals("/actuator/health") || OWN_PROTECTION.stream().anyMatch(path::startsWith);
  }

  @Override
  protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
      throws ServletException, IOException {
    if (access.accepts(request.getHeader(HttpHeaders.AUTHORIZATION))) {
      chain.doFilter(request, response);
      return;
    }
    response.setStatus(HttpServletResponse.SC_UNAUTHORIZED);
    response.setHeader(HttpHeaders.WWW_AUTHENTICATE, access.basic() ? BASIC_CHALLENGE : BEARER_CHALLENGE);
    response.setContentType(MediaType.APPLICATION_PROBLEM_JSON_VALUE);
    response.getWriter().write("{\"status\":401,\"title\":\"Unauthorized\",\"detail\":\"This Mediaflow asks for the"
        + " credentials configured under mediaflow.app.security (HTTP basic or a bearer token)\"}");
  }
}
