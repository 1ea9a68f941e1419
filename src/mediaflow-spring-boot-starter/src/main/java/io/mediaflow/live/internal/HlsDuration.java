package io.mediaflow.live.internal;

import java.nio.charset.StandardCharsets;

/**
 * The duration of an HLS media playlist: the sum of its segments' {@code #EXTINF:<seconds>,} (RFC
 * 8216, section 4.3.2.1). A master playlist names variants, not a length, and is refused.
 */
final class HlsDuration {

  private HlsDuration() {}

  static double seconds(long size, RecordingDurations.Ranges file) {
    if (size > RecordingDurations.PLAYLIST_MAX) {
      throw new RecordingDurations.Unreadable(
          "a playlist of " + size + " bytes, more than a recording's playlist can be");
    }
    RecordingDurations.Chunk whole = file.read(0, size);
    String text =
        new String(whole.slice(0, (int) Math.min(size, whole.end())), StandardCharsets.UTF_8);
    if (!text.startsWith("#EXTM3U") && !text.startsWith("\uFEFF#EXTM3U")) {
      throw new RecordingDurations.Unreadable(
          "not an HLS playlist: it does not begin with #EXTM3U");
    }
    double seconds = 0;
    boolean segments = false;
    for (String line : text.lines().map(String::strip).toList()) {
      if (line.startsWith("#EXT-X-STREAM-INF")) {
        throw new RecordingDurations.Unreadable("a master playlist, which gives no duration");
      }
      if (line.startsWith("#EXTINF:")) {
        String value = line.substring("#EXTINF:".length());
        int comma = value.indexOf(',');
        try {
          seconds += Double.parseDouble(comma < 0 ? value : value.substring(0, comma));
          segments = true;
        } catch (NumberFormatException e) {
          throw new RecordingDurations.Unreadable("a segment duration that is no number: " + line);
        }
      }
    }
    if (!segments) {
      throw new RecordingDurations.Unreadable("a playlist without segments (#EXTINF)");
    }
    return seconds;
  }
}
