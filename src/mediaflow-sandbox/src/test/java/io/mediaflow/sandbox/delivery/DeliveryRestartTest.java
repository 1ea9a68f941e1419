package io.mediaflow.sandbox.delivery;

import static io.mediaflow.sandbox.delivery.CdnHttp.body;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.net.http.HttpRequest;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * The content delivery sandbox over a state directory, stopped and started again: what a client
 * made before is there after, as the client sees it over HTTP.
 */
class DeliveryRestartTest {

  private static final String BUCKET = "restart-media";
  private static final String OPEN_BUCKET = "restart-open";
  private static final Pattern TARGET = Pattern.compile("pointing to (\\S+) ");
  private static final byte[] SEGMENT = {
    0x47, 0x40, 0x11, 0x10, 0x00, (byte) 0xff, (byte) 0x80, 0x7f
  };

  /**
   * An application that adds nothing: what it serves comes from the sandbox's auto-configuration.
   */
  @SpringBootApplication(scanBasePackages = "io.mediaflow.sandbox.none")
  static class SandboxOnly {}

  @TempDir Path state;

  /** Tomcat's own folder, which it would otherwise leave in the system's temporary directory. */
  @TempDir Path tomcat;

  private final Map<String, String> targets = new LinkedHashMap<>();
  private ConfigurableApplicationContext sandbox;

  @AfterEach
  void stop() {
    if (sandbox != null) {
      sandbox.close();
    }
  }

  @Test
  void everythingMadeBeforeAStopIsThereAfterTheStart() throws Exception {
    CdnHttp before = new CdnHttp(start());
    String vodDomain =
        id(
            before.api(
                "POST",
                "/domains",
                body(
                    "name",
                    "vod.restart.example.com",
                    "type",
                    "vod",
                    "bucket_name",
                    "restart-first")),
            "domain");
    String liveDomain =
        id(
            before.api(
                "POST", "/domains", body("name", "live.restart.example.com", "type", "live")),
            "domain");
    ok(before.api("PUT", "/domains/" + vodDomain, body("bucket_name", BUCKET)));
    String tlsSubscriptionId = subscribe(before, vodDomain);
    subscribe(before, liveDomain);
    JsonNode key =
        ok(before.api("POST", "/signing-keys", body("bucket_name", BUCKET, "name", "edge")))
            .get("signing_key");
    String domainKey =
        id(before.api("POST", "/signing-keys", body("domain_id", vodDomain)), "signing_key");
    ok(before.api("PUT", "/signing-keys/" + domainKey, body("name", "renamed")));
    ok(before.api("PUT", "/buckets/" + BUCKET + "/policy/authenticated", null));
    ok(
        before.api(
            "POST",
            "/buckets/" + BUCKET + "/cors",
            body(
                "Access-Control-Allow-Origin",
                "https://player.example.com",
                "Access-Control-Max-Age",
                "600")));
    ok(
        before.plain(
            "POST",
            "/sandbox/dns/records",
            body(
                "type", "CNAME", "name", "other.restart.example.com", "value", "cdn.example.net")));
    upload(before, BUCKET, "videos/clip/seg-1.ts", "old version".getBytes(), "text/plain");
    upload(before, BUCKET, "videos/clip/seg-1.ts", SEGMENT, "video/mp2t");
    upload(
        before, OPEN_BUCKET, "index.m3u8", "#EXTM3U\n".getBytes(), "application/vnd.apple.mpegurl");
    Map<String, JsonNode> made = reads(before);
    String accessToken = before.token();
    assertThat(storedFiles()).as("the replaced version's file is gone").hasSize(2);
    // as a stop between writing an object's file and indexing it leaves one
    Files.writeString(state.resolve("files/storage/unindexed"), "stray");
    sandbox.close();

    CdnHttp after = new CdnHttp(start(), accessToken);

    assertThat(reads(after)).isEqualTo(made);
    String signed =
        SignedTokens.token(
                key.get("id").asText(), SignedTokens.privateKey(key.get("private_key").asText()))
            .claim("uri", "videos")
            .compact();
    var served =
        after.plain(
            "GET", "/sandbox/storage/" + BUCKET + "/videos/clip/seg-1.ts?auth=" + signed, null);
    assertThat(served.status()).as(served.text()).isEqualTo(200);
    assertThat(served.bytes()).isEqualTo(SEGMENT);
    assertThat(served.header("Content-Type")).isEqualTo("video/mp2t");
    assertThat(
            after
                .plain("GET", "/sandbox/storage/" + BUCKET + "/videos/clip/seg-1.ts", null)
                .status())
        .as("the bucket is still authenticated")
        .isEqualTo(403);
    var fromDomain =
        after.send(
            after
                .request(
                    "/sandbox/domains/vod.restart.example.com/videos/clip/seg-1.ts?auth=" + signed,
                    "GET",
                    null)
                .header("Origin", "https://player.example.com"));
    assertThat(fromDomain.bytes()).isEqualTo(SEGMENT);
    assertThat(fromDomain.header("Access-Control-Allow-Origin"))
        .isEqualTo("https://player.example.com");
    var open = after.plain("GET", "/sandbox/storage/" + OPEN_BUCKET + "/index.m3u8", null);
    assertThat(open.text()).isEqualTo("#EXTM3U\n");
    assertThat(open.header("Content-Type")).isEqualTo("application/vnd.apple.mpegurl");
    assertThat(storedFiles()).as("a file no object refers to is removed").hasSize(2);

    // the subscriptions' checks go on: one whose record appears now is issued
    ok(
        after.plain(
            "POST",
            "/sandbox/dns/records",
            body(
                "type",
                "CNAME",
                "name",
                "_acme-challenge.vod.restart.example.com",
                "value",
                targets.get(tlsSubscriptionId))));
    Awaitility.await("the subscription is issued")
        .atMost(Duration.ofSeconds(30))
        .pollInterval(Duration.ofMillis(50))
        .until(
            () ->
                after
                    .api("GET", "/tls/subscriptions/" + tlsSubscriptionId, null)
                    .json()
                    .get("tls_subscription")
                    .get("status")
                    .asText(),
            "issued"::equals);
  }

