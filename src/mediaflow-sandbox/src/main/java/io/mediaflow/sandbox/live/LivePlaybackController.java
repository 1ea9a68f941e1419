package io.mediaflow.sandbox.live;

import io.mediaflow.sandbox.LiveDomainPlayback;
import io.mediaflow.sandbox.PlaylistTokens;
import io.mediaflow.sandbox.SandboxClock;
import io.mediaflow.sandbox.SandboxProfile;
import io.mediaflow.sandbox.StatusBody;
import io.mediaflow.sandbox.delivery.DeliveryException;
import io.mediaflow.sandbox.delivery.Domains;
import io.mediaflow.sandbox.delivery.SignedTokenVerifier;
import io.mediaflow.sandbox.delivery.SigningKeyBinding;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.springframework.core.io.FileSystemResource;
import org.springframework.core.io.Resource;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * The HLS output of live streams, at the default playback address ({@code
 * /sandbox/live-playback/{playback_id}/}) and at the stream's origin ({@code
 * /sandbox/live-origin/{stream_id}/}): a sliding-window live playlist and its segments while the
 * stream is live, 404 otherwise. With an encoder pushing over RTMP they are the real output of its
 * ingest; with the simulated ingest, the sample clip repeated. An authenticated playback ID is
 * served only with a token ({@code ?auth=}) signed with a key of the content delivery API bound to
 * the stream, or to its live playback domain (see {@link SignedTokenVerifier}), for the playlist
 * and each segment alike; the playlist it gets names its segments with the same token, as a player
 * requests them relative to it ({@link PlaylistTokens}). Without one: 403. Behind a live playback
 * domain the same output is served at {@code <domain>/<playback_id>/playlist.m3u8} and {@code
 * <domain>/<playback_id>.m3u8} ({@link LiveDomainPlayback}).
 */
@RestController
class LivePlaybackController implements LiveDomainPlayback {

  /**
   * Under a live playback domain: {@code /<playback_id>.m3u8} (the spec's README) or {@code
   * /<playback_id>/playlist.m3u8} (document 2), and the segments they name.
   */
  private static final Pattern DOMAIN_PLAYLIST =
      Pattern.compile("/([^/]+)(\\.m3u8|/" + Pattern.quote(StreamAddresses.PLAYLIST) + ")");

  private static final Pattern DOMAIN_SEGMENT = Pattern.compile("/([^/]+)/segment-(\\d+)\\.ts");

  private static final String PLAYBACK =
      "/sandbox" + StreamAddresses.PLAYBACK_PATH + "/{playbackId}/";
  private static final String ORIGIN = "/sandbox" + StreamAddresses.ORIGIN_PATH + "/{streamId}/";
  private static final MediaType HLS = MediaType.parseMediaType(HlsPlaylist.CONTENT_TYPE);
  private static final MediaType TS = MediaType.parseMediaType("video/mp2t");

  private final LiveStreams streams;
  private final SampleMedia media;
  private final NominalTime nominalTime;
  private final RtmpIngest rtmp;
  private final SignedTokenVerifier verifier;
  private final Domains domains;
  private final PlaylistTokens playlistTokens;
  private final SandboxProfile profile;
  private final SandboxClock clock;
  private final SandboxLiveProperties timings;

  LivePlaybackController(
      LiveStreams streams,
      SampleMedia media,
      NominalTime nominalTime,
      RtmpIngest rtmp,
      SignedTokenVerifier verifier,
      Domains domains,
      PlaylistTokens playlistTokens,
      SandboxProfile profile,
      SandboxClock clock,
      SandboxLiveProperties timings) {
    this.playlistTokens = playlistTokens;
    this.profile = profile;
    this.clock = clock;
    this.timings = timings;
    this.streams = streams;
    this.media = media;
    this.nominalTime = nominalTime;
    this.rtmp = rtmp;
    this.verifier = verifier;
    this.domains = domains;
  }

