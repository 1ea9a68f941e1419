package io.mediaflow.sandbox.delivery;

import static io.mediaflow.sandbox.delivery.CdnHttp.body;
import static io.mediaflow.sandbox.delivery.DomainsApiTest.error;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.jsonwebtoken.Jwts;
import io.mediaflow.sandbox.SandboxTest;
import java.nio.charset.StandardCharsets;
import java.security.PrivateKey;
import java.time.Instant;
import java.util.Base64;
import java.util.Date;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** An authenticated bucket at the CDN edge: which signed tokens open it and which are refused. */
class SignedAccessTest extends SandboxTest {

  private static final String OBJECT = "videos/clip/master.m3u8";

  private final CdnHttp cdn = new CdnHttp(baseUrl());
  private final String bucket = "auth-" + UUID.randomUUID().toString().substring(0, 8);
  private final String otherBucket = "other-" + UUID.randomUUID().toString().substring(0, 8);
  private String kid;
  private PrivateKey key;

  @BeforeEach
  void anAuthenticatedBucketWithAKey() {
    cdn.put(bucket, OBJECT, "#EXTM3U\n", "application/vnd.apple.mpegurl");
    assertThat(cdn.api("PUT", "/buckets/" + bucket + "/policy/authenticated", null).status())
        .isEqualTo(200);
    JsonNode created = createKey(body("bucket_name", bucket));
    kid = created.get("id").asText();
    key = SignedTokens.privateKey(created.get("private_key").asText());
  }

  @Test
  void aValidTokenOpensTheBucket() {
    String token = SignedTokens.token(kid, key).compact();

    var answer = fetch(OBJECT, token);

    assertThat(answer.status()).as(answer.text()).isEqualTo(200);
    assertThat(answer.text()).isEqualTo("#EXTM3U\n");
  }

  @Test
  void aPlaylistNamesEachEntryWithTheRequestsTokenAndTheFolderTokenOpensThem() {
    String master =
        "#EXTM3U\n"
            + "#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID=\"a\",NAME=\"en\",URI=\"audio_1/chunklist.m3u8\"\n"
            + "#EXT-X-STREAM-INF:BANDWIDTH=800000,AUDIO=\"a\"\n"
            + "video_1/chunklist.m3u8\n";
    cdn.put(bucket, OBJECT, master, "application/vnd.apple.mpegurl");
    cdn.put(
        bucket,
        "videos/clip/video_1/chunklist.m3u8",
        "#EXTM3U\n#EXTINF:2.0,\nsegment_000.ts\n#EXT-X-ENDLIST\n",
        "application/vnd.apple.mpegurl");
    String token = SignedTokens.token(kid, key).claim("uri", "/videos/clip/").compact();

    var served = fetch(OBJECT, token);

    assertThat(served.status()).as(served.text()).isEqualTo(200);
    assertThat(served.text())
        .contains("URI=\"audio_1/chunklist.m3u8?auth=" + token + "\"")
        .contains("\nvideo_1/chunklist.m3u8?auth=" + token + "\n");
    var variant = fetch("videos/clip/video_1/chunklist.m3u8", token);
    assertThat(variant.status()).as(variant.text()).isEqualTo(200);
    assertThat(variant.text()).contains("\nsegment_000.ts?auth=" + token + "\n");
  }

  @Test
  void aTokenIsRequired() {
    assertThat(refusal(fetch(OBJECT, null))).contains("signed token is required");
    assertThat(refusal(fetch(OBJECT, ""))).contains("signed token is required");
    assertThat(refusal(fetch(OBJECT, "not.a.jwt"))).contains("well-formed");
  }

  @Test
  void aTamperedTokenIsRefused() {
    String[] parts =
        SignedTokens.token(kid, key).claim("uri", "videos/clip").compact().split("\\.");
    String widened =
        Base64.getUrlEncoder()
            .withoutPadding()
            .encodeToString("{\"uri\":\"\"}".getBytes(StandardCharsets.UTF_8));

    assertThat(refusal(fetch(OBJECT, parts[0] + "." + widened + "." + parts[2])))
        .contains("signature");
  }

  @Test
  void expiryAndActivationTimesAreRespected() {
    Instant now = Instant.now();
    String expired =
        SignedTokens.token(kid, key).expiration(Date.from(now.minusSeconds(60))).compact();
    String notYetValid =
        SignedTokens.token(kid, key).notBefore(Date.from(now.plusSeconds(3600))).compact();
    String current =
        SignedTokens.token(kid, key)
            .notBefore(Date.from(now.minusSeconds(60)))
            .expiration(Date.from(now.plusSeconds(3600)))
            .compact();

    assertThat(refusal(fetch(OBJECT, expired))).contains("expired");
    assertThat(refusal(fetch(OBJECT, notYetValid))).contains("not valid yet");
    assertThat(fetch(OBJECT, current).status()).isEqualTo(200);
  }

  @Test
  void timesAreNumericDatesInSecondsAndOtherFormsAreRefused() {
    long past = Instant.now().minusSeconds(60).getEpochSecond();
    String secondsAsString =
        SignedTokens.token(kid, key).claim("exp", String.valueOf(past)).compact();
    String notADate =
        SignedTokens.token(kid, key)
            .content("{\"exp\":\"tomorrow\"}".getBytes(StandardCharsets.UTF_8))
            .compact();

    assertThat(refusal(fetch(OBJECT, SignedTokens.token(kid, key).claim("exp", past).compact())))
        .contains("expired");
    assertThat(refusal(fetch(OBJECT, secondsAsString))).contains("expired");
    assertThat(refusal(fetch(OBJECT, notADate))).contains("well-formed");
  }

