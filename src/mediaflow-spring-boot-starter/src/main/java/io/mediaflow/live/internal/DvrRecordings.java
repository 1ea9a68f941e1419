package io.mediaflow.live.internal;

import io.mediaflow.api.ApiException;
import io.mediaflow.api.InvalidRequestException;
import io.mediaflow.live.Dvr;
import io.mediaflow.live.DvrDestination;
import io.mediaflow.live.Stream;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;

/**
 * What a stream's DVR recorded, read where it went. Document 2 says only that a destination is "a
 * path to a folder in the bucket" and that each finished file "is transferred to the destination";
 * how files are laid out under the folder is not shown, and the service does not list them. So an
 * {@code s3://} destination's whole folder is listed in the storage itself ({@link DvrStorage}),
 * with the credentials the stream was created with, and the stream's files are those whose key
 * holds the stream's ID anywhere below the folder ({@code <stream_id>/recording-0001.mp4}, {@code
 * <stream_id>_1.mp4}, {@code 2026/05/<stream_id>/...} alike), each handed on with a presigned
 * download URL (for a transcoding source, say).
 *
 * <p>Not by the time window of the show: nothing in the document gives a stream a folder of its
 * own, so several shows may record to one folder at once, and files written while this one ran may
 * be another's. The stream's ID is the only thing that ties a file to it. When recording was asked
 * and no file carries the ID, that is no "nothing recorded": the files may still be on their way,
 * so the job is retried, and then stops with an incident naming the destination, the stream and
 * what the folder holds.
 *
 * <p>Other destinations ({@code b2://}, {@code azblob://}, FTP) cannot be listed here: their
 * location is given with the file name pattern only ({@code listed: false}).
 */
public final class DvrRecordings {

  /**
   * The files of one format under one destination.
   *
   * @param folder the destination URL, ending with {@code /}
   * @param format the DVR format: {@code mp4}, {@code ts}, or {@code hls} (its {@code .m3u8}
   *     playlists)
   * @param pattern the keys below the folder that are the stream's: {@code *<stream_id>*.mp4} and
   *     so on
   * @param listed whether the storage was listed; false for destinations other than {@code s3://}
   * @param files what the storage holds, in key order; empty when not listed
   */
  public record Location(
      String folder, String format, String pattern, boolean listed, List<RecordingFile> files) {}

  /**
   * @param url the object, {@code s3://<bucket>/<key>}
   * @param size bytes
   * @param lastModified when the storage received it
   * @param downloadUrl an address from which anyone may GET it until the link expires
   * @param duration seconds it plays, read from the file by the recordings check; null when not
   *     read
   */
  public record RecordingFile(
      String url, long size, Instant lastModified, String downloadUrl, Double duration) {

    public RecordingFile(String url, long size, Instant lastModified, String downloadUrl) {
      this(url, size, lastModified, downloadUrl, null);
    }

    /**
     * @param seconds how long it plays, as read from the file ({@link RecordingDurations})
     */
    public RecordingFile withDuration(Double seconds) {
      return new RecordingFile(url, size, lastModified, downloadUrl, seconds);
    }
  }

  /** S3 refuses presigned URLs that are valid for longer. */
  private static final Duration MAX_LIFETIME = Duration.ofDays(7);

  /** How many of a folder's other keys an incident names. */
  private static final int KEYS_NAMED = 5;

  private final DvrStorage storage;

  public DvrRecordings(DvrStorage storage) {
    this.storage = storage;
  }

  /**
   * One location per destination and format; none when the stream was not asked to record.
   *
   * @param given the DVR params the stream was created with, for the credentials the service does
   *     not show
   * @param lifetime how long the download URLs work
   */
  public List<Location> of(Stream stream, Dvr given, Duration lifetime) {
    Listing listing = locate(stream, given, lifetime);
    if (listing.nothingFound()) {
      throw new ApiException.Transient(
          "NO_RECORDINGS",
          "Live stream "
              + stream.id()
              + " was to record "
              + listing.formats()
              + " files, but no file whose key holds its ID is in "
              + listing.folders()
              + ". Recordings still being transferred appear later; otherwise check where the"
              + " service writes them",
          null,
          null);
    }
    return listing.locations();
  }

  /**
   * What a listing found: one location per destination and format, and in words what each listed
   * folder holds, for an incident.
   *
   * @param formats the formats recorded; empty when the stream was not asked to record
   * @param folders each listed folder with how many keys it holds and the first few
   */
  public record Listing(List<Location> locations, List<String> formats, String folders) {

    /** Recording was asked, folders were listed, and none holds a file of the stream. */
    public boolean nothingFound() {
      return !folders.isEmpty()
          && locations.stream().filter(Location::listed).allMatch(l -> l.files().isEmpty());
    }
  }

