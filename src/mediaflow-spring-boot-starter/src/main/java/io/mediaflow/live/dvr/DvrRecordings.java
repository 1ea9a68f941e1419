package io.mediaflow.live.dvr;

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
 * What a stream's DVR recorded, read where it went. Document 2 says only that recordings go to the
 * destination folder; the service writes one file per {@code max_file_duration} and per live period
 * into a folder named after the stream, and does not list them. So an {@code s3://} destination's
 * folder is listed in the storage itself ({@link DvrStorage}), with the credentials the stream was
 * created with, and each file handed on with a presigned download URL (for a transcoding source,
 * say). Other destinations ({@code b2://}, {@code azblob://}, FTP) cannot be listed here: their
 * location is given with the file name pattern only.
 */
public final class DvrRecordings {

  /**
   * The files of one format under one destination.
   *
   * @param folder the destination URL, then the stream ID, ending with {@code /}
   * @param format the DVR format: {@code mp4}, {@code ts}, or {@code hls} (its {@code .m3u8}
   *     playlists)
   * @param pattern the file names, {@code recording-*.mp4} and so on
   * @param listed whether the storage was listed; false for destinations other than {@code s3://}
   * @param files what the storage holds, in name order; empty when not listed
   */
  public record Location(
      String folder, String format, String pattern, boolean listed, List<RecordingFile> files) {}

  /**
   * @param url the object, {@code s3://<bucket>/<key>}
   * @param size bytes
   * @param lastModified when the storage received it
   * @param downloadUrl an address from which anyone may GET it until the link expires
   */
  public record RecordingFile(String url, long size, Instant lastModified, String downloadUrl) {}

  /** S3 refuses presigned URLs that are valid for longer. */
  private static final Duration MAX_LIFETIME = Duration.ofDays(7);

  private final DvrStorage storage;

  public DvrRecordings(DvrStorage storage) {
    this.storage = storage;
  }

  /**
   * One location per destination and format; none when the stream does not record.
   *
   * @param given the DVR params the stream was created with, for the credentials the service does
   *     not show
   * @param lifetime how long the download URLs work
   */
  public List<Location> of(Stream stream, Dvr given, Duration lifetime) {
    if (lifetime.isNegative() || lifetime.isZero() || lifetime.compareTo(MAX_LIFETIME) > 0) {
      throw InvalidRequestException.field(
          "downloadUrlLifetime",
          "must be more than 0 and at most P7D, S3's limit for" + " presigned URLs");
    }
    Dvr dvr = stream.params() == null ? null : stream.params().dvr();
    if (dvr == null || !dvr.isOn() || dvr.destination() == null) {
      return List.of();
    }
    var locations = new ArrayList<Location>();
    for (DvrDestination destination : dvr.destination()) {
      String folder = trimmed(destination.url()) + "/" + stream.id() + "/";
      List<RecordingFile> stored =
          destination.isS3()
              ? stored(S3Location.of(folder), credentials(given, destination), lifetime)
              : null;
      for (String format : dvr.formats()) {
        String extension = "." + ("hls".equals(format) ? "m3u8" : format);
        List<RecordingFile> files =
            stored == null
                ? List.of()
                : stored.stream()
                    .filter(file -> file.url().toLowerCase(Locale.ROOT).endsWith(extension))
                    .toList();
        locations.add(
            new Location(folder, format, "recording-*" + extension, stored != null, files));
      }
    }
    return locations;
  }

  /** What the storage holds under {@code folder}, each file with its presigned download URL. */
  private List<RecordingFile> stored(
      S3Location folder, DvrStorage.Credentials credentials, Duration lifetime) {
    return storage.list(folder.bucket(), folder.key(), credentials).stream()
        .map(
            object ->
                new RecordingFile(
                    "s3://" + folder.bucket() + "/" + object.key(),
                    object.size(),
                    object.lastModified(),
                    storage
                        .downloadUrl(folder.bucket(), object.key(), credentials, lifetime)
                        .toString()))
        .toList();
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