  @GetMapping(PLAYBACK + StreamAddresses.PLAYLIST)
  ResponseEntity<?> playbackPlaylist(
      @PathVariable String playbackId, @RequestParam(required = false) String auth) {
    LiveStream stream = byPlaybackId(playbackId);
    return refusal(stream, playbackId, StreamAddresses.PLAYLIST, auth)
        .orElseGet(() -> playlist(stream, auth));
  }

  @GetMapping(PLAYBACK + "segment-{n}.ts")
  ResponseEntity<?> playbackSegment(
      @PathVariable String playbackId,
      @PathVariable long n,
      @RequestParam(required = false) String auth) {
    LiveStream stream = byPlaybackId(playbackId);
    return refusal(stream, playbackId, "segment-" + n + ".ts", auth)
        .orElseGet(() -> segment(stream, n));
  }

  /**
   * A 403 when the playback ID is authenticated and the token does not open {@code
   * <playback_id>/<file>}: tokens signed with a key bound to the stream, or to the live playback
   * domain it plays under, are accepted.
   */
  private Optional<ResponseEntity<?>> refusal(
      LiveStream stream, String playbackId, String file, String auth) {
    boolean authenticated =
        stream.playbackId(playbackId).map(id -> "authenticated".equals(id.policy())).orElse(false);
    if (!authenticated) {
      return Optional.empty();
    }
    var accepted = new ArrayList<SigningKeyBinding>();
    accepted.add(SigningKeyBinding.stream(stream.id()));
    if (stream.playbackDomain() != null) {
      domains
          .byName(stream.playbackDomain())
          .ifPresent(domain -> accepted.add(SigningKeyBinding.domain(domain.id())));
    }
    try {
      verifier.verify(auth, accepted, playbackId + "/" + file);
      return Optional.empty();
    } catch (DeliveryException refused) {
      return Optional.of(
          ResponseEntity.status(refused.status())
              .contentType(MediaType.TEXT_PLAIN)
              .body(refused.getMessage()));
    }
  }

  /**
   * The stream's output behind its live playback domain: the playback ID must play under this
   * domain, and an authenticated one needs the same token as at the default address. The playlist
   * at {@code <playback_id>.m3u8} names its segments under the playback ID, since a player resolves
   * them against {@code <domain>/}; the one at {@code <playback_id>/playlist.m3u8} names them as
   * the default address does, relative to that folder.
   */
  @Override
  public ResponseEntity<?> serve(String domainName, String path, String auth) {
    Matcher playlist = DOMAIN_PLAYLIST.matcher(path);
    Matcher segment = DOMAIN_SEGMENT.matcher(path);
    boolean isPlaylist = playlist.matches();
    if (!isPlaylist && !segment.matches()) {
      return StatusBody.response(
          org.springframework.http.HttpStatus.NOT_FOUND,
          "path: a live playback domain serves <playback_id>.m3u8 or"
              + " <playback_id>/playlist.m3u8 and their segments");
    }
    String playbackId = isPlaylist ? playlist.group(1) : segment.group(1);
    boolean inFolder = isPlaylist && !playlist.group(2).equals(".m3u8");
    try {
      LiveStream stream = byPlaybackId(playbackId);
      if (!domainName.equals(stream.playbackDomain())) {
        throw LiveApiException.notFound("playback ID under domain " + domainName, playbackId);
      }
      if (!isPlaylist) {
        long n = Long.parseLong(segment.group(2));
        return refusal(stream, playbackId, "segment-" + n + ".ts", auth)
            .orElseGet(() -> segment(stream, n));
      }
      return refusal(stream, playbackId, StreamAddresses.PLAYLIST, auth)
          .orElseGet(
              () -> {
                String named =
                    playlistText(stream)
                        .lines()
                        .map(
                            line ->
                                line.isBlank() || line.startsWith("#") || inFolder
                                    ? line
                                    : playbackId + "/" + line)
                        .collect(Collectors.joining("\n", "", "\n"));
                return ResponseEntity.ok()
                    .contentType(HLS)
                    .header("Cache-Control", "no-cache")
                    .body(withToken(named, auth));
              });
    } catch (LiveApiException refused) {
      return StatusBody.response(refused.status(), refused.getMessage());
    }
  }

