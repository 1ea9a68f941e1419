package io.mediaflow.live;

import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.Optional;

/**
 * A stream's status: the state's name and when it was entered.
 *
 * @param name one of the {@link StreamState}s, kept as the service sends it so an unknown state
 *     still reads
 * @param timestamp {@code YYYY-MM-DD HH:MM:SS}, updated on every status change
 */
public record StreamStatus(String name, String timestamp) {

  private static final DateTimeFormatter TIMESTAMP =
      DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss");

  /** The state, or empty for a name document 2 does not list. */
  public Optional<StreamState> state() {
    return StreamState.named(name);
  }

  /** When the state was entered, in the service's clock (the document gives no time zone). */
  public Optional<LocalDateTime> enteredAt() {
    try {
      return Optional.of(LocalDateTime.parse(timestamp, TIMESTAMP));
    } catch (RuntimeException unreadable) {
      return Optional.empty();
    }
  }
}
