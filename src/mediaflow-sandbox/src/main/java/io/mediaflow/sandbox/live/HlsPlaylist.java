package io.mediaflow.sandbox.live;

import java.util.Locale;

/**
 * HLS media playlists the sandbox writes itself: the live playlist of the simulated ingest, over
 * the sample clip, and the VOD playlist of a DVR recording in format {@code hls}. In the live one
 * every segment is the same clip, so its timestamps restart at each one: a discontinuity tag before
 * every segment tells the player so (RFC 8216, 4.3.2.3). The live playlist of a real RTMP push is
 * ffmpeg's.
 *
 * <p>Written as text: {@code io.lindstrom:m3u8-parser}, the maintained HLS library, is not served
 * by the Maven registry this build uses, and these playlists are six fixed tags.
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

  /**
   * A sliding-window live playlist of segments {@code segment-<n>.ts} up to {@code newest}; no end
   * tag.
   */
  static String live(long newest) {
    long first = Math.max(0, newest - LIVE_WINDOW + 1);
    var playlist = header(first);
    for (long n = first; n <= newest; n++) {
      if (n > first) {
        playlist.append("#EXT-X-DISCONTINUITY\n");
      }
      segment(playlist, "segment-" + n + ".ts", SampleMedia.CLIP_SECONDS);
    }
    return playlist.toString();
  }

  /** A finished (VOD) playlist of the one segment {@code segmentUri}, {@code seconds} long. */
  static String vod(String segmentUri, double seconds) {
    var playlist = header(0, seconds).append("#EXT-X-PLAYLIST-TYPE:VOD\n");
    segment(playlist, segmentUri, seconds);
    return playlist.append("#EXT-X-ENDLIST\n").toString();
  }

  private static StringBuilder header(long mediaSequence) {
    return header(mediaSequence, SampleMedia.CLIP_SECONDS);
  }

  private static StringBuilder header(long mediaSequence, double longestSegment) {
    return new StringBuilder()
        .append("#EXTM3U\n")
        .append("#EXT-X-VERSION:3\n")
        .append("#EXT-X-TARGETDURATION:")
        .append((long) Math.ceil(longestSegment))
        .append('\n')
        .append("#EXT-X-MEDIA-SEQUENCE:")
        .append(mediaSequence)
        .append('\n')
        // Segment n follows n discontinuities, so the first one shown carries sequence number n.
        .append("#EXT-X-DISCONTINUITY-SEQUENCE:")
        .append(mediaSequence)
        .append('\n');
  }

  private static void segment(StringBuilder playlist, String uri, double seconds) {
    playlist
        .append(String.format(Locale.ROOT, "#EXTINF:%.3f,\n", seconds))
        .append(uri)
        .append('\n');
  }
}
