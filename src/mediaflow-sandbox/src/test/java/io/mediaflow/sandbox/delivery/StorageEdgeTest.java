package io.mediaflow.sandbox.delivery;

import static io.mediaflow.sandbox.delivery.CdnHttp.body;
import static io.mediaflow.sandbox.delivery.DomainsApiTest.error;
import static org.assertj.core.api.Assertions.assertThat;

import io.mediaflow.sandbox.SandboxTest;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * The CDN edge over a public bucket: serving, the control upload, the cache and the custom domain
 * address.
 */
class StorageEdgeTest extends SandboxTest {

  private final CdnHttp cdn = new CdnHttp(baseUrl());
  private final String bucket = "edge-" + UUID.randomUUID().toString().substring(0, 8);

  @Test
  void anUploadedObjectIsServedWithItsContentType() {
    var uploaded =
        cdn.put(bucket, "videos/clip/master.m3u8", "#EXTM3U\n", "application/vnd.apple.mpegurl");

    assertThat(uploaded.status()).isEqualTo(201);
    assertThat(uploaded.json().get("path").asText()).isEqualTo("videos/clip/master.m3u8");
    assertThat(uploaded.json().get("size").asInt()).isEqualTo(8);
    var served = fetch("/sandbox/storage/" + bucket + "/videos/clip/master.m3u8");
    assertThat(served.status()).isEqualTo(200);
    assertThat(served.text()).isEqualTo("#EXTM3U\n");
    assertThat(served.header("Content-Type")).isEqualTo("application/vnd.apple.mpegurl");
    var head =
        cdn.send(
            cdn.request("/sandbox/storage/" + bucket + "/videos/clip/master.m3u8", "HEAD", null));
    assertThat(head.status()).isEqualTo(200);
    assertThat(head.header("Content-Length")).isEqualTo("8");
    assertThat(head.bytes()).isEmpty();
  }

  /** Served from the console's origin, an uploaded page must not run as one of its pages. */
  @Test
  void anUploadedPageIsServedSandboxedAndNeverSniffed() {
    cdn.put(
        bucket,
        "x.html",
        "<script>fetch('/v2/process-instances/search', {method: 'POST'})</script>",
        "text/html");

    var served = fetch("/sandbox/storage/" + bucket + "/x.html");

    assertThat(served.status()).isEqualTo(200);
    assertThat(served.header("Content-Security-Policy")).isEqualTo("sandbox");
    assertThat(served.header("X-Content-Type-Options")).isEqualTo("nosniff");
  }

  @Test
  void aBodySentWithCurlsFormContentTypeIsStoredAsSent() {
    // what `curl -X PUT --data-binary` sends: a form content type over arbitrary bytes
    var uploaded =
        cdn.put(
            bucket,
            "videos/clip/master.m3u8",
            "#EXTM3U\n#EXT-X-VERSION:3\n",
            "application/x-www-form-urlencoded");

    assertThat(uploaded.status()).isEqualTo(201);
    assertThat(uploaded.json().get("size").asInt()).isEqualTo(25);
    var served = fetch("/sandbox/storage/" + bucket + "/videos/clip/master.m3u8");
    assertThat(served.text()).isEqualTo("#EXTM3U\n#EXT-X-VERSION:3\n");
    assertThat(served.header("Content-Type")).isEqualTo("application/vnd.apple.mpegurl");
  }

  @Test
  void anAbsentObjectIsNotFound() {
    assertThat(error(fetch("/sandbox/storage/" + bucket + "/nothing.mp4"), 404))
        .startsWith("path:");
  }

  @Test
  void rangesAreServed() {
    cdn.put(bucket, "clip.mp4", "0123456789", "video/mp4");

    var range =
        cdn.send(
            cdn.request("/sandbox/storage/" + bucket + "/clip.mp4", "GET", null)
                .header("Range", "bytes=2-5"));

    assertThat(range.status()).isEqualTo(206);
    assertThat(range.text()).isEqualTo("2345");
  }

  @Test
  void aPublicBucketIgnoresTokens() {
    cdn.put(bucket, "a.txt", "a", "text/plain");

    assertThat(fetch("/sandbox/storage/" + bucket + "/a.txt?auth=not-a-token").status())
        .isEqualTo(200);
  }

  @Test
  void theCacheMissesOnceAfterAnUploadOrAPurgeAndHitsOtherwise() {
    cdn.put(bucket, "videos/a.mp4", "a", "video/mp4");
    cdn.put(bucket, "videos/b.mp4", "b", "video/mp4");
    String a = "/sandbox/storage/" + bucket + "/videos/a.mp4";
    String b = "/sandbox/storage/" + bucket + "/videos/b.mp4";

    assertThat(cache(a)).isEqualTo("MISS");
    assertThat(cache(a)).isEqualTo("HIT");
    assertThat(cache(b)).isEqualTo("MISS");

    cdn.api("POST", "/buckets/" + bucket + "/cache/purge", body("path", "/videos/a.mp4"));
    assertThat(cache(a)).isEqualTo("MISS");
    assertThat(cache(b)).as("a purge of one path leaves the others cached").isEqualTo("HIT");

    cdn.api("POST", "/buckets/" + bucket + "/cache/purge_all", null);
    assertThat(cache(a)).isEqualTo("MISS");
    assertThat(cache(b)).isEqualTo("MISS");

    cdn.put(bucket, "videos/a.mp4", "a2", "video/mp4");
    var fresh = fetch(a);
    assertThat(fresh.header("X-Cache")).isEqualTo("MISS");
    assertThat(fresh.text()).isEqualTo("a2");
    assertThat(cache(a)).isEqualTo("HIT");
  }

  @Test
  void aVodDomainServesItsBucket() {
    cdn.put(bucket, "videos/a.mp4", "via domain", "video/mp4");
    String name = DomainsApiTest.uniqueName();
    String vod =
        cdn.api("POST", "/domains", body("name", name, "type", "vod", "bucket_name", bucket))
            .json()
            .get("domain")
            .get("id")
            .asText();
    String liveName = DomainsApiTest.uniqueName();
    String live =
        cdn.api("POST", "/domains", body("name", liveName, "type", "live"))
            .json()
            .get("domain")
            .get("id")
            .asText();

    assertThat(fetch("/sandbox/domains/" + name + "/videos/a.mp4").text()).isEqualTo("via domain");
    assertThat(error(fetch("/sandbox/domains/" + liveName + "/videos/a.mp4"), 404))
        .as("a live domain serves playback IDs' playlists, not a bucket")
        .startsWith("path:");
    assertThat(
            error(fetch("/sandbox/domains/" + DomainsApiTest.uniqueName() + "/videos/a.mp4"), 404))
        .startsWith("domain_name:");
    cdn.api("DELETE", "/domains/" + vod, null);
    cdn.api("DELETE", "/domains/" + live, null);
    assertThat(fetch("/sandbox/domains/" + name + "/videos/a.mp4").status()).isEqualTo(404);
  }

  @Test
  void uploadsAreValidated() {
    assertThat(error(cdn.put("Bad_Bucket", "a.txt", "a", "text/plain"), 400)).startsWith("bucket:");
    assertThat(error(cdn.put(bucket, "", "a", "text/plain"), 400)).startsWith("path:");
  }

  private CdnHttp.Answer fetch(String path) {
    return cdn.plain("GET", path, null);
  }

  private String cache(String path) {
    var answer = fetch(path);
    assertThat(answer.status()).isEqualTo(200);
    return answer.header("X-Cache");
  }
}