  @Test
  void theUriClaimLimitsThePaths() {
    for (String covering : new String[] {"", "videos", "/videos/", "videos/clip", "/" + OBJECT}) {
      String token = SignedTokens.token(kid, key).claim("uri", covering).compact();
      assertThat(fetch(OBJECT, token).status()).as("uri '%s'", covering).isEqualTo(200);
    }
    for (String other : new String[] {"vid", "videos/clip/master", "videos/other", "audio"}) {
      String token = SignedTokens.token(kid, key).claim("uri", other).compact();
      assertThat(refusal(fetch(OBJECT, token)))
          .as("uri '%s'", other)
          .contains("uri does not cover");
    }
    assertThat(refusal(fetch(OBJECT, SignedTokens.token(kid, key).claim("uri", 7).compact())))
        .contains("uri");
  }

  @Test
  void aKeyOfAnotherBucketIsRefused() {
    JsonNode other = createKey(body("bucket_name", otherBucket));
    String token =
        SignedTokens.token(
                other.get("id").asText(),
                SignedTokens.privateKey(other.get("private_key").asText()))
            .compact();

    assertThat(refusal(fetch(OBJECT, token))).contains("does not serve");
  }

  @Test
  void aDeletedKeyNoLongerOpensTheBucket() {
    String token = SignedTokens.token(kid, key).compact();
    assertThat(fetch(OBJECT, token).status()).isEqualTo(200);

    cdn.api("DELETE", "/signing-keys/" + kid, null);

    assertThat(refusal(fetch(OBJECT, token))).contains("unknown or deleted");
  }

  @Test
  void theHeaderMustNameTheKeyAndRs256AndJwt() {
    String noTyp = Jwts.builder().header().keyId(kid).and().signWith(key, Jwts.SIG.RS256).compact();
    String noKid =
        Jwts.builder().header().type("JWT").and().signWith(key, Jwts.SIG.RS256).compact();
    String rs512 =
        Jwts.builder()
            .header()
            .keyId(kid)
            .type("JWT")
            .and()
            .signWith(key, Jwts.SIG.RS512)
            .compact();

    assertThat(refusal(fetch(OBJECT, noTyp))).contains("kid, alg RS256 and typ JWT");
    assertThat(refusal(fetch(OBJECT, noKid))).contains("kid, alg RS256 and typ JWT");
    assertThat(refusal(fetch(OBJECT, rs512))).contains("kid, alg RS256 and typ JWT");
  }

  @Test
  void theCustomDomainAcceptsKeysOfItsBucketAndOfTheDomain() {
    String name = DomainsApiTest.uniqueName();
    String domainId =
        cdn.api("POST", "/domains", body("name", name, "type", "vod", "bucket_name", bucket))
            .json()
            .get("domain")
            .get("id")
            .asText();
    JsonNode domainKey = createKey(body("domain_id", domainId));
    String domainToken =
        SignedTokens.token(
                domainKey.get("id").asText(),
                SignedTokens.privateKey(domainKey.get("private_key").asText()))
            .compact();
    String bucketToken = SignedTokens.token(kid, key).compact();
    String viaDomain = "/sandbox/domains/" + name + "/" + OBJECT + "?auth=";

    cdn.put(bucket, OBJECT, "#EXTM3U\nvideo_1/chunklist.m3u8\n", "application/vnd.apple.mpegurl");
    var served = cdn.plain("GET", viaDomain + domainToken, null);
    assertThat(served.status()).isEqualTo(200);
    assertThat(served.text())
        .as("the domain's playlist names its entries with the token too")
        .isEqualTo("#EXTM3U\nvideo_1/chunklist.m3u8?auth=" + domainToken + "\n");
    assertThat(cdn.plain("GET", viaDomain + bucketToken, null).status()).isEqualTo(200);
    assertThat(refusal(cdn.plain("GET", viaDomain, null))).contains("required");
    assertThat(refusal(fetch(OBJECT, domainToken)))
        .as("a domain's key does not open the default address")
        .contains("does not serve");
    cdn.api("DELETE", "/domains/" + domainId, null);
  }

  @Test
  void thePublicPolicyLiftsTheRequirement() {
    cdn.api("PUT", "/buckets/" + bucket + "/policy/public", null);

    assertThat(fetch(OBJECT, null).status()).isEqualTo(200);
  }

  private JsonNode createKey(Object request) {
    var answer = cdn.api("POST", "/signing-keys", request);
    assertThat(answer.status()).as(answer.text()).isEqualTo(200);
    return answer.json().get("signing_key");
  }

  private CdnHttp.Answer fetch(String path, String token) {
    return cdn.plain(
        "GET",
        "/sandbox/storage/" + bucket + "/" + path + (token == null ? "" : "?auth=" + token),
        null);
  }

  /** The refusal's reason, which must name no key material. */
  private static String refusal(CdnHttp.Answer answer) {
    String reason = error(answer, 403);
    assertThat(reason).startsWith("auth:").doesNotContain("PRIVATE", "BEGIN", "MII");
    return reason;
  }
}
