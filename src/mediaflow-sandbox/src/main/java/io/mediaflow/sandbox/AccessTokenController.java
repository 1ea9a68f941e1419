package io.mediaflow.sandbox;

import java.util.Map;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * {@code POST {live_base_url}/v1/access_token/<api_key>} and {@code POST
 * {cdn_base_url}/v1/access_token/<api_key>}: the one call of those APIs that needs no bearer token.
 */
@RestController
class AccessTokenController {

  private final AccessTokens tokens;

  AccessTokenController(AccessTokens tokens) {
    this.tokens = tokens;
  }

  /*
   * One mapping per API rather than one with an {api} variable: request metrics (Spring MVC's
   * http.server.requests) and /sandbox/stats name an endpoint by its path template, and each API's
   * token requests are then counted apart, as its other requests are.
   */
  @PostMapping("/sandbox/live/v1/access_token/{apiKey}")
  ResponseEntity<?> issueLive(@PathVariable String apiKey) {
    return issue("live", apiKey);
  }

  @PostMapping("/sandbox/cdn/v1/access_token/{apiKey}")
  ResponseEntity<?> issueCdn(@PathVariable String apiKey) {
    return issue("cdn", apiKey);
  }

  private ResponseEntity<?> issue(String api, String apiKey) {
    return tokens
        .issue(api, apiKey)
        .<ResponseEntity<?>>map(token -> ResponseEntity.ok(Map.of("access_token", token)))
        .orElseGet(
            () ->
                StatusBody.response(
                    HttpStatus.UNAUTHORIZED, "api_key: not an API key of this project"));
  }
}
