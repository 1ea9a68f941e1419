package io.mediaflow.sandbox.delivery;

import com.fasterxml.jackson.databind.ObjectMapper;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.web.servlet.HandlerInterceptor;

/** Refuses every content delivery API call without a valid {@code Authorization: Bearer <access token>}. */
class BearerAuthInterceptor implements HandlerInterceptor {

  private static final String PREFIX = "Bearer ";

  private final AccessTokens tokens;
  private final ObjectMapper json;

  BearerAuthInterceptor(AccessTokens tokens, ObjectMapper json) {
    this.tokens = tokens;
    this.json = json;
  }

  @Override
  public boolean preHandle(HttpServletRequest request, HttpServletResponse response, Object handler)
      throws IOException {
    String header = request.getHeader(HttpHeaders.AUTHORIZATION);
    boolean bearer = header != null && header.regionMatches(true, 0, PREFIX, 0, PREFIX.length());
    if (bearer && tokens.isValid(header.substring(PREFIX.length()).strip())) {
      return true;
    }
    response.setHeader(HttpHeaders.WWW_AUTHENTICATE, "Bearer");
    String error = bearer
        ? "Authorization: the access token is unknown or expired; get a new one with POST /v1/access_token/<api_key>"
        : "Authorization: required as 'Bearer <access token>' from POST /v1/access_token/<api_key>";
    StatusBody.write(response, json, new DeliveryException(HttpStatus.UNAUTHORIZED, error));
    return false;
  }
}
