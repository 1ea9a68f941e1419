package io.mediaflow.delivery.signing.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mediaflow.delivery.DeliveryProperties;
import io.mediaflow.delivery.MockCdn;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/**
 * The one mapping from a bucket or playback domain and a path to the address an object is read at.
 */
class ContentAddressesTest {

  @Test
  void theRealServiceDefaultAddressNamesBucketAndRegion() {
    var addresses = new ContentAddresses(MockCdn.properties("https://cdn.example"));

    assertThat(addresses.ofBucket("media", "/videos/my clip/master.m3u8"))
        .isEqualTo(
            "https://media.media-storage.eu-central.storage.example/videos/my%20clip/master.m3u8");
    assertThat(addresses.ofDomain("video.example.com", "a.mp4"))
        .isEqualTo("https://video.example.com/a.mp4");
    assertThat(ContentAddresses.signed("https://video.example.com/a.mp4", "h.p.s"))
        .isEqualTo("https://video.example.com/a.mp4?auth=h.p.s");
  }

  @Test
  void theSandboxAddressesLiveUnderItsPublicUrl() {
    var addresses =
        new ContentAddresses(
            new DeliveryProperties(
                true,
                "http://localhost:8080/sandbox/cdn",
                "k",
                Duration.ofMinutes(5),
                Duration.ofSeconds(5),
                "http://localhost:8080/sandbox/storage/{bucket}/{path}",
                "http://localhost:8080/sandbox/domains/{domain}/{path}",
                null));

    assertThat(addresses.ofBucket("media", "a/b.ts"))
        .isEqualTo("http://localhost:8080/sandbox/storage/media/a/b.ts");
    assertThat(addresses.ofDomain("video.example.com", "a/b.ts"))
        .isEqualTo("http://localhost:8080/sandbox/domains/video.example.com/a/b.ts");
  }

  @Test
  void aTemplateWithARegionNeedsADocumentedOne() {
    assertThatThrownBy(
            () ->
                new ContentAddresses(
                    new DeliveryProperties(
                        true,
                        "https://cdn.example",
                        "k",
                        Duration.ofMinutes(5),
                        Duration.ofSeconds(5),
                        "https://{bucket}.media-storage.{region}.storage.example/{path}",
                        "https://{domain}/{path}",
                        "mars")))
        .hasMessage(
            "mediaflow.delivery.region: must be one of us-west, eu-central, since mediaflow.delivery.storage-url names {region}");
    assertThatThrownBy(
            () ->
                new ContentAddresses(
                    new DeliveryProperties(
                        true,
                        "https://cdn.example",
                        "k",
                        Duration.ofMinutes(5),
                        Duration.ofSeconds(5),
                        "https://{bucket}.media-storage.{region}.storage.example/{path}",
                        "https://{domain}/{path}",
                        null)))
        .hasMessage(
            "mediaflow.delivery.region: must be one of us-west, eu-central, since mediaflow.delivery.storage-url names {region}");
  }

  @Test
  void theApiKeyIsNeverPrinted() {
    assertThat(MockCdn.properties("https://cdn.example").toString())
        .doesNotContain(MockCdn.API_KEY);
  }
}