  /** Everything the API reads back, by what it is. */
  private static Map<String, JsonNode> reads(CdnHttp cdn) {
    var reads = new LinkedHashMap<String, JsonNode>();
    reads.put("domains", ok(cdn.api("GET", "/domains", null)));
    reads.put("live domains", ok(cdn.api("GET", "/domains/live", null)));
    reads.put("tls", ok(cdn.api("GET", "/tls/subscriptions", null)));
    reads.put("keys", ok(cdn.api("GET", "/signing-keys", null)));
    reads.put("cors", ok(cdn.api("GET", "/buckets/" + BUCKET + "/cors", null)));
    reads.put("dns", ok(cdn.plain("GET", "/sandbox/dns/records", null)));
    for (JsonNode subscription : reads.get("tls").get("tls_subscriptions")) {
      String id = subscription.get("tls_subscription_id").asText();
      reads.put("tls " + id, ok(cdn.api("GET", "/tls/subscriptions/" + id, null)));
    }
    return reads;
  }

  /**
   * Creates a subscription; answers its {@code tls_subscription_id}, and keeps the CNAME target it
   * asks for.
   */
  private String subscribe(CdnHttp cdn, String domainId) {
    JsonNode created =
        ok(cdn.api("POST", "/tls/subscriptions", body("domain_id", domainId)))
            .get("tls_subscription");
    Matcher instruction = TARGET.matcher(created.get("message").asText());
    assertThat(instruction.find()).isTrue();
    String tlsSubscriptionId = listedId(cdn, created.get("id").asText());
    targets.put(tlsSubscriptionId, instruction.group(1));
    return tlsSubscriptionId;
  }

  private static String listedId(CdnHttp cdn, String id) {
    for (JsonNode listed :
        cdn.api("GET", "/tls/subscriptions", null).json().get("tls_subscriptions")) {
      if (listed.get("id").asText().equals(id)) {
        return listed.get("tls_subscription_id").asText();
      }
    }
    throw new AssertionError("subscription " + id + " is not listed");
  }

  private List<Path> storedFiles() throws IOException {
    try (Stream<Path> files = Files.list(state.resolve("files/storage"))) {
      return files.toList();
    }
  }

  private static void upload(
      CdnHttp cdn, String bucket, String path, byte[] content, String contentType) {
    var answer =
        cdn.send(
            cdn.request("/sandbox/storage/" + bucket + "/" + path, "PUT", null)
                .header("Content-Type", contentType)
                .PUT(HttpRequest.BodyPublishers.ofByteArray(content)));
    assertThat(answer.status()).as(answer.text()).isEqualTo(201);
  }

  private static String id(CdnHttp.Answer answer, String field) {
    return ok(answer).get(field).get("id").asText();
  }

  private static JsonNode ok(CdnHttp.Answer answer) {
    assertThat(answer.status()).as(answer.text()).isEqualTo(200);
    return answer.json();
  }

  private String start() {
    sandbox =
        new SpringApplicationBuilder(SandboxOnly.class)
            .properties(
                "server.port=0",
                "server.tomcat.basedir=" + tomcat,
                "mediaflow.sandbox.enabled=true",
                "mediaflow.sandbox.state.directory=" + state,
                "mediaflow.sandbox.time-scale=0.01",
                "mediaflow.sandbox.delivery.tls-check-interval=30s",
                // no subscription fails while the test runs: it checks that a pending one is still
                // pending
                "mediaflow.sandbox.delivery.tls-verification-deadline=24h")
            .run();
    return "http://localhost:" + sandbox.getEnvironment().getProperty("local.server.port");
  }
}
