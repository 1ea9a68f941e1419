package io.mediaflow.transcoding.internal.check;

import io.mediaflow.api.ApiException;
import io.mediaflow.api.StorageAddresses;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * Proves a job's renditions as their users would find them, before a process ends on them: each
 * rendition's file or playlist answers, and its picture size and duration, read from the files
 * (never from the job's status), are what was asked. Nothing here is paid work or changes state at
 * the service: one GET per file a player opens first (an HLS master playlist, each variant's media
 * playlist, a DASH manifest, an MP4's boxes, an image's header).
 *
 * <ul>
 *   <li>HLS: the master playlist's {@code RESOLUTION} for each variant (else the fMP4
 *       initialization segment's {@code tkhd}), the sum of the media playlist's {@code #EXTINF}
 *       durations, and {@code #EXT-X-ENDLIST}, without which the playlist is not complete. The
 *       renditions listed with one URL are that master playlist's variants, in order.
 *   <li>DASH: the manifest's {@code mediaPresentationDuration}, and each video representation's
 *       size from its initialization segment's {@code tkhd} (else as the manifest declares it), in
 *       order.
 *   <li>MP4, MOV: {@code moov/mvhd}'s duration and the video track's {@code tkhd} size ({@link
 *       IsoBmffMovie}).
 *   <li>WebM and other containers: that the file answers; size and duration are not read, and the
 *       result says so.
 *   <li>Images: a JPEG, PNG, WebP or GIF header with a size.
 * </ul>
 *
 * What was asked is a ladder rung's size ({@link AskedPicture}) and the source's duration, within
 * {@link #tolerance}. A rung the result does not list may have been left out as document 3 says the
 * service leaves out a rung larger than the source unless told to upscale; that is accepted, and
 * named, only when the rung is larger than the source (or, when the source's size is unknown, than
 * every rendition delivered). Every other difference is a problem: the check ends with the BPMN
 * error {@value #NOT_DELIVERED}, naming each rendition, its URL, what it got, what was asked and
 * what to do.
 */
public final class RenditionCheck {

  public static final String NOT_DELIVERED = "RENDITIONS_NOT_DELIVERED";

  private final OutputReader reader;

  /**
   * @param storage where an {@code s3://<bucket>/<path>} output of the service's media storage is
   *     read over HTTP; null when no storage address is configured
   */
  public RenditionCheck(OutputFiles files, StorageAddresses storage) {
    this.reader = new OutputReader(files, storage);
  }

  /** A rendition as the job's result lists it. */
  public record Listed(String tag, String url) {}

  /** What is known of the source; any part may be null. */
  public record Source(Integer width, Integer height, Double duration) {
    static final Source UNKNOWN = new Source(null, null, null);

    boolean sized() {
      return width != null && height != null && width > 0 && height > 0;
    }
  }

  /**
   * A rendition as read from its files.
   *
   * @param url the URL the result lists, without its query (which may carry a token)
   * @param read the file its size and duration were read from, without its query
   * @param resolution {@code 1280x720}, null when not read (see {@code notRead})
   * @param duration seconds
   * @param segments an HLS rendition's segment count
   * @param asked the size that was asked
   * @param notRead what the check could not read from this kind of file, null when it read all
   */
  public record Proved(
      String tag,
      String url,
      String read,
      String resolution,
      Double duration,
      Integer segments,
      String asked,
      String notRead) {}

  public record ProvedImage(String url, String format, String resolution) {}

  /** A rung the result does not list, as document 3 lets the service leave it out. */
  public record LeftOut(String tag, String asked, String reason) {}

  /** The check's result: every rendition and image proved, and the rungs rightly left out. */
  public record Proof(List<Proved> renditions, List<ProvedImage> images, List<LeftOut> leftOut) {}

  /**
   * @param ladder the rungs asked for, each with the API's field names ({@code resolution}, {@code
   *     size}, {@code width}, {@code height}, {@code user_tag}); null or empty to prove only that
   *     the renditions answer, agree in duration and match the source's duration
   * @param images image outputs' URLs, each proved to be an image
   * @param tolerance how far a duration may be from the source's, in seconds; null for the default
   *     ({@link #tolerance})
   */
  public Proof check(
      List<Listed> renditions,
      List<Map<String, Object>> ladder,
      Source source,
      List<String> images,
      Double tolerance) {
    Source known = source == null ? Source.UNKNOWN : source;
    List<Listed> listed = renditions == null ? List.of() : renditions;
    List<Map<String, Object>> rungs = ladder == null ? List.of() : ladder;
    var problems = new ArrayList<Problem>();

    var ladderAsked = new AskedLadder(rungs, known);
    Map<Integer, Integer> rungOf = ladderAsked.match(listed, problems);
    List<Reading> readings = reader.renditions(listed, problems);

    var proved = new ArrayList<Proved>();
    double expectedDuration = expectedDuration(known, readings);
    double allowed = tolerance != null ? tolerance : tolerance(expectedDuration);
    for (int i = 0; i < listed.size(); i++) {
      Reading reading = readings.get(i);
      if (reading == null) {
        continue;
      }
      Listed rendition = listed.get(i);
      Integer rung = rungOf.get(i);
      AskedPicture asked =
          rung == null ? AskedPicture.of(Map.of(), null, null) : ladderAsked.expected(rung);
      String tag = ladderAsked.tag(rendition, rung, i);
      String url = OutputReader.shown(rendition.url());
      String askedText = asked.describe();
      if (reading.width() != null && !asked.matches(reading.width(), reading.height())) {
        if (ladderAsked.atUnknownSourceSize(rung, listed.size(), asked, reading)) {
          askedText += ", or the source's size when smaller (document 3)";
        } else {
          problems.add(
              new Problem(
                  tag,
                  url,
                  "a picture of "
                      + reading.width()
                      + "x"
                      + reading.height()
                      + " in "
                      + reading.read(),
                  askedText,
                  "encode again on a new task with a ladder the source can give (document 3: a"
                      + " rung larger than the source is left out, unless told to upscale)"));
        }
      }
      if (reading.segments() != null && reading.segments() == 0) {
        problems.add(
            new Problem(
                tag,
                url,
                "a media playlist without segments",
                "the rendition's segments",
                "encode again on a new task"));
      } else if (reading.ended() != null && !reading.ended()) {
        problems.add(
            new Problem(
                tag,
                reading.read(),
                "a media playlist without #EXT-X-ENDLIST (not complete)",
                "a complete video-on-demand playlist",
                "check again later, or encode again on a new task"));
      }
      if (reading.duration() != null
          && expectedDuration > 0
          && Math.abs(reading.duration() - expectedDuration) > allowed) {
        problems.add(
            new Problem(
                tag,
                reading.read(),
                String.format(Locale.ROOT, "%.2f s of media", reading.duration()),
                String.format(
                    Locale.ROOT,
                    "%.2f s (%s, within %.2f s)",
                    expectedDuration,
                    known.duration() != null ? "the source's duration" : "the longest rendition's",
                    allowed),
                "encode again on a new task: the rendition is cut short or padded"));
      }
      proved.add(
          new Proved(
              tag,
              url,
              reading.read(),
              reading.width() == null ? null : reading.width() + "x" + reading.height(),
              reading.duration() == null ? null : Math.round(reading.duration() * 100) / 100.0,
              reading.segments(),
              askedText,
              reading.notRead()));
    }
    List<LeftOut> leftOut = ladderAsked.leftOut(listed, rungOf, readings, problems);
    List<ProvedImage> provedImages = reader.images(images, problems);
    if (!problems.isEmpty()) {
      throw notDelivered(problems, listed.size());
    }
    return new Proof(List.copyOf(proved), provedImages, leftOut);
  }

  /**
   * How far a rendition's duration may be from the source's: a second, or 2 % of a long source.
   * Segmenting cuts at key frames and the sound may run a little past the picture, but a rendition
   * missing a segment (9 s by default) is outside it.
   */
  static double tolerance(double expected) {
    return Math.max(1.0, expected * 0.02);
  }

  /** The source's duration; unknown, the longest rendition's, so that they must agree. */
  private static double expectedDuration(Source source, List<Reading> readings) {
    if (source.duration() != null && source.duration() > 0) {
      return source.duration();
    }
    return readings.stream()
        .filter(reading -> reading != null && reading.duration() != null)
        .mapToDouble(Reading::duration)
        .max()
        .orElse(0);
  }

  private static ApiException.Rejected notDelivered(List<Problem> problems, int renditions) {
    var todo = problems.stream().map(Problem::todo).distinct().collect(Collectors.joining("; "));
    String message =
        problems.size()
            + (problems.size() == 1 ? " thing is" : " things are")
            + " not as asked among "
            + renditions
            + " renditions: "
            + problems.stream().map(Problem::line).collect(Collectors.joining("; "))
            + ". What to do: "
            + todo
            + ".";
    var details = new LinkedHashMap<String, Object>();
    details.put("problems", problems);
    return new ApiException.Rejected(NOT_DELIVERED, message, details);
  }
}
