package io.mediaflow.sandbox.live;

import io.mediaflow.sandbox.SandboxProperties;
import java.net.URI;
import org.springframework.stereotype.Component;

/**
 * Every address the live streaming sandbox hands out, in one place. The RTMP server URL is the
 * stream's own listener ({@link RtmpIngest}), on this machine only; nothing listens at the others
 * (RTMPS, WebRTC, SRT), whose ingest is only simulated at {@code POST
 * /sandbox/live-streams/{id}/ingest}. The origin and default playback addresses are served by
 * {@link LivePlaybackController}.
 */
@Component
class StreamAddresses {

  /** Under the public URL: where the default playback addresses and the origin are served. */
  static final String PLAYBACK_PATH = "/live-playback";

  static final String ORIGIN_PATH = "/live-origin";
  static final String PLAYLIST = "playlist.m3u8";

  private final String publicUrl;
  private final String host;

  StreamAddresses(SandboxProperties properties) {
    this.publicUrl = properties.publicUrl().replaceAll("/+$", "");
    this.host = URI.create(publicUrl).getHost();
  }

  /** Where an encoder pushes to {@code <this>/<stream_key>} (OBS: server and stream key). */
  String rtmp(LiveStream stream) {
    return "rtmp://" + IngestCommand.HOST + ":" + stream.rtmpPort() + "/" + IngestCommand.APP;
  }

  String rtmps() {
    return "rtmps://" + host + ":443/live";
  }

  /** The WebRTC (WHIP) ingest of the stream's transcoder. */
  String webrtc(LiveStream stream) {
    return "https://" + originHost() + "/webrtc/" + stream.id();
  }

  String srt(LiveStream stream) {
    return "srt://" + originHost() + ":9998?streamid=" + stream.id();
  }

  /** The transcoder's origin: this machine, since the sandbox itself serves the stream's output. */
  String originHost() {
    return host;
  }

  String originUrl(LiveStream stream) {
    return publicUrl + ORIGIN_PATH + "/" + stream.id() + "/" + PLAYLIST;
  }

  /**
   * {@code {publicUrl}/live-playback/{playback_id}/playlist.m3u8}, or with a custom playback domain
   * {@code https://{playback_domain}/{playback_id}/playlist.m3u8}: document 2 says a playback URL
   * for HLS ends with {@code playlist.m3u8}. The spec's README gives signed playback under a custom
   * domain as {@code https://{playback_domain}/{playback_id}.m3u8?auth=}; the domain serves both
   * ({@link LivePlaybackController#serve}).
   */
  String playbackUrl(LiveStream stream, LivePlaybackId playbackId) {
    return stream.playbackDomain() == null
        ? publicUrl + PLAYBACK_PATH + "/" + playbackId.id() + "/" + PLAYLIST
        : "https://" + stream.playbackDomain() + "/" + playbackId.id() + "/" + PLAYLIST;
  }
}
