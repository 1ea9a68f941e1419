package io.mediaflow.sandbox.live;

import java.nio.file.Files;
import java.nio.file.Path;
import org.springframework.core.io.FileSystemResource;
import org.springframework.core.io.Resource;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RestController;

/**
 * The HLS output of live streams, at the default playback address ({@code /sandbox/live-playback/{playback_id}/})
 * and at the stream's origin ({@code /sandbox/live-origin/{stream_id}/}): a sliding-window live playlist and its
 * segments while the stream is live, 404 otherwise. With an encoder pushing over RTMP they are the real output of
 * its ingest; with the simulated ingest, the sample clip repeated. Authenticated playback IDs are served without
 * checking a token here: signed playback belongs to the content delivery API, which owns the signing keys.
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
  private final RtmpIngest rtmp;

  LivePlaybackController(LiveStreams streams, SampleMedia media, NominalTime nominalTime, RtmpIngest rtmp) {
    this.streams = streams;
    this.media = media;
    this.nominalTime = nominalTime;
    this.rtmp = rtmp;
  }

  @GetMapping(PLAYBACK + StreamAddresses.PLAYLIST)
  ResponseEntity<?> playbackPlaylist(@PathVariable String playbackId) {
    return playlist(byPlaybackId(playbackId));
  }

  @GetMapping(PLAYBACK + "segment-{n}.ts")
  ResponseEntity<?> playbackSegment(@PathVariable String playbackId, @PathVariable long n) {
    return segment(byPlaybackId(playbackId), n);
  }

  @GetMapping(ORIGIN + StreamAddresses.PLAYLIST)
  ResponseEntity<?> originPlaylist(@PathVariable String streamId) {
    return playlist(streams.get(streamId));
  }

  @GetMapping(ORIGIN + "segment-{n}.ts")
  ResponseEntity<?> originSegment(@PathVariable String streamId, @PathVariable long n) {
    return segment(streams.get(streamId), n);
  }

  private LiveStream byPlaybackId(String playbackId) {
    return streams.withPlaybackId(playbackId).orElseThrow(() -> LiveApiException.notFound("playback ID", playbackId));
  }

  private ResponseEntity<?> playlist(LiveStream stream) {
    // A live playlist changes with every segment: players must not cache it.
    var ok = ResponseEntity.ok().contentType(HLS).header("Cache-Control", "no-cache");
    if (stream.input() == LiveStream.Input.RTMP) {
      return ok.body(new FileSystemResource(file(stream, IngestCommand.PLAYLIST)));
    }
    return ok.body(HlsPlaylist.live(newestSimulatedSegment(stream)));
  }

  private ResponseEntity<?> segment(LiveStream stream, long n) {
    if (stream.input() == LiveStream.Input.RTMP) {
      Resource segment = new FileSystemResource(file(stream, "segment-" + n + ".ts"));
      return ResponseEntity.ok().contentType(TS).body(segment);
    }
    if (n < 0 || n > newestSimulatedSegment(stream)) {
      throw LiveApiException.notFound("segment", Long.toString(n));
    }
    return ResponseEntity.ok().contentType(TS).body(media.ts());
  }

  /** A file of the live output of an encoder pushing over RTMP; none unless the stream is live. */
  private Path file(LiveStream stream, String name) {
    return rtmp.liveOutput(stream)
        .filter(folder -> stream.status() == StreamStatus.LIVE)
        .map(folder -> folder.resolve(name))
        .filter(Files::isRegularFile)
        .orElseThrow(() -> LiveApiException.notFound("live output '" + name + "' of stream", stream.id()));
  }

  /** The newest segment of the simulated output; there is none unless the stream is live. */
  private long newestSimulatedSegment(LiveStream stream) {
    return stream.liveSince()
        .map(start -> HlsPlaylist.newestSegment(nominalTime.secondsSince(start)))
        .orElseThrow(() -> LiveApiException.notFound("stream '" + stream.id() + "' is not live"));
  }
}
