package io.mediaflow.sandbox.live;

import java.util.Locale;

/**
 * HLS media playlists over the sample clip. Every segment is the same clip, so its timestamps restart at each
 * one: a discontinuity tag before every segment tells the player so (RFC 8216, 4.3.2.3).
 */
final class HlsPlaylist {

  static final String CONTENT_TYPE = "application/vnd.apple.mpegurl";

  /** Segments a live playlist shows: the newest and the two before it. */
  static final int LIVE_WINDOW = 3;

  private HlsPlaylist() {}

  /** The newest live segment's number after {@code liveSeconds} of nominal live time. */
  static long newestSegment(double liveSeconds) {
    return (long) Math.floor(liveSeconds / SampleMedia.CLIP_SECONDS);
  }

  /** A sliding-window live playlist of segments {@code segment-<n>.ts} up to {@code newest}; no end tag. */
  static String live(long newest) {
    long first = Math.max(0, newest - LIVE_WINDOW + 1);
    var playlist = header(first);
    for (long n = first; n <= newest; n++) {
      if (n > first) {
        playlist.append("#EXT-X-DISCONTINUITY\n");
      }
      segment(playlist, "segment-" + n + ".ts");
    }
    return playlist.toString();
  }

  /** A finished (VOD) playlist of the one segment {@code segmentUri}. */
  static String vod(String segmentUri) {
    var playlist = header(0).append("#EXT-X-PLAYLIST-TYPE:VOD\n");
    segment(playlist, segmentUri);
    return playlist.append("#EXT-X-ENDLIST\n").toString();
  }

  private static StringBuilder header(long mediaSequence) {
    return new StringBuilder()
        .append("#EXTM3U\n")
        .append("#EXT-X-VERSION:3\n")
        .append("#EXT-X-TARGETDURATION:").append((long) Math.ceil(SampleMedia.CLIP_SECONDS)).append('\n')
        .append("#EXT-X-MEDIA-SEQUENCE:").append(mediaSequence).append('\n')
        // Segment n follows n discontinuities, so the first one shown carries sequence number n.
        .append("#EXT-X-DISCONTINUITY-SEQUENCE:").append(mediaSequence).append('\n');
  }

  private static void segment(StringBuilder playlist, String uri) {
    playlist.append(String.format(Locale.ROOT, "#EXTINF:%.3f,\n", SampleMedia.CLIP_SECONDS)).append(uri).append('\n');
  }
}
