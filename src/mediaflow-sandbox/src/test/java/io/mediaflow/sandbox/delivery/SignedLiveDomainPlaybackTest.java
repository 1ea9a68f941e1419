package io.mediaflow.sandbox.delivery;

import static io.mediaflow.sandbox.delivery.CdnHttp.body;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.mediaflow.sandbox.SandboxTest;
import java.time.Instant;
import java.util.Date;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Signed live playback behind a custom {@code live} playback domain, at the address the spec's
 * README gives: {@code https://<custom_domain>/<playback_id>.m3u8?auth=<SIGNED_TOKEN>} (here {@code
 * /sandbox/domains/<domain>/...}).
 */
class SignedLiveDomainPlaybackTest extends SandboxTest {

  private final CdnHttp http = new CdnHttp(baseUrl());
  private String liveToken;
  private String domainId;
  private String domainName;
  private String streamId;
  private String playbackId;
  private final java.util.List<String> domains = new java.util.ArrayList<>();

  @BeforeEach
  void aLiveStreamUnderALivePlaybackDomainWithAnAuthenticatedPlaybackId() {
    liveToken =
        http.plain("POST", "/sandbox/live/v1/access_token/" + CdnHttp.API_KEY, null)
            .json()
            .get("access_token")
            .asText();
    domainName = "live-" + UUID.randomUUID().toString().substring(0, 8) + ".example.com";
    var domain = http.api("POST", "/domains", body("name", domainName, "type", "live"));
    assertThat(domain.status()).as(domain.text()).isEqualTo(200);
    domainId = domain.json().at("/domain/id").asText();
    domains.add(domainId);
    JsonNode stream =
        live("POST", "/live-streams", body("name", "under a domain", "playback_domain", domainName))
            .json()
            .get("stream");
    streamId = stream.get("id").asText();
    JsonNode added =
        live("POST", "/live-streams/" + streamId + "/playback-ids", body("policy", "authenticated"))
            .json()
            .get("stream");
    for (JsonNode id : added.get("playback_ids")) {
      if (id.get("policy").asText().equals("authenticated")) {
        playbackId = id.get("id").asText();
      } else {
        live(
            "DELETE", "/live-streams/" + streamId + "/playback-ids/" + id.get("id").asText(), null);
      }
    }
    live("POST", "/live-streams/" + streamId + "/start", null);
    await(
        "the stream waiting for its encoder",
        () -> Optional.of(status()).filter("waiting"::equals));
    http.plain("POST", "/sandbox/live-streams/" + streamId + "/ingest", body("action", "start"));
    await("the stream live", () -> Optional.of(status()).filter("live"::equals));
  }

  @AfterEach
  void stopTheStreamAndDeleteTheDomains() {
    live("POST", "/live-streams/" + streamId + "/stop", null);
    domains.forEach(id -> http.api("DELETE", "/domains/" + id, null));
  }

  @Test
  void aTokenOfTheDomainsKeyOpensThePlaylistAndItsSegmentsUnderTheDomain() {
    var key = http.api("POST", "/signing-keys", body("domain_id", domainId));
    assertThat(key.status()).as(key.text()).isEqualTo(200);
    JsonNode signingKey = key.json().get("signing_key");
    String token =
        SignedTokens.token(
                signingKey.get("id").asText(),
                SignedTokens.privateKey(signingKey.get("private_key").asText()))
            .expiration(Date.from(Instant.now().plusSeconds(600)))
            .compact();
    String playlistPath = "/sandbox/domains/" + domainName + "/" + playbackId + ".m3u8";

    assertThat(http.plain("GET", playlistPath, null).status()).as("no token").isEqualTo(403);
    String playlist =
        await(
                "the playlist with a segment",
                () ->
                    Optional.of(http.plain("GET", playlistPath + "?auth=" + token, null))
                        .filter(
                            answer ->
                                answer.status() == 200 && answer.text().contains(".ts?auth=")))
            .text();
    String segment =
        playlist
            .lines()
            .filter(line -> line.startsWith(playbackId + "/segment-"))
            .findFirst()
            .orElseThrow();
    assertThat(segment)
        .as("named under the playback ID, as a player resolves it against the domain")
        .endsWith("?auth=" + token);
    String segmentPath = "/sandbox/domains/" + domainName + "/" + segment;
    assertThat(http.plain("GET", segmentPath, null).status())
        .as("the segment with the viewer's token")
        .isEqualTo(200);
    assertThat(http.plain("GET", segmentPath.substring(0, segmentPath.indexOf('?')), null).status())
        .as("without")
        .isEqualTo(403);
    // Document 2's form, which the stream lists: the playlist in the playback ID's folder names its
    // segments relative to it, so they resolve to the same addresses.
    var listed =
        http.plain(
            "GET",
            "/sandbox/domains/" + domainName + "/" + playbackId + "/playlist.m3u8?auth=" + token,
            null);
    assertThat(listed.status()).as(listed.text()).isEqualTo(200);
    String relative =
        listed.text().lines().filter(line -> line.startsWith("segment-")).findFirst().orElseThrow();
    assertThat(
            http.plain(
                    "GET",
                    "/sandbox/domains/" + domainName + "/" + playbackId + "/" + relative,
                    null)
                .status())
        .isEqualTo(200);
    String otherDomain = "other-" + domainName;
    domains.add(
        http.api("POST", "/domains", body("name", otherDomain, "type", "live"))
            .json()
            .at("/domain/id")
            .asText());
    assertThat(
            http.plain(
                    "GET",
                    "/sandbox/domains/" + otherDomain + "/" + playbackId + ".m3u8?auth=" + token,
                    null)
                .status())
        .as("a live domain the stream does not play under")
        .isEqualTo(404);
  }

  private String status() {
    return live("GET", "/live-streams/" + streamId, null).json().at("/stream/status/name").asText();
  }

  private CdnHttp.Answer live(String method, String path, Object body) {
    var answer =
        http.send(
            http.request("/sandbox/live/v1" + path, method, body)
                .header("Authorization", "Bearer " + liveToken));
    assertThat(answer.status()).as("%s %s: %s", method, path, answer.text()).isEqualTo(200);
    return answer;
  }
}
