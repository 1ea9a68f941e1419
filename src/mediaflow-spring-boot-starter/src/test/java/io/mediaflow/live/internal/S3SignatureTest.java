package io.mediaflow.live.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import software.amazon.awssdk.http.SdkHttpMethod;
import software.amazon.awssdk.http.SdkHttpRequest;
import software.amazon.awssdk.http.auth.aws.signer.AwsV4FamilyHttpSigner.AuthLocation;
import software.amazon.awssdk.http.auth.aws.signer.AwsV4HttpSigner;
import software.amazon.awssdk.http.auth.spi.signer.HttpSigner;
import software.amazon.awssdk.identity.spi.AwsCredentialsIdentity;

/**
 * The signatures are S3's: the examples of Amazon's "Signature Calculations for the Authorization
 * Header" and "Query String Authentication" pages, with their example key, give the signatures
 * printed there; and for keys, prefixes and ports those examples do not show, the AWS SDK's own
 * signer ({@code AwsV4HttpSigner}) gives the same.
 */
class S3SignatureTest {

  private static final S3Signature EXAMPLE =
      new S3Signature(
          "us-east-1", "AKIAIOSFODNN7EXAMPLE", "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY");
  private static final Instant MAY_24_2013 = Instant.parse("2013-05-24T00:00:00Z");

  @Test
  void aListObjectsRequestIsSignedAsAmazonsExample() {
    var headers =
        EXAMPLE.headers(
            URI.create("https://examplebucket.s3.amazonaws.com/?max-keys=2&prefix=J"), MAY_24_2013);

    assertThat(headers.get("Authorization"))
        .isEqualTo(
            "AWS4-HMAC-SHA256"
                + " Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request,"
                + " SignedHeaders=host;x-amz-content-sha256;x-amz-date,"
                + " Signature=34b48302e7b5fa45bde8084f4b7868a86f0a534bc59db6670ed5711ef69dc6f7");
    assertThat(headers.get("x-amz-date")).isEqualTo("20130524T000000Z");
  }

  @Test
  void aPresignedGetIsAmazonsExample() {
    URI presigned =
        EXAMPLE.presigned(
            URI.create("https://examplebucket.s3.amazonaws.com/test.txt"),
            MAY_24_2013,
            Duration.ofHours(24));

    assertThat(presigned.toString())
        .isEqualTo(
            "https://examplebucket.s3.amazonaws.com/test.txt"
                + "?X-Amz-Algorithm=AWS4-HMAC-SHA256"
                + "&X-Amz-Credential=AKIAIOSFODNN7EXAMPLE%2F20130524%2Fus-east-1%2Fs3%2Faws4_request"
                + "&X-Amz-Date=20130524T000000Z&X-Amz-Expires=86400&X-Amz-SignedHeaders=host"
                + "&X-Amz-Signature=aeeed9bbccd4d02ee5c0109b86d86835f995330da4c265957d157751f604d404");
  }

  /**
   * Object keys and listing pages as DvrStorage addresses them: encoded by {@link
   * S3Signature#encode}.
   */
  @ParameterizedTest
  @ValueSource(
      strings = {"recordings/2026-11-26/seg 1.ts", "ünïcode/ä+b~c*d(e)!'.m3u8", "a=b&c/d%e", ""})
  void theAwsSdksSignerSignsAsThisClassDoes(String key) {
    var signature =
        new S3Signature("eu-central-1", "AKIDEXAMPLE", "wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY");
    URI object =
        URI.create(
            "http://127.0.0.1:9000/dvr-bucket/" + S3Signature.encode(key).replace("%2F", "/"));
    URI listing =
        URI.create(
            "http://127.0.0.1:9000/dvr-bucket?list-type=2&prefix="
                + S3Signature.encode(key)
                + "&continuation-token="
                + S3Signature.encode("1/ab+c=="));
    Instant now = Instant.parse("2026-11-26T03:04:05Z");

    assertThat(signature.headers(listing, now).get("Authorization"))
        .isEqualTo(
            sdkSigned(listing, now, AuthLocation.HEADER)
                .firstMatchingHeader("Authorization")
                .orElseThrow());
    assertThat(query(signature.presigned(object, now, Duration.ofMinutes(90))))
        .isEqualTo(query(sdkSigned(object, now, AuthLocation.QUERY_STRING).getUri()));
  }

  private static SdkHttpRequest sdkSigned(URI uri, Instant now, AuthLocation location) {
    return AwsV4HttpSigner.create()
        .sign(
            request -> {
              request
                  .identity(
                      AwsCredentialsIdentity.create(
                          "AKIDEXAMPLE", "wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY"))
                  .request(SdkHttpRequest.builder().uri(uri).method(SdkHttpMethod.GET).build())
                  .putProperty(AwsV4HttpSigner.SERVICE_SIGNING_NAME, "s3")
                  .putProperty(AwsV4HttpSigner.REGION_NAME, "eu-central-1")
                  .putProperty(AwsV4HttpSigner.DOUBLE_URL_ENCODE, false)
                  .putProperty(AwsV4HttpSigner.NORMALIZE_PATH, false)
                  .putProperty(
                      AwsV4HttpSigner.PAYLOAD_SIGNING_ENABLED, location == AuthLocation.HEADER)
                  .putProperty(AwsV4HttpSigner.AUTH_LOCATION, location)
                  .putProperty(HttpSigner.SIGNING_CLOCK, Clock.fixed(now, ZoneOffset.UTC));
              if (location == AuthLocation.QUERY_STRING) {
                request.putProperty(AwsV4HttpSigner.EXPIRATION_DURATION, Duration.ofMinutes(90));
              }
            })
        .request();
  }

  /** The query's parameters by name, as sent: the two signers need not order them alike. */
  private static Map<String, String> query(URI uri) {
    var parameters = new TreeMap<String, String>();
    for (String pair : uri.getRawQuery().split("&")) {
      parameters.put(pair.substring(0, pair.indexOf('=')), pair.substring(pair.indexOf('=') + 1));
    }
    return parameters;
  }

  @Test
  void theSecretKeyIsNeverPrinted() {
    assertThat(EXAMPLE.toString()).doesNotContain("wJalrXUtnFEMI");
  }
}
