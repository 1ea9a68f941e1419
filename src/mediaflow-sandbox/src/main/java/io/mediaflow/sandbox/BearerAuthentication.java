package io.mediaflow.sandbox;

import com.fasterxml.jackson.databind.ObjectMapper;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.web.servlet.HandlerInterceptor;
import org.springframework.web.servlet.config.annotation.InterceptorRegistry;

/**
 * Every call of the live streaming and content delivery APIs but the access token request needs
 * {@code Authorization: Bearer <token>} issued by that API; without one it is answered 401 with
 * {@code {"status": "failed", "error": ...}} before it reaches a controller.
 */
public final class BearerAuthentication implements HandlerInterceptor {

  private static final String PREFIX = "Bearer ";

  private final AccessTokens tokens;
  private final String api;
  private final ObjectMapper json;

  private BearerAuthentication(AccessTokens tokens, String api, ObjectMapper json) {
    this.tokens = tokens;
    this.api = api;
    this.json = json;
  }

  /**
   * Puts the bearer check in front of {@code /sandbox/<api>/v1/**}, all but the access token call.
   */
  public static void protect(
      InterceptorRegistry registry, AccessTokens tokens, String api, ObjectMapper json) {
    String base = "/sandbox/" + api + "/v1";
    registry
        .addInterceptor(new BearerAuthentication(tokens, api, json))
        .addPathPatterns(base + "/**")
        .excludePathPatterns(base + "/access_token/**");
  }

  @Override
  public boolean preHandle(HttpServletRequest request, HttpServletResponse response, Object handler)
      throws IOException {
    String header = request.getHeader(HttpHeaders.AUTHORIZATION);
    boolean bearer = header != null && header.regionMatches(true, 0, PREFIX, 0, PREFIX.length());
    if (bearer && tokens.isValid(api, header.substring(PREFIX.length()).strip())) {
      return true;
    }
    String error =
        bearer
            ? "Authorization: the access token is unknown or expired; get a new one with POST /v1/access_token/<api_key>"
            : "Authorization: missing; send 'Bearer <access_token>' from POST /v1/access_token/<api_key>";
    response.setHeader(HttpHeaders.WWW_AUTHENTICATE, "Bearer");
    StatusBody.write(response, json, HttpStatus.UNAUTHORIZED, error);
    return false;
  }
}