  /** The playlist as served with the viewer's token ({@link PlaylistTokens}). */
  private String withToken(String playlist, String auth) {
    return playlistTokens.serve(StreamAddresses.PLAYLIST, playlist, auth);
  }

  @GetMapping(ORIGIN + StreamAddresses.PLAYLIST)
  ResponseEntity<?> originPlaylist(@PathVariable String streamId) {
    return playlist(streams.get(streamId), null);
  }

  @GetMapping(ORIGIN + "segment-{n}.ts")
  ResponseEntity<?> originSegment(@PathVariable String streamId, @PathVariable long n) {
    return segment(streams.get(streamId), n);
  }

  private LiveStream byPlaybackId(String playbackId) {
    return streams
        .withPlaybackId(playbackId)
        .orElseThrow(() -> LiveApiException.notFound("playback ID", playbackId));
  }

  /**
   * @param auth the viewer's token, handed on to the segments; null for a playlist as it is
   */
  private ResponseEntity<?> playlist(LiveStream stream, String auth) {
    ready(stream);
    // A live playlist changes with every segment: players must not cache it.
    var ok = ResponseEntity.ok().contentType(HLS).header("Cache-Control", "no-cache");
    if (stream.input() == LiveStream.Input.RTMP) {
      Path playlist = file(stream, IngestCommand.PLAYLIST);
      return auth == null
          ? ok.body(new FileSystemResource(playlist))
          : ok.body(withToken(read(stream, playlist), auth));
    }
    String playlist = HlsPlaylist.live(newestSimulatedSegment(stream));
    return ok.body(withToken(playlist, auth));
  }

  /**
   * In the variation {@value SandboxProfile#PLAYBACK_NOT_READY}, a stream's playlist is not found
   * for {@code playback-delay} (nominal) after it went live, as an edge that has not yet got the
   * stream's output.
   */
  private void ready(LiveStream stream) {
    if (!profile.varies(SandboxProfile.PLAYBACK_NOT_READY)) {
      return;
    }
    boolean early =
        stream
            .liveSince()
            .map(since -> since.plus(clock.scaled(timings.playbackDelay())).isAfter(Instant.now()))
            .orElse(false);
    if (early) {
      throw LiveApiException.notFound(
          "live output '" + IngestCommand.PLAYLIST + "' of stream", stream.id());
    }
  }

  private String playlistText(LiveStream stream) {
    ready(stream);
    return stream.input() == LiveStream.Input.RTMP
        ? read(stream, file(stream, IngestCommand.PLAYLIST))
        : HlsPlaylist.live(newestSimulatedSegment(stream));
  }

  private static String read(LiveStream stream, Path playlist) {
    try {
      return Files.readString(playlist);
    } catch (IOException gone) {
      // Removed between the check and the read: the stream has just stopped being live.
      throw LiveApiException.notFound(
          "live output '" + IngestCommand.PLAYLIST + "' of stream", stream.id());
    }
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
        .filter(folder -> stream.status() == LiveStreamStatus.LIVE)
        .map(folder -> folder.resolve(name))
        .filter(Files::isRegularFile)
        .orElseThrow(
            () -> LiveApiException.notFound("live output '" + name + "' of stream", stream.id()));
  }

  /** The newest segment of the simulated output; there is none unless the stream is live. */
  private long newestSimulatedSegment(LiveStream stream) {
    return stream
        .liveSince()
        .map(start -> HlsPlaylist.newestSegment(nominalTime.secondsSince(start)))
        .orElseThrow(() -> LiveApiException.notFound("stream '" + stream.id() + "' is not live"));
  }
}
