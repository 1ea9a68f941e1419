package io.mediaflow.sandbox.live;

import java.util.Map;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RestController;

/** {@code POST {live_base_url}/v1/access_token/{api_key}}: the one call that needs no bearer token. */
@RestController
@ConditionalOnProperty(name = "mediaflow.sandbox.enabled", havingValue = "true", matchIfMissing = true)
class AccessTokenController {

  private final LiveAccessTokens tokens;

  AccessTokenController(LiveAccessTokens tokens) {
    this.tokens = tokens;
  }

  @PostMapping(LiveWebConfiguration.API + "/access_token/{apiKey}")
  Map<String, String> accessToken(@PathVariable String apiKey) {
    return Map.of("access_token", tokens.issue(apiKey));
  }
}
