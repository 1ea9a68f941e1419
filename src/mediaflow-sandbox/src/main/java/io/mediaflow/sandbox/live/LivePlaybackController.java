package io.mediaflow.sandbox.live;

import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RestController;

/**
 * The HLS output of live streams, at the default playback address ({@code /sandbox/live-playback/{playback_id}/})
 * and at the stream's origin ({@code /sandbox/live-origin/{stream_id}/}): a sliding-window live playlist and its
 * segments while the stream is live, 404 otherwise. Authenticated playback IDs are served without checking a
 * token here: signed playback belongs to the content delivery API, which owns the signing keys.
 */
@RestController
class LivePlaybackController {

  private static final String PLAYBACK = "/sandbox" + StreamAddresses.PLAYBACK_PATH + "/{playbackId}/";
  private static final String ORIGIN = "/sandbox" + StreamAddresses.ORIGIN_PATH + "/{streamId}/";
  private static final MediaType HLS = MediaType.parseMediaType(HlsPlaylist.CONTENT_TYPE);
  private static final MediaType TS = MediaType.parseMediaType("video/mp2t");

  private final LiveStreams streams;
  private final SampleMedia media;
  private final NominalTime nominalTime;

  LivePlaybackController(LiveStreams streams, SampleMedia media, NominalTime nominalTime) {
    this.streams = streams;
    this.media = media;
    this.nominalTime = nominalTime;
  }

  @GetMapping(PLAYBACK + StreamAddresses.PLAYLIST)
  ResponseEntity<String> playbackPlaylist(@PathVariable String playbackId) {
    return playlist(byPlaybackId(playbackId));
  }

  @GetMapping(PLAYBACK + "segment-{n}.ts")
  ResponseEntity<byte[]> playbackSegment(@PathVariable String playbackId, @PathVariable long n) {
    return segment(byPlaybackId(playbackId), n);
  }

  @GetMapping(ORIGIN + StreamAddresses.PLAYLIST)
  ResponseEntity<String> originPlaylist(@PathVariable String streamId) {
    return playlist(streams.get(streamId));
  }

  @GetMapping(ORIGIN + "segment-{n}.ts")
  ResponseEntity<byte[]> originSegment(@PathVariable String streamId, @PathVariable long n) {
    return segment(streams.get(streamId), n);
  }

  private LiveStream byPlaybackId(String playbackId) {
    return streams.withPlaybackId(playbackId).orElseThrow(() -> LiveApiException.notFound("playback ID", playbackId));
  }

  private ResponseEntity<String> playlist(LiveStream stream) {
    long newest = newestSegment(stream);
    // A live playlist changes with every segment: players must not cache it.
    return ResponseEntity.ok().contentType(HLS).header("Cache-Control", "no-cache").body(HlsPlaylist.live(newest));
  }

  private ResponseEntity<byte[]> segment(LiveStream stream, long n) {
    if (n < 0 || n > newestSegment(stream)) {
      throw LiveApiException.notFound("segment", Long.toString(n));
    }
    return ResponseEntity.ok().contentType(TS).body(media.ts());
  }

  /** The newest segment of the stream's output; there is none unless the stream is live. */
  private long newestSegment(LiveStream stream) {
    return stream.liveSince()
        .map(start -> HlsPlaylist.newestSegment(nominalTime.secondsSince(start)))
        .orElseThrow(() -> LiveApiException.notFound("stream '" + stream.id() + "' is not live"));
  }
}
