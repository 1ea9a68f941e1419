package io.mediaflow.transcoding.internal.check;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * An HLS playlist (RFC 8216) as a player reads it: a master playlist lists its variants, each with
 * the {@code RESOLUTION} it declares; a media playlist lists its segments with their {@code
 * #EXTINF} durations, and {@code #EXT-X-ENDLIST} once it is complete. Only what a rendition check
 * needs is read; a line this does not know is skipped, as players skip it.
 *
 * @param variants a master playlist's {@code #EXT-X-STREAM-INF} entries in order; empty for a media
 *     playlist
 * @param segments a media playlist's segment count
 * @param duration the sum of a media playlist's {@code #EXTINF} durations, in seconds
 * @param ended whether a media playlist ends with {@code #EXT-X-ENDLIST}: a video on demand that is
 *     complete
 * @param map the URI of a media playlist's {@code #EXT-X-MAP} (an fMP4 rendition's initialization
 *     segment), null when it has none
 */
public record HlsPlaylist(
    List<Variant> variants, int segments, double duration, boolean ended, String map) {

  /**
   * One variant of a master playlist.
   *
   * @param width and {@code height} from {@code RESOLUTION}, null when it declares none
   */
  public record Variant(String uri, Integer width, Integer height, Long bandwidth) {}

  private static final Pattern ATTRIBUTE =
      Pattern.compile("([A-Z0-9-]+)=(\"[^\"]*\"|[^,]*)(?:,|$)");
  private static final Pattern RESOLUTION = Pattern.compile("(\\d+)x(\\d+)");

  /** Whether the text starts as every HLS playlist must: {@code #EXTM3U}. */
  public static boolean isPlaylist(String text) {
    return text != null && text.stripLeading().startsWith("#EXTM3U");
  }

  public boolean master() {
    return !variants.isEmpty();
  }

  /** Reads a playlist; the caller has checked {@link #isPlaylist}. */
  public static HlsPlaylist parse(String text) {
    var variants = new ArrayList<Variant>();
    int segments = 0;
    double duration = 0;
    boolean ended = false;
    String map = null;
    Map<String, String> pendingVariant = null;
    boolean pendingSegment = false;
    for (String raw : text.split("\\R")) {
      String line = raw.strip();
      if (line.isEmpty()) {
        continue;
      }
      if (line.startsWith("#EXT-X-STREAM-INF:")) {
        pendingVariant = attributes(line.substring("#EXT-X-STREAM-INF:".length()));
      } else if (line.startsWith("#EXTINF:")) {
        String value = line.substring("#EXTINF:".length());
        int comma = value.indexOf(',');
        duration += number(comma < 0 ? value : value.substring(0, comma));
        pendingSegment = true;
      } else if (line.equals("#EXT-X-ENDLIST")) {
        ended = true;
      } else if (line.startsWith("#EXT-X-MAP:")) {
        map = attributes(line.substring("#EXT-X-MAP:".length())).get("URI");
      } else if (!line.startsWith("#")) {
        if (pendingVariant != null) {
          variants.add(variant(line, pendingVariant));
          pendingVariant = null;
        } else if (pendingSegment) {
          segments++;
          pendingSegment = false;
        }
      }
    }
    return new HlsPlaylist(List.copyOf(variants), segments, duration, ended, map);
  }

  private static Variant variant(String uri, Map<String, String> attributes) {
    Integer width = null;
    Integer height = null;
    Matcher resolution = RESOLUTION.matcher(attributes.getOrDefault("RESOLUTION", ""));
    if (resolution.matches()) {
      width = Integer.valueOf(resolution.group(1));
      height = Integer.valueOf(resolution.group(2));
    }
    Long bandwidth = null;
    try {
      bandwidth = Long.valueOf(attributes.getOrDefault("BANDWIDTH", ""));
    } catch (NumberFormatException absent) {
      // BANDWIDTH is required by RFC 8216, but nothing here depends on it
    }
    return new Variant(uri, width, height, bandwidth);
  }

  /** An attribute list: {@code NAME=value} pairs, quoted values unquoted. */
  private static Map<String, String> attributes(String list) {
    var attributes = new LinkedHashMap<String, String>();
    Matcher matcher = ATTRIBUTE.matcher(list);
    while (matcher.find()) {
      String value = matcher.group(2);
      if (value.length() >= 2 && value.startsWith("\"") && value.endsWith("\"")) {
        value = value.substring(1, value.length() - 1);
      }
      attributes.put(matcher.group(1), value);
    }
    return attributes;
  }

  private static double number(String text) {
    try {
      return Double.parseDouble(text.strip());
    } catch (NumberFormatException e) {
      return 0;
    }
  }
}
