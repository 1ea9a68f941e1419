package io.mediaflow.sandbox.live;

import com.fasterxml.jackson.databind.ObjectMapper;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.stereotype.Component;
import org.springframework.web.servlet.HandlerInterceptor;

/**
 * Every live streaming call but the access token request needs {@code Authorization: Bearer <token>}; without a
 * valid one it is answered 401 before it reaches a controller.
 */
@Component
class BearerAuthentication implements HandlerInterceptor {

  private static final String PREFIX = "Bearer ";

  private final LiveAccessTokens tokens;
  private final ObjectMapper json;

  BearerAuthentication(LiveAccessTokens tokens, ObjectMapper json) {
    this.tokens = tokens;
    this.json = json;
  }

  @Override
  public boolean preHandle(HttpServletRequest request, HttpServletResponse response, Object handler)
      throws IOException {
    String header = request.getHeader(HttpHeaders.AUTHORIZATION);
    String problem;
    if (header == null || !header.regionMatches(true, 0, PREFIX, 0, PREFIX.length())) {
      problem = "Authorization: missing; send 'Authorization: Bearer <access_token>'";
    } else if (!tokens.isValid(header.substring(PREFIX.length()).strip())) {
      problem = "Authorization: the access token is unknown or expired; get a new one from /v1/access_token";
    } else {
      return true;
    }
    response.setStatus(HttpServletResponse.SC_UNAUTHORIZED);
    response.setContentType(MediaType.APPLICATION_JSON_VALUE);
    json.writeValue(response.getOutputStream(), LiveApiErrors.body(problem));
    return false;
  }
}
