package io.mediaflow.live;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import io.mediaflow.api.InvalidRequestException;
import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.Collectors;

/** The states of document 2's state table, by their {@code status.name}. */
public enum StreamState {
  CREATED,
  STARTING,
  WAITING,
  LAUNCHING,
  LIVE,
  IDLE,
  STOPPING,
  STOPPED;

  public static final String NAMES =
      Arrays.stream(values()).map(StreamState::apiName).collect(Collectors.joining(", "));

  @JsonValue
  public String apiName() {
    return name().toLowerCase(Locale.ROOT);
  }

  public static Optional<StreamState> named(String name) {
    return Arrays.stream(values()).filter(state -> state.apiName().equals(name)).findFirst();
  }

  /** Reads a state a process names; anything else is refused with the list of states. */
  @JsonCreator
  public static StreamState parse(String name) {
    return named(name).orElseThrow(() -> InvalidRequestException.rule("must be one of " + NAMES));
  }
}
