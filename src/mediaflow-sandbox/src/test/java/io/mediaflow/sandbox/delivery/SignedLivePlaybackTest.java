package io.mediaflow.sandbox.delivery;

import static io.mediaflow.sandbox.delivery.CdnHttp.body;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.mediaflow.sandbox.SandboxTest;
import java.security.PrivateKey;
import java.time.Instant;
import java.util.Date;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * An authenticated live playback ID at the sandbox's playback address: only a token signed with a
 * key bound to the stream opens its playlist and segments, and the playlist a viewer gets carries
 * the token to the segments.
 */
class SignedLivePlaybackTest extends SandboxTest {

  private final CdnHttp http = new CdnHttp(baseUrl());
  private String liveToken;
  private String streamId;
  private String playbackUrl;

  @BeforeEach
  void aLiveStreamWithOnlyAnAuthenticatedPlaybackId() {
    liveToken =
        http.plain("POST", "/sandbox/live/v1/access_token/" + CdnHttp.API_KEY, null)
            .json()
            .get("access_token")
            .asText();
    JsonNode stream =
        live("POST", "/live-streams", body("name", "signed " + UUID.randomUUID()))
            .json()
            .get("stream");
    streamId = stream.get("id").asText();
    String publicId = stream.at("/playback_ids/0/id").asText();
    JsonNode added =
        live("POST", "/live-streams/" + streamId + "/playback-ids", body("policy", "authenticated"))
            .json()
            .get("stream");
    live("DELETE", "/live-streams/" + streamId + "/playback-ids/" + publicId, null);
    for (JsonNode id : added.get("playback_ids")) {
      if (id.get("policy").asText().equals("authenticated")) {
        playbackUrl = id.get("playback_url").asText();
      }
    }
    live("POST", "/live-streams/" + streamId + "/start", null);
    await(
        "the stream waiting for its encoder",
        () -> Optional.of(status()).filter("waiting"::equals));
    http.plain("POST", "/sandbox/live-streams/" + streamId + "/ingest", body("action", "start"));
    await("the stream live", () -> Optional.of(status()).filter("live"::equals));
  }

  @Test
  void onlyATokenOfAKeyBoundToTheStreamOpensThePlaylistAndItsSegments() {
    JsonNode streamKey = key(body("stream_id", streamId));
    String token =
        SignedTokens.token(
                streamKey.get("id").asText(),
                SignedTokens.privateKey(streamKey.get("private_key").asText()))
            .expiration(Date.from(Instant.now().plusSeconds(600)))
            .compact();

    assertThat(fetch(playbackUrl).status()).as("no token").isEqualTo(403);
    String playlist =
        await(
                "the playlist with a segment",
                () ->
                    Optional.of(fetch(playbackUrl + "?auth=" + token))
                        .filter(
                            answer ->
                                answer.status() == 200 && answer.text().contains(".ts?auth=")))
            .text();
    String segment =
        playlist.lines().filter(line -> line.startsWith("segment-")).findFirst().orElseThrow();
    assertThat(segment).endsWith("?auth=" + token);
    String segmentUrl = playbackUrl.replace("playlist.m3u8", segment);
    assertThat(fetch(segmentUrl).status()).as("the segment with the viewer's token").isEqualTo(200);
    assertThat(fetch(segmentUrl.substring(0, segmentUrl.indexOf('?'))).status())
        .as("the segment without")
        .isEqualTo(403);
  }

  @Test
  void tokensOfOtherKeysExpiredOnesAndOnesForAnotherPlaybackIdAreRefused() {
    String bucket = "live-" + UUID.randomUUID().toString().substring(0, 8);
    JsonNode bucketKey = key(body("bucket_name", bucket));
    PrivateKey bucketPrivate = SignedTokens.privateKey(bucketKey.get("private_key").asText());
    JsonNode streamKey = key(body("stream_id", streamId));
    PrivateKey streamPrivate = SignedTokens.privateKey(streamKey.get("private_key").asText());
    String kid = streamKey.get("id").asText();

    assertThat(
            fetch(
                    playbackUrl
                        + "?auth="
                        + SignedTokens.token(bucketKey.get("id").asText(), bucketPrivate).compact())
                .text())
        .contains("does not serve this content");
    assertThat(
            fetch(
                    playbackUrl
                        + "?auth="
                        + SignedTokens.token(kid, streamPrivate)
                            .expiration(Date.from(Instant.now().minusSeconds(60)))
                            .compact())
                .text())
        .contains("expired");
    assertThat(
            fetch(
                    playbackUrl
                        + "?auth="
                        + SignedTokens.token(kid, streamPrivate)
                            .claim("uri", "another-playback-id")
                            .compact())
                .status())
        .isEqualTo(403);
  }

  private String status() {
    return live("GET", "/live-streams/" + streamId, null).json().at("/stream/status/name").asText();
  }

  private JsonNode key(Object request) {
    var answer = http.api("POST", "/signing-keys", request);
    assertThat(answer.status()).as(answer.text()).isEqualTo(200);
    return answer.json().get("signing_key");
  }

  private CdnHttp.Answer live(String method, String path, Object body) {
    var answer =
        http.send(
            http.request("/sandbox/live/v1" + path, method, body)
                .header("Authorization", "Bearer " + liveToken));
    assertThat(answer.status()).as("%s %s: %s", method, path, answer.text()).isEqualTo(200);
    return answer;
  }

  private CdnHttp.Answer fetch(String url) {
    return http.plain("GET", url.substring(baseUrl().length()), null);
  }
}
