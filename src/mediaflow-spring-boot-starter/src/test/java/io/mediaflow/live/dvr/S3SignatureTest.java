package io.mediaflow.live.dvr;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;

/**
 * The signatures are S3's: the examples of Amazon's "Signature Calculations for the Authorization Header" and
 * "Query String Authentication" pages, with their example key, give the signatures printed there.
 */
class S3SignatureTest {

  private static final S3Signature EXAMPLE = new S3Signature("us-east-1", "AKIAIOSFODNN7EXAMPLE",
      "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY");
  private static final Instant MAY_24_2013 = Instant.parse("2013-05-24T00:00:00Z");

  @Test
  void aListObjectsRequestIsSignedAsAmazonsExample() {
    var headers = EXAMPLE.headers(URI.create("https://examplebucket.s3.amazonaws.com/?max-keys=2&prefix=J"),
        MAY_24_2013);

    assertThat(headers.get("Authorization")).isEqualTo("AWS4-HMAC-SHA256"
        + " Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request,"
        + " SignedHeaders=host;x-amz-content-sha256;x-amz-date,"
        + " Signature=34b48302e7b5fa45bde8084f4b7868a86f0a534bc59db6670ed5711ef69dc6f7");
    assertThat(headers.get("x-amz-date")).isEqualTo("20130524T000000Z");
  }

  @Test
  void aPresignedGetIsAmazonsExample() {
    URI presigned = EXAMPLE.presigned(URI.create("https://examplebucket.s3.amazonaws.com/test.txt"), MAY_24_2013,
        Duration.ofHours(24));

    assertThat(presigned.toString()).isEqualTo("https://examplebucket.s3.amazonaws.com/test.txt"
        + "?X-Amz-Algorithm=AWS4-HMAC-SHA256"
        + "&X-Amz-Credential=AKIAIOSFODNN7EXAMPLE%2F20130524%2Fus-east-1%2Fs3%2Faws4_request"
        + "&X-Amz-Date=20130524T000000Z&X-Amz-Expires=86400&X-Amz-SignedHeaders=host"
        + "&X-Amz-Signature=aeeed9bbccd4d02ee5c0109b86d86835f995330da4c265957d157751f604d404");
  }

  @Test
  void theSecretKeyIsNeverPrinted() {
    assertThat(EXAMPLE.toString()).doesNotContain("wJalrXUtnFEMI");
  }
}
