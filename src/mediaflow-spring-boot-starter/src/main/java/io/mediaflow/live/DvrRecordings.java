package io.mediaflow.live;

import java.util.ArrayList;
import java.util.List;

/**
 * Where a stream's DVR recordings end up. Document 2 says only that recordings go to the destination folder; how
 * files are named there is not shown. The rule here is the sandbox's (its {@code DvrRecorder}): under each
 * destination, a folder named after the stream ID, and in it {@code recording-0001}, {@code recording-0002}, ... one
 * file per {@code max_file_duration} and per live period, once per format ({@code .mp4}, {@code .ts}, or for
 * {@code hls} a {@code .m3u8} playlist with its {@code .ts} beside it). How many files there are depends on the live
 * time, so a location names the folder and the file pattern; a deployment against the real service lists the
 * folder with the storage's own API instead.
 */
public final class DvrRecordings {

  /**
   * @param folder the destination URL, then the stream ID, ending with {@code /}
   * @param files the file names in it, with {@code *} for the four-digit number
   * @param format the DVR format these files hold
   */
  public record Location(String folder, String files, String format) {}

  private DvrRecordings() {}

  /** One location per destination and format; none when the stream does not record. */
  public static List<Location> of(Stream stream) {
    Dvr dvr = stream.params() == null ? null : stream.params().dvr();
    if (dvr == null || !dvr.isOn() || dvr.destination() == null) {
      return List.of();
    }
    var locations = new ArrayList<Location>();
    for (DvrDestination destination : dvr.destination()) {
      String folder = destination.url().replaceAll("/+$", "") + "/" + stream.id() + "/";
      for (String format : dvr.formats()) {
        locations.add(new Location(folder, "recording-*." + extension(format), format));
      }
    }
    return locations;
  }

  private static String extension(String format) {
    return "hls".equals(format) ? "m3u8" : format;
  }
}
