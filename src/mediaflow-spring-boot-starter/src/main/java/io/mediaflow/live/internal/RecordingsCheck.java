package io.mediaflow.live.internal;

import io.mediaflow.api.InvalidRequestException;
import io.mediaflow.live.Dvr;
import io.mediaflow.live.Stream;
import io.mediaflow.live.StreamState;
import java.net.URI;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * Whether a stream's recordings cover the time it was on air, as its user would check: every
 * recording of each format listed in the destination ({@link DvrRecordings}), each file's length
 * read from its own bytes ({@link RecordingDurations}), added up and set against the live periods
 * the stream's status timestamps give.
 *
 * <p>The tolerance: the recorded seconds of a format may fall short of the seconds on air by the
 * tolerance once per live period (2 s by default). Status timestamps are whole seconds, so a period
 * read from them is up to a second longer or shorter than it was; and a recording starts at a key
 * frame, up to one key frame interval after the moment the stream went live (an encoder's interval
 * is 1 to 2 s). More recorded than on air is no fault: recording may begin while the stream is
 * still launching.
 *
 * <p>And the end of the show must be in: the file that was open as the stream left live is finished
 * then, so it cannot be stored before; until a file stored since then is listed, the show's end is
 * still on its way (a short last file would otherwise hide within the tolerance). This sets the
 * service's timestamps against the storage's times, so it reads them in the service's zone.
 *
 * <p>A file is measured once: its length is kept, by its URL, size and time of storing, for the
 * next check ({@link Outcome#measured()}). The check reads the storage only; it asks the service
 * for nothing and changes nothing.
 */
public final class RecordingsCheck {

  /** The status timestamp's form, {@code YYYY-MM-DD HH:MM:SS} (document 2). */
  private static final DateTimeFormatter SERVICE_TIME =
      DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss", Locale.ROOT);

  private static final DateTimeFormatter CLOCK =
      DateTimeFormatter.ofPattern("HH:mm:ss", Locale.ROOT).withZone(ZoneOffset.UTC);

  /** How many files a message names. */
  private static final int FILES_NAMED = 8;

  /**
   * A period on air: when the stream went live, and when it left live; {@code to} null: not yet.
   */
  public record OnAir(String from, String to) {}

  /**
   * One destination and format, checked.
   *
   * @param recorded the seconds its files play, added up; null when not listed
   * @param expected the seconds on air the files must cover, less the tolerance; null when not
   *     listed
   * @param covered whether they do; null for a destination that cannot be listed (not {@code
   *     s3://}), which is not checked
   */
  public record Coverage(
      String folder,
      String format,
      String pattern,
      boolean listed,
      List<DvrRecordings.RecordingFile> files,
      Double recorded,
      Double expected,
      Boolean covered) {}

  /**
   * What one check saw.
   *
   * @param complete every listed location covers the time on air
   * @param locations each destination and format, its files with their lengths
   * @param measured the lengths read so far, by file, for the next check
   * @param progress in a few words, for a check that goes on
   * @param missing what is missing, for a message (null when complete)
   * @param details the same in fields, for the process
   */
  public record Outcome(
      boolean complete,
      List<Coverage> locations,
      Map<String, Object> measured,
      String progress,
      String missing,
      Map<String, Object> details) {}

  private final DvrRecordings recordings;
  private final DvrStorage storage;
  private final ZoneId serviceZone;

  /**
   * @param serviceZone the zone of the service's status timestamps, which document 2 does not give
   *     ({@code mediaflow.live.status-time-zone}, UTC by default): only where the show's end is set
   *     against the storage's times depends on it
   */
  public RecordingsCheck(DvrRecordings recordings, DvrStorage storage, ZoneId serviceZone) {
    this.recordings = recordings;
    this.storage = storage;
    this.serviceZone = serviceZone;
  }

  /**
   * @param onAir the live periods, as the stream's status timestamps gave them; the last one may be
   *     open, and is then closed with the stream's own timestamp once it has left live
   * @param tolerance how far the recordings may fall short, per live period
   * @param measuredBefore the lengths an earlier check read ({@link Outcome#measured()}), or null
   */
  public Outcome check(
      Stream stream,
      Dvr given,
      List<OnAir> onAir,
      Duration tolerance,
      Duration lifetime,
      Map<String, Object> measuredBefore) {
    List<Instant[]> periods = periods(stream, onAir, serviceZone);
    boolean stillOnAir = periods.stream().anyMatch(period -> period[1] == null);
    double onAirSeconds =
        periods.stream()
            .filter(period -> period[1] != null)
            .mapToDouble(period -> Duration.between(period[0], period[1]).toMillis() / 1000.0)
            .sum();
    double expected = Math.max(0, onAirSeconds - tolerance.toMillis() / 1000.0 * periods.size());
    DvrRecordings.Listing listing = recordings.locate(stream, given, lifetime);
    var measured = new LinkedHashMap<String, Object>();
    if (measuredBefore != null) {
      measured.putAll(measuredBefore);
    }
    var checked = new ArrayList<Coverage>();
    for (DvrRecordings.Location location : listing.locations()) {
      if (!location.listed()) {
        checked.add(
            new Coverage(
                location.folder(),
                location.format(),
                location.pattern(),
                false,
                location.files(),
                null,
                null,
                null));
        continue;
      }
      var files = new ArrayList<DvrRecordings.RecordingFile>();
      double recorded = 0;
      boolean unreadable = false;
      for (DvrRecordings.RecordingFile file : location.files()) {
        Object length = measured.computeIfAbsent(key(file), key -> measure(file));
        if (length instanceof Number seconds) {
          recorded += seconds.doubleValue();
          files.add(file.withDuration(seconds.doubleValue()));
        } else {
          unreadable = true;
          files.add(file);
        }
      }
      recorded = Math.round(recorded * 1000) / 1000.0;
      checked.add(
          new Coverage(
              location.folder(),
              location.format(),
              location.pattern(),
              true,
              List.copyOf(files),
              recorded,
              expected,
              !stillOnAir
                  && !unreadable
                  && recorded >= expected
                  && endStored(periods, location.files())));
    }
    boolean complete =
        !stillOnAir && checked.stream().allMatch(c -> c.covered() == null || c.covered());
    if (complete) {
      return new Outcome(true, List.copyOf(checked), measured, "covered", null, Map.of());
    }
    String progress =
        stillOnAir
            ? "stream " + stream.id() + " still on air"
            : checked.stream()
                .filter(c -> Boolean.FALSE.equals(c.covered()))
                .map(
                    c ->
                        String.format(
                            Locale.ROOT,
                            "%s %.1f of %.1f s",
                            c.format(),
                            c.recorded(),
                            onAirSeconds))
                .reduce((a, b) -> a + ", " + b)
                .map(recorded -> "recorded " + recorded)
                .orElse("recording");
    return new Outcome(
        false,
        List.copyOf(checked),
        measured,
        progress,
        missing(stream, periods, onAirSeconds, tolerance, checked, measured, stillOnAir),
        stillOnAir
            ? Map.of("streamId", stream.id(), "stillOnAir", true)
            : details(stream, periods, onAirSeconds, tolerance, checked, measured));
  }

  /**
   * Whether the file that holds the end of the show has been stored: the recording of the last
   * moment on air cannot be stored before that moment, so some file must be stored no earlier than
   * the second the stream left live (its timestamp, whole seconds, is at or before that moment). A
   * short last file still on its way hides within the tolerance of the seconds added up; it does
   * not hide here. This takes the storage's clock and the service's to agree to within the time a
   * transfer takes.
   */
  private static boolean endStored(
      List<Instant[]> periods, List<DvrRecordings.RecordingFile> files) {
    if (periods.isEmpty()) {
      return true;
    }
    Instant end = periods.get(periods.size() - 1)[1];
    return end == null
        || files.stream()
            .map(DvrRecordings.RecordingFile::lastModified)
            .anyMatch(stored -> stored != null && !stored.isBefore(end));
  }

  /** The length of a file, or why it cannot be read, as kept between checks. */
  private Object measure(DvrRecordings.RecordingFile file) {
    String name = file.url();
    try {
      return RecordingDurations.seconds(
          name,
          file.size(),
          (from, length) -> storage.read(URI.create(file.downloadUrl()), from, length, name));
    } catch (RecordingDurations.Unreadable unreadable) {
      return "unreadable: " + unreadable.getMessage();
    }
  }

  private static String key(DvrRecordings.RecordingFile file) {
    return file.url() + "@" + file.size() + "@" + file.lastModified();
  }

  /**
   * The periods as instants: the service's timestamps are read in its zone (document 2 gives none;
   * a duration does not depend on it, only the show's end set against the storage's times, and the
   * ranges a message names).
   */
  private static List<Instant[]> periods(Stream stream, List<OnAir> onAir, ZoneId zone) {
    var periods = new ArrayList<Instant[]>();
    List<OnAir> given = onAir == null ? List.of() : onAir;
    for (int i = 0; i < given.size(); i++) {
      OnAir period = given.get(i);
      if (period == null || period.from() == null) {
        throw InvalidRequestException.field("onAir[" + (i + 1) + "].from", "is required");
      }
      Instant from = instant(period.from(), "onAir[" + (i + 1) + "].from", zone);
      Instant to =
          period.to() == null ? null : instant(period.to(), "onAir[" + (i + 1) + "].to", zone);
      if (to == null && i == given.size() - 1) {
        to = leftLiveAt(stream, zone);
      }
      if (to == null && i < given.size() - 1) {
        throw InvalidRequestException.field(
            "onAir[" + (i + 1) + "].to", "is required for a period before the last");
      }
      if (to != null && to.isBefore(from)) {
        throw InvalidRequestException.field(
            "onAir[" + (i + 1) + "]",
            "ends before it begins: " + period.from() + " to " + period.to());
      }
      periods.add(new Instant[] {from, to});
    }
    return periods;
  }

  /** When a stream that is no longer live left live: its status timestamp; null while live. */
  private static Instant leftLiveAt(Stream stream, ZoneId zone) {
    Optional<StreamState> state =
        stream.status() == null ? Optional.empty() : stream.status().state();
    boolean gone =
        state.isPresent()
            && (state.get() == StreamState.IDLE
                || state.get() == StreamState.STOPPING
                || state.get() == StreamState.STOPPED);
    if (!gone) {
      return null;
    }
    return stream.status().enteredAt().map(at -> at.atZone(zone).toInstant()).orElse(null);
  }

  /**
   * A period's bound: a status timestamp in the service's {@code zone}, or an ISO-8601 instant or
   * local date and time (read in that zone).
   */
  public static Instant instant(String text, String field, ZoneId zone) {
    try {
      return LocalDateTime.parse(text, SERVICE_TIME).atZone(zone).toInstant();
    } catch (DateTimeParseException notTheService) {
      try {
        return Instant.parse(text);
      } catch (DateTimeParseException notAnInstant) {
        try {
          return LocalDateTime.parse(text).atZone(zone).toInstant();
        } catch (DateTimeParseException none) {
          throw InvalidRequestException.field(
              field, "must be a status timestamp (YYYY-MM-DD HH:MM:SS) or an ISO-8601 instant");
        }
      }
    }
  }

  private static String missing(
      Stream stream,
      List<Instant[]> periods,
      double onAirSeconds,
      Duration tolerance,
      List<Coverage> checked,
      Map<String, Object> measured,
      boolean stillOnAir) {
    if (stillOnAir) {
      return "Live stream " + stream.id() + " is still on air: its recordings are not all made yet";
    }
    var text = new StringBuilder();
    text.append("Live stream ")
        .append(stream.id())
        .append(" was on air ")
        .append(seconds(onAirSeconds))
        .append(" (")
        .append(String.join(", ", periods.stream().map(RecordingsCheck::range).toList()))
        .append("), but its recordings do not cover it");
    for (Coverage c : checked) {
      if (!Boolean.FALSE.equals(c.covered())) {
        continue;
      }
      text.append("; in ")
          .append(c.folder())
          .append(" (")
          .append(c.format())
          .append(") they add up to ")
          .append(seconds(c.recorded()))
          .append(": ")
          .append(seconds(onAirSeconds - c.recorded()))
          .append(" missing");
      if (!endStored(periods, c.files())) {
        Instant end = periods.get(periods.size() - 1)[1];
        text.append("; the end of the show is not in: no file stored since ")
            .append(CLOCK.format(end))
            .append(" UTC, when the stream left live");
      }
      List<String> gaps = gaps(periods, c.files(), tolerance);
      if (!gaps.isEmpty()) {
        text.append(", about ")
            .append(String.join(", ", gaps))
            .append(" UTC by when the storage received each file");
      }
      text.append("; found ").append(found(c, measured));
    }
    return text.append(
            ". A file still being transferred appears later: wait and check again. Otherwise the"
                + " service lost part of the recording: ask its support for the missing part, or go"
                + " on with what was recorded")
        .toString();
  }

  /** The files of a location with their lengths, or what made one unreadable. */
  private static String found(Coverage c, Map<String, Object> measured) {
    if (c.files().isEmpty()) {
      return "no file of the stream (pattern " + c.pattern() + ")";
    }
    var named = new ArrayList<String>();
    for (DvrRecordings.RecordingFile file : c.files()) {
      if (named.size() == FILES_NAMED) {
        named.add("... (" + c.files().size() + " files)");
        break;
      }
      String name = file.url().substring(file.url().lastIndexOf('/') + 1);
      named.add(
          file.duration() != null
              ? name + " (" + seconds(file.duration()) + ")"
              : name + " (" + measured.get(key(file)) + ")");
    }
    return String.join(", ", named);
  }

  /**
   * The parts of the live periods no file covers, each file taken to cover the seconds before the
   * storage received it: an estimate (a transfer that took time moves it later), for a person to
   * know where to look.
   */
  private static List<String> gaps(
      List<Instant[]> periods, List<DvrRecordings.RecordingFile> files, Duration tolerance) {
    var covered = new ArrayList<Instant[]>();
    for (DvrRecordings.RecordingFile file : files) {
      if (file.duration() != null && file.lastModified() != null) {
        covered.add(
            new Instant[] {
              file.lastModified().minusMillis((long) (file.duration() * 1000)), file.lastModified()
            });
      }
    }
    covered.sort((a, b) -> a[0].compareTo(b[0]));
    var gaps = new ArrayList<String>();
    for (Instant[] period : periods) {
      Instant at = period[0];
      for (Instant[] part : covered) {
        if (part[1].isBefore(at) || !part[0].isBefore(period[1])) {
          continue;
        }
        if (part[0].isAfter(at)) {
          gap(gaps, at, part[0], tolerance);
        }
        if (part[1].isAfter(at)) {
          at = part[1];
        }
      }
      if (at.isBefore(period[1])) {
        gap(gaps, at, period[1], tolerance);
      }
    }
    return gaps;
  }

  private static void gap(List<String> gaps, Instant from, Instant to, Duration tolerance) {
    if (Duration.between(from, to).compareTo(tolerance) > 0) {
      gaps.add(CLOCK.format(from) + "-" + CLOCK.format(to));
    }
  }

  private static String range(Instant[] period) {
    return SERVICE_TIME.format(LocalDateTime.ofInstant(period[0], ZoneOffset.UTC))
        + " to "
        + SERVICE_TIME.format(LocalDateTime.ofInstant(period[1], ZoneOffset.UTC));
  }

  private static String seconds(double seconds) {
    return String.format(Locale.ROOT, "%.1f s", seconds);
  }

  private static Map<String, Object> details(
      Stream stream,
      List<Instant[]> periods,
      double onAirSeconds,
      Duration tolerance,
      List<Coverage> checked,
      Map<String, Object> measured) {
    var details = new LinkedHashMap<String, Object>();
    details.put("streamId", stream.id());
    details.put(
        "onAir",
        periods.stream()
            .map(
                period -> {
                  var p = new LinkedHashMap<String, Object>();
                  p.put("from", period[0].toString());
                  p.put("to", period[1] == null ? null : period[1].toString());
                  return p;
                })
            .toList());
    details.put("onAirSeconds", onAirSeconds);
    details.put("toleranceSeconds", tolerance.toMillis() / 1000.0 * periods.size());
    var locations = new ArrayList<Map<String, Object>>();
    for (Coverage c : checked) {
      if (!Boolean.FALSE.equals(c.covered())) {
        continue;
      }
      var location = new LinkedHashMap<String, Object>();
      location.put("folder", c.folder());
      location.put("format", c.format());
      location.put("recordedSeconds", c.recorded());
      location.put("missingSeconds", Math.max(0, onAirSeconds - c.recorded()));
      location.put("missingRanges", gaps(periods, c.files(), tolerance));
      location.put(
          "files",
          c.files().stream()
              .map(
                  file -> {
                    var f = new LinkedHashMap<String, Object>();
                    f.put("url", file.url());
                    f.put("lastModified", String.valueOf(file.lastModified()));
                    f.put(
                        "duration",
                        file.duration() != null ? file.duration() : measured.get(key(file)));
                    return f;
                  })
              .toList());
      locations.add(location);
    }
    details.put("incomplete", locations);
    return details;
  }
}
