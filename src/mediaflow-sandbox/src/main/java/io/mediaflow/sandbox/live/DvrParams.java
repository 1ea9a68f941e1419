package io.mediaflow.sandbox.live;

import java.util.List;

/**
 * A stream's {@code params.dvr}, defaults filled in. Destination and format keep the form they were
 * given in (one value or a list), so the stream JSON shows them as the caller sent them.
 *
 * @param enabled recording happens only when true; shown as 1 or 0
 * @param destinations where each recording file goes; empty when none was given
 * @param destinationList whether {@code destination} was given as an array
 * @param streamSource {@code original}, {@code transcoded} or {@code auto}
 * @param resolution which transcoded rendition is recorded
 * @param formats the recording containers, each written per file
 * @param formatList whether {@code format} was given as an array
 * @param maxFileDuration nominal seconds after which a new file is started
 */
record DvrParams(
    boolean enabled,
    List<LiveDvrDestination> destinations,
    boolean destinationList,
    String streamSource,
    String resolution,
    List<String> formats,
    boolean formatList,
    int maxFileDuration) {

  static final int DEFAULT_MAX_FILE_DURATION = 14_400;
  static final int MAX_FILE_DURATION_LIMIT = 21_600;

  static DvrParams disabled() {
    return new DvrParams(
        false,
        List.of(),
        false,
        "auto",
        "highest",
        List.of("mp4"),
        false,
        DEFAULT_MAX_FILE_DURATION);
  }
}
