package io.mediaflow.transcoding.internal.check;

import io.mediaflow.api.ApiException;
import io.mediaflow.api.InvalidRequestException;
import io.mediaflow.api.StorageAddresses;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;
import okhttp3.HttpUrl;

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

  /** The default name of an HLS output's master playlist in its folder (document 3). */
  static final String HLS_PLAYLIST = "playlist.m3u8";

  private static final byte[] EBML = {0x1a, 0x45, (byte) 0xdf, (byte) 0xa3};

  private final OutputFiles files;
  private final StorageAddresses storage;

  /**
   * @param storage where an {@code s3://<bucket>/<path>} output of the service's media storage is
   *     read over HTTP; null when no storage address is configured
   */
  public RenditionCheck(OutputFiles files, StorageAddresses storage) {
    this.files = files;
    this.storage = storage;
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
   * One thing that is not as asked.
   *
   * @param tag the rendition's tag (or the rung's, or {@code image})
   * @param url the URL concerned, without its query
   */
  public record Problem(String tag, String url, String got, String expected, String todo) {
    String line() {
      return tag + (url == null ? "" : " (" + url + ")") + ": " + got + "; expected " + expected;
    }
  }

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

    Map<Integer, Integer> rungOf = match(listed, rungs, known, problems);
    List<Reading> readings = read(listed, problems);

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
          rung == null ? AskedPicture.of(Map.of(), null, null) : expected(rungs, rung, known);
      String tag = tag(rendition, rungs, rung, i);
      String url = shown(rendition.url());
      String askedText = asked.describe();
      if (reading.width() != null && !asked.matches(reading.width(), reading.height())) {
        if (atUnknownSourceSize(known, rung, listed.size(), asked, reading)) {
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
    List<LeftOut> leftOut = leftOut(listed, rungs, rungOf, known, readings, problems);
    List<ProvedImage> provedImages = images(images, problems);
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

  // ---- which rendition is which rung

  /**
   * The rung of each rendition, by index: by {@code user_tag} when every rung has its own, else by
   * position, leaving out first the rungs larger than a source of known size.
   */
  private static Map<Integer, Integer> match(
      List<Listed> listed, List<Map<String, Object>> rungs, Source source, List<Problem> problems) {
    var rungOf = new HashMap<Integer, Integer>();
    if (rungs.isEmpty()) {
      return rungOf;
    }
    List<String> tags = rungs.stream().map(RenditionCheck::userTag).toList();
    boolean tagged =
        tags.stream().allMatch(tag -> tag != null && !tag.isBlank())
            && tags.stream().distinct().count() == tags.size();
    if (tagged) {
      for (int i = 0; i < listed.size(); i++) {
        int rung = tags.indexOf(listed.get(i).tag());
        if (rung >= 0 && !rungOf.containsValue(rung)) {
          rungOf.put(i, rung);
        }
      }
      return rungOf;
    }
    List<Integer> candidates = new ArrayList<>();
    for (int r = 0; r < rungs.size(); r++) {
      candidates.add(r);
    }
    if (listed.size() != rungs.size() && source.sized()) {
      candidates = kept(rungs, source);
    }
    if (candidates.size() != listed.size()) {
      problems.add(
          new Problem(
              "ladder",
              null,
              listed.size()
                  + " renditions for "
                  + rungs.size()
                  + " rungs without distinct user tags",
              "one rendition per rung that fits the source",
              "give each rung its own user_tag, so that each rendition is known by its rung"));
      return rungOf;
    }
    for (int i = 0; i < listed.size(); i++) {
      rungOf.put(i, candidates.get(i));
    }
    return rungOf;
  }

  /**
   * The rungs a source of known size keeps (document 3): those not larger than it, or when all are,
   * the first, made at the source's size.
   */
  private static List<Integer> kept(List<Map<String, Object>> rungs, Source source) {
    var kept = new ArrayList<Integer>();
    for (int r = 0; r < rungs.size(); r++) {
      if (!AskedPicture.of(rungs.get(r), source.width(), source.height())
          .largerThan(source.width(), source.height())) {
        kept.add(r);
      }
    }
    return kept.isEmpty() ? List.of(0) : kept;
  }

  private static boolean allLarger(List<Map<String, Object>> rungs, Source source) {
    return source.sized()
        && rungs.stream()
            .allMatch(
                rung ->
                    AskedPicture.of(rung, source.width(), source.height())
                        .largerThan(source.width(), source.height()));
  }

  /**
   * The picture a rung is to have: as asked, or the source's size for the first rung when every
   * rung is larger than the source (document 3: "only the first output is made at input size").
   */
  private static AskedPicture expected(List<Map<String, Object>> rungs, int rung, Source source) {
    if (rung == 0 && allLarger(rungs, source)) {
      return AskedPicture.of(Map.of(), source.width(), source.height());
    }
    return AskedPicture.of(rungs.get(rung), source.width(), source.height());
  }

  /**
   * Whether a rendition smaller than asked may be the one document 3 makes at the source's size
   * when every rung is larger than the source: the source's size unknown, the first rung's, the
   * only rendition, and smaller than asked on the shorter side. A smaller source would give just
   * this; the proof says so.
   */
  private static boolean atUnknownSourceSize(
      Source source, Integer rung, int renditions, AskedPicture asked, Reading reading) {
    return !source.sized()
        && rung != null
        && rung == 0
        && renditions == 1
        && asked.shortSide() != null
        && Math.min(reading.width(), reading.height()) < asked.shortSide();
  }

  /**
   * The rungs no rendition answers for: left out rightly when larger than the source, a problem
   * otherwise. Without the source's size, a rung larger than every rendition delivered may have
   * been larger than the source; one the first rung of a ladder whose other rungs are all left out
   * is made at the source's size when every rung is larger (document 3), which the check accepts.
   */
  private List<LeftOut> leftOut(
      List<Listed> listed,
      List<Map<String, Object>> rungs,
      Map<Integer, Integer> rungOf,
      Source source,
      List<Reading> readings,
      List<Problem> problems) {
    var leftOut = new ArrayList<LeftOut>();
    if (rungs.isEmpty()) {
      if (listed.isEmpty()) {
        problems.add(
            new Problem(
                "renditions",
                null,
                "no rendition in the job's result",
                "at least one",
                "encode again on a new task"));
      }
      return leftOut;
    }
    int largestDelivered =
        readings.stream()
            .filter(reading -> reading != null && reading.width() != null)
            .mapToInt(reading -> Math.max(reading.width(), reading.height()))
            .max()
            .orElse(0);
    int largestShortSide =
        readings.stream()
            .filter(reading -> reading != null && reading.width() != null)
            .mapToInt(reading -> Math.min(reading.width(), reading.height()))
            .max()
            .orElse(0);
    boolean anyRead = largestDelivered > 0;
    for (int r = 0; r < rungs.size(); r++) {
      if (rungOf.containsValue(r)) {
        continue;
      }
      Map<String, Object> rung = rungs.get(r);
      AskedPicture asked = AskedPicture.of(rung, source.width(), source.height());
      String tag = userTag(rung) != null ? userTag(rung) : "rung " + (r + 1);
      if (source.sized()) {
        boolean firstOfAllLarger = r == 0 && allLarger(rungs, source);
        if (asked.largerThan(source.width(), source.height()) && !firstOfAllLarger) {
          leftOut.add(
              new LeftOut(
                  tag,
                  asked.describe(),
                  "larger than the source ("
                      + source.width()
                      + "x"
                      + source.height()
                      + "): document 3's service leaves such a rung out unless told to upscale"));
          continue;
        }
      } else if (anyRead && asked.shortSide() != null && asked.shortSide() > largestShortSide) {
        leftOut.add(
            new LeftOut(
                tag,
                asked.describe(),
                "larger than every rendition delivered (the source's size was not read):"
                    + " document 3's service leaves a rung larger than the source out"));
        continue;
      }
      problems.add(
          new Problem(
              tag,
              null,
              "no rendition in the job's result",
              "a rendition of " + asked.describe(),
              "encode again on a new task"));
    }
    return leftOut;
  }

  private static String userTag(Map<String, Object> rung) {
    return rung.get("user_tag") instanceof String tag ? tag : null;
  }

  private static String tag(
      Listed rendition, List<Map<String, Object>> rungs, Integer rung, int i) {
    if (rendition.tag() != null && !rendition.tag().isBlank()) {
      return rendition.tag();
    }
    if (rung != null && userTag(rungs.get(rung)) != null) {
      return userTag(rungs.get(rung));
    }
    return "rendition " + (i + 1);
  }

  // ---- reading the files

  /**
   * What was read of one rendition.
   *
   * @param ended an HLS media playlist's {@code #EXT-X-ENDLIST}; null for other files
   */
  private record Reading(
      String read,
      Integer width,
      Integer height,
      Double duration,
      Integer segments,
      Boolean ended,
      String notRead) {}

  /** Each rendition's reading, by index; null where it could not be read (a problem says why). */
  private List<Reading> read(List<Listed> listed, List<Problem> problems) {
    var readings = new ArrayList<Reading>();
    var byUrl = new LinkedHashMap<String, List<Integer>>();
    for (int i = 0; i < listed.size(); i++) {
      readings.add(null);
      String url = listed.get(i).url();
      if (url == null || url.isBlank()) {
        throw InvalidRequestException.field(
            "renditions[" + i + "].url", "is required: the rendition's URL from the job's result");
      }
      byUrl.computeIfAbsent(url, key -> new ArrayList<>()).add(i);
    }
    byUrl.forEach(
        (url, group) -> {
          HttpUrl address = address(url, "renditions[" + group.getFirst() + "].url");
          List<String> tags = group.stream().map(i -> tagOf(listed, i)).toList();
          try {
            List<Reading> read = readOutput(address, group.size(), tags, problems);
            for (int k = 0; k < group.size(); k++) {
              readings.set(group.get(k), read.get(k));
            }
          } catch (OutputFiles.Unavailable unavailable) {
            for (String tag : tags) {
              problems.add(unavailable(tag, shown(url), unavailable.status(), "its file"));
            }
          }
        });
    return readings;
  }

  private static String tagOf(List<Listed> listed, int i) {
    String tag = listed.get(i).tag();
    return tag != null && !tag.isBlank() ? tag : "rendition " + (i + 1);
  }

  /** The {@code count} renditions one URL lists, read. */
  private List<Reading> readOutput(
      HttpUrl address, int count, List<String> tags, List<Problem> problems) {
    String path = address.encodedPath().toLowerCase(Locale.ROOT);
    if (path.endsWith("/")) {
      // an output folder: its master playlist under the default name
      address = address.resolve(HLS_PLAYLIST);
      path = address.encodedPath().toLowerCase(Locale.ROOT);
    }
    if (path.endsWith(".m3u8")) {
      return hls(address, files.text(address), count, tags, problems);
    }
    if (path.endsWith(".mpd")) {
      return dash(address, files.text(address), count, tags, problems);
    }
    try (OutputFiles.RangedFile file = files.file(address)) {
      byte[] start = file.read(0, OutputFiles.WINDOW);
      String text = new String(start, StandardCharsets.UTF_8);
      if (HlsPlaylist.isPlaylist(text)) {
        String whole = start.length < OutputFiles.WINDOW ? text : files.text(address);
        return hls(address, whole, count, tags, problems);
      }
      if (DashManifest.isManifest(text)) {
        String whole = start.length < OutputFiles.WINDOW ? text : files.text(address);
        return dash(address, whole, count, tags, problems);
      }
      var readings = new ArrayList<Reading>();
      Reading reading;
      if (IsoBmffMovie.isIsoBmff(start)) {
        Optional<IsoBmffMovie> movie = IsoBmffMovie.read(file);
        if (movie.isEmpty()) {
          for (String tag : tags) {
            problems.add(
                new Problem(
                    tag,
                    shown(address),
                    "an MP4 file without a readable moov box",
                    "a complete MP4 file",
                    "encode again on a new task"));
          }
          return nulls(count);
        }
        reading =
            new Reading(
                shown(address),
                movie.get().width(),
                movie.get().height(),
                movie.get().duration(),
                null,
                null,
                movie.get().width() == null ? "no video track" : null);
      } else if (start.length >= 4 && java.util.Arrays.equals(start, 0, 4, EBML, 0, 4)) {
        reading =
            new Reading(
                shown(address),
                null,
                null,
                null,
                null,
                null,
                "a Matroska/WebM file: its picture size and duration are not read");
      } else {
        for (String tag : tags) {
          problems.add(
              new Problem(
                  tag,
                  shown(address),
                  start.length == 0 ? "an empty file" : "a file of no media type read here",
                  "an HLS playlist, a DASH manifest, an MP4 or a WebM file",
                  "check the output's format; encode again on a new task"));
        }
        return nulls(count);
      }
      for (int k = 0; k < count; k++) {
        readings.add(reading);
      }
      return readings;
    }
  }

  private List<Reading> hls(
      HttpUrl address, String text, int count, List<String> tags, List<Problem> problems) {
    if (!HlsPlaylist.isPlaylist(text)) {
      for (String tag : tags) {
        problems.add(
            new Problem(
                tag,
                shown(address),
                "no #EXTM3U header",
                "an HLS playlist",
                "encode again on a new task"));
      }
      return nulls(count);
    }
    HlsPlaylist playlist = HlsPlaylist.parse(text);
    var readings = new ArrayList<Reading>();
    if (!playlist.master()) {
      // the URL names one rendition's media playlist
      Reading media = media(address, playlist, null, null);
      for (int k = 0; k < count; k++) {
        readings.add(k == 0 ? media : null);
        if (k > 0) {
          problems.add(
              new Problem(
                  tags.get(k),
                  shown(address),
                  "one media playlist listed for " + count + " renditions",
                  "a master playlist with a variant per rendition",
                  "encode again on a new task"));
        }
      }
      return readings;
    }
    for (int k = 0; k < count; k++) {
      if (k >= playlist.variants().size()) {
        problems.add(
            new Problem(
                tags.get(k),
                shown(address),
                "a master playlist of " + playlist.variants().size() + " variants",
                "a variant for each of the " + count + " renditions it is listed for",
                "encode again on a new task"));
        readings.add(null);
        continue;
      }
      HlsPlaylist.Variant variant = playlist.variants().get(k);
      HttpUrl variantUrl = resolve(address, variant.uri());
      if (variantUrl == null) {
        problems.add(
            new Problem(
                tags.get(k),
                shown(address),
                "a variant URI that is no URL",
                "a variant playlist",
                "encode again on a new task"));
        readings.add(null);
        continue;
      }
      try {
        String media = files.text(variantUrl);
        if (!HlsPlaylist.isPlaylist(media) || HlsPlaylist.parse(media).master()) {
          problems.add(
              new Problem(
                  tags.get(k),
                  shown(variantUrl),
                  "no media playlist",
                  "the variant's media playlist",
                  "encode again on a new task"));
          readings.add(null);
          continue;
        }
        readings.add(
            media(variantUrl, HlsPlaylist.parse(media), variant.width(), variant.height()));
      } catch (OutputFiles.Unavailable unavailable) {
        problems.add(
            unavailable(
                tags.get(k), shown(variantUrl), unavailable.status(), "its media playlist"));
        readings.add(null);
      }
    }
    return readings;
  }

  /**
   * A media playlist's rendition: the size its master declares, else its fMP4 initialization
   * segment's; TS segments' pictures are not read.
   */
  private Reading media(HttpUrl address, HlsPlaylist playlist, Integer width, Integer height) {
    String notRead = null;
    if (width == null && playlist.map() != null) {
      HttpUrl init = resolve(address, playlist.map());
      if (init != null) {
        try (OutputFiles.RangedFile file = files.file(init)) {
          Optional<IsoBmffMovie> movie = IsoBmffMovie.read(file);
          width = movie.map(IsoBmffMovie::width).orElse(null);
          height = movie.map(IsoBmffMovie::height).orElse(null);
        } catch (OutputFiles.Unavailable unavailable) {
          notRead = "its initialization segment answered HTTP " + unavailable.status();
        }
      }
    }
    if (width == null && notRead == null) {
      notRead = "the picture size: neither the master playlist nor an fMP4 segment declares it";
    }
    return new Reading(
        shown(address),
        width,
        height,
        playlist.duration(),
        playlist.segments(),
        playlist.ended(),
        notRead);
  }

  /**
   * A DASH output's renditions: the manifest's video representations in order, each sized by its
   * initialization segment's {@code tkhd} (the file a player fetches first), else by the size the
   * manifest declares.
   */
  private List<Reading> dash(
      HttpUrl address, String text, int count, List<String> tags, List<Problem> problems) {
    Optional<DashManifest> manifest = DashManifest.parse(text);
    if (manifest.isEmpty()) {
      for (String tag : tags) {
        problems.add(
            new Problem(
                tag,
                shown(address),
                "no readable MPD",
                "a DASH manifest",
                "encode again on a new task"));
      }
      return nulls(count);
    }
    var readings = new ArrayList<Reading>();
    List<DashManifest.Video> videos = manifest.get().videos();
    for (int k = 0; k < count; k++) {
      if (k >= videos.size()) {
        problems.add(
            new Problem(
                tags.get(k),
                shown(address),
                "a manifest of " + videos.size() + " video representations",
                "one for each of the " + count + " renditions it is listed for",
                "encode again on a new task"));
        readings.add(null);
        continue;
      }
      DashManifest.Video video = videos.get(k);
      Integer width = video.width();
      Integer height = video.height();
      String read = shown(address);
      HttpUrl init =
          video.initialization() == null ? null : resolve(address, video.initialization());
      if (init != null) {
        try (OutputFiles.RangedFile file = files.file(init)) {
          Optional<IsoBmffMovie> movie = IsoBmffMovie.read(file);
          if (movie.isPresent() && movie.get().width() != null) {
            width = movie.get().width();
            height = movie.get().height();
            read = shown(init);
          }
        } catch (OutputFiles.Unavailable unavailable) {
          problems.add(
              unavailable(
                  tags.get(k), shown(init), unavailable.status(), "its initialization segment"));
          readings.add(null);
          continue;
        }
      }
      readings.add(
          new Reading(
              read,
              width,
              height,
              manifest.get().duration(),
              null,
              null,
              width == null ? "the representation declares no size" : null));
    }
    return readings;
  }

  private List<ProvedImage> images(List<String> urls, List<Problem> problems) {
    var proved = new ArrayList<ProvedImage>();
    if (urls == null) {
      return proved;
    }
    for (int i = 0; i < urls.size(); i++) {
      String url = urls.get(i);
      HttpUrl address = address(url, "images[" + i + "]");
      try (OutputFiles.RangedFile file = files.file(address)) {
        Optional<ImageHeader> header = ImageHeader.read(file.read(0, ImageHeader.NEEDED));
        if (header.isEmpty()) {
          problems.add(
              new Problem(
                  "image " + (i + 1),
                  shown(url),
                  "no JPEG, PNG, WebP or GIF header",
                  "an image",
                  "encode again on a new task"));
          continue;
        }
        proved.add(
            new ProvedImage(
                shown(url),
                header.get().format(),
                header.get().width() + "x" + header.get().height()));
      } catch (OutputFiles.Unavailable unavailable) {
        problems.add(
            unavailable("image " + (i + 1), shown(url), unavailable.status(), "the image"));
      }
    }
    return proved;
  }

  // ---- addresses and messages

  /**
   * The HTTP address of an output: an http(s) URL as given, an {@code s3://<bucket>/<path>} of the
   * service's media storage at its default address. Anything else is no address this check can
   * read: an incident naming the input.
   */
  private HttpUrl address(String url, String field) {
    if (url == null || url.isBlank()) {
      throw InvalidRequestException.field(field, "is required");
    }
    if (url.startsWith("s3://")) {
      String rest = url.substring("s3://".length());
      int slash = rest.indexOf('/');
      if (slash <= 0 || slash == rest.length() - 1) {
        throw InvalidRequestException.field(field, "must be s3://<bucket>/<path>");
      }
      if (storage == null) {
        throw new ApiException.Misconfigured(
            "NO_STORAGE_ADDRESS",
            field
                + " is in the media storage ("
                + url
                + "), which this application cannot read: set mediaflow.delivery.storage-url (the"
                + " buckets' default address) and leave mediaflow.delivery.enabled on");
      }
      HttpUrl address =
          HttpUrl.parse(storage.ofObject(rest.substring(0, slash), rest.substring(slash + 1)));
      if (address == null) {
        throw new ApiException.Misconfigured(
            "NO_STORAGE_ADDRESS",
            "mediaflow.delivery.storage-url does not give an http(s) address");
      }
      return address;
    }
    HttpUrl address = HttpUrl.parse(url);
    if (address == null) {
      throw InvalidRequestException.field(
          field,
          "must be an http(s) URL or s3://<bucket>/<path> of the media storage: this check reads"
              + " the outputs as their users do, and no other address");
    }
    return address;
  }

  /**
   * A URL a playlist names, resolved against the playlist's; given the playlist's query when it has
   * none, as a player carries a token on every request.
   */
  private static HttpUrl resolve(HttpUrl base, String uri) {
    HttpUrl resolved = base.resolve(uri);
    if (resolved != null && resolved.query() == null && base.query() != null) {
      resolved = resolved.newBuilder().encodedQuery(base.encodedQuery()).build();
    }
    return resolved;
  }

  private static Problem unavailable(String tag, String url, int status, String what) {
    String todo =
        switch (status) {
          case 404 ->
              "check again later if the storage shows files late; otherwise encode again on a new task";
          case 410 ->
              "the service keeps outputs without a destination for 24 hours: encode again on a new"
                  + " task";
          case 401, 403 ->
              "the address refuses reading (an authenticated bucket, or an expired token): make it"
                  + " readable, or encode to a public bucket";
          default -> "encode again on a new task";
        };
    return new Problem(tag, url, what + " answered HTTP " + status, what + " (HTTP 200)", todo);
  }

  /** A URL as a message shows it: without its query, which may hold a token. */
  static String shown(String url) {
    HttpUrl address = url == null ? null : HttpUrl.parse(url);
    return address == null ? url : shown(address);
  }

  static String shown(HttpUrl address) {
    return address.newBuilder().query(null).build().toString();
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

  private static List<Reading> nulls(int count) {
    var none = new ArrayList<Reading>();
    for (int k = 0; k < count; k++) {
      none.add(null);
    }
    return none;
  }
}
