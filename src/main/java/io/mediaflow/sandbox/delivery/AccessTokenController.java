package io.mediaflow.sandbox.delivery;

import com.fasterxml.jackson.annotation.JsonProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RestController;

/** {@code POST /v1/access_token/<api_key>}: the one call of the content delivery API that needs no bearer. */
@RestController
@ConditionalOnProperty(name = "mediaflow.sandbox.enabled", havingValue = "true", matchIfMissing = true)
class AccessTokenController {

  record AccessTokenResponse(@JsonProperty("access_token") String accessToken) {}

  private final AccessTokens tokens;

  AccessTokenController(AccessTokens tokens) {
    this.tokens = tokens;
  }

  @PostMapping(DeliveryWebConfiguration.API + "/access_token/{apiKey}")
  AccessTokenResponse issue(@PathVariable String apiKey) {
    return new AccessTokenResponse(tokens.issue(apiKey));
  }
}
