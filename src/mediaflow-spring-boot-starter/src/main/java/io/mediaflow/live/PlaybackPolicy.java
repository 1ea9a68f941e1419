package io.mediaflow.live;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import io.mediaflow.api.InvalidRequestException;
import java.util.Arrays;
import java.util.Locale;

/**
 * Who may play a playback ID: anyone, or only a player with a token signed by a key of document 1.
 */
public enum PlaybackPolicy {
  PUBLIC,
  AUTHENTICATED;

  @JsonValue
  public String apiName() {
    return name().toLowerCase(Locale.ROOT);
  }

  @JsonCreator
  public static PlaybackPolicy parse(String name) {
    return Arrays.stream(values())
        .filter(policy -> policy.apiName().equals(name))
        .findFirst()
        .orElseThrow(() -> InvalidRequestException.rule("must be public or authenticated"));
  }
}