  /** As {@link #of}, without refusing a listing that found no file. */
  public Listing locate(Stream stream, Dvr given, Duration lifetime) {
    if (lifetime.isNegative() || lifetime.isZero() || lifetime.compareTo(MAX_LIFETIME) > 0) {
      throw InvalidRequestException.field(
          "downloadUrlLifetime",
          "must be more than 0 and at most P7D, S3's limit for" + " presigned URLs");
    }
    Dvr dvr = recording(stream, given);
    if (dvr == null) {
      return new Listing(List.of(), List.of(), "");
    }
    var locations = new ArrayList<Location>();
    var listings = new ArrayList<String>();
    for (DvrDestination destination : dvr.destination()) {
      // The folder without a query (an S3-compatible store's ?endpoint=, DvrDestination#isAws).
      String folder = trimmed(destination.url().replaceFirst("\\?.*$", "")) + "/";
      List<DvrStorage.StoredObject> listed =
          destination.isS3()
              ? storage.list(
                  S3Location.of(folder).bucket(),
                  S3Location.of(folder).key(),
                  credentials(given, destination))
              : null;
      List<RecordingFile> stored =
          listed == null
              ? null
              : listed.stream()
                  .filter(object -> object.key().contains(stream.id()))
                  .map(object -> file(S3Location.of(folder), object, given, destination, lifetime))
                  .toList();
      for (String format : dvr.formats()) {
        String extension = "." + ("hls".equals(format) ? "m3u8" : format);
        List<RecordingFile> files =
            stored == null
                ? List.of()
                : stored.stream()
                    .filter(file -> file.url().toLowerCase(Locale.ROOT).endsWith(extension))
                    .toList();
        locations.add(
            new Location(
                folder, format, "*" + stream.id() + "*" + extension, stored != null, files));
      }
      if (listed != null) {
        listings.add(listing(folder, listed));
      }
    }
    return new Listing(List.copyOf(locations), dvr.formats(), String.join("; ", listings));
  }

  /**
   * The DVR params recording follows: the stream's own when it shows them, otherwise the ones it
   * was created with (an answer may leave {@code dvr} out); null when it was not asked to record. A
   * stream that shows recording off although it was asked records nothing, and says so.
   */
  private static Dvr recording(Stream stream, Dvr given) {
    Dvr shown = stream.params() == null ? null : stream.params().dvr();
    boolean asked = given != null && given.isOn() && given.destination() != null;
    if (shown != null && shown.isOn() && shown.destination() != null) {
      return shown;
    }
    if (asked && shown != null && shown.enabled() != null && !shown.isOn()) {
      throw new ApiException.Misconfigured(
          "NOT_RECORDED",
          "Live stream "
              + stream.id()
              + " was asked to record to "
              + given.destination().stream().map(DvrDestination::url).toList()
              + ", but the service shows params.dvr.enabled 0: nothing was recorded");
    }
    return asked ? given : null;
  }

  /** A folder and what it holds, for an incident: how many keys, and the first few. */
  private static String listing(String folder, List<DvrStorage.StoredObject> listed) {
    return folder
        + " (listed "
        + listed.size()
        + (listed.size() == 1 ? " key" : " keys")
        + (listed.isEmpty()
            ? ""
            : ": "
                + String.join(
                    ", ",
                    listed.stream().limit(KEYS_NAMED).map(DvrStorage.StoredObject::key).toList())
                + (listed.size() > KEYS_NAMED ? ", ..." : ""))
        + ")";
  }

  private RecordingFile file(
      S3Location folder,
      DvrStorage.StoredObject object,
      Dvr given,
      DvrDestination destination,
      Duration lifetime) {
    return new RecordingFile(
        "s3://" + folder.bucket() + "/" + object.key(),
        object.size(),
        object.lastModified(),
        storage
            .downloadUrl(folder.bucket(), object.key(), credentials(given, destination), lifetime)
            .toString());
  }

  /** The credentials given for this destination (by its URL); none when not given. */
  private static DvrStorage.Credentials credentials(Dvr given, DvrDestination shown) {
    if (given == null || given.destination() == null) {
      return null;
    }
    return given.destination().stream()
        .filter(destination -> Objects.equals(trimmed(destination.url()), trimmed(shown.url())))
        .filter(destination -> destination.accessKey() != null && destination.secretKey() != null)
        .map(
            destination ->
                new DvrStorage.Credentials(destination.accessKey(), destination.secretKey()))
        .findFirst()
        .orElse(null);
  }

  private static String trimmed(String url) {
    return url == null ? null : url.replaceAll("/+$", "");
  }

  /** {@code s3://<bucket>/<key>} taken apart. */
  private record S3Location(String bucket, String key) {
    static S3Location of(String url) {
      String rest = url.substring("s3://".length());
      int slash = rest.indexOf('/');
      return slash < 0
          ? new S3Location(rest, "")
          : new S3Location(rest.substring(0, slash), rest.substring(slash + 1));
    }
  }
}
