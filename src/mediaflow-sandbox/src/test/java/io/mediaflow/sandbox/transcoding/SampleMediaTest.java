package io.mediaflow.sandbox.transcoding;

import static org.assertj.core.api.Assertions.assertThat;

import io.mediaflow.sandbox.SandboxTest;
import java.net.URI;
import java.net.http.HttpRequest;
import org.junit.jupiter.api.Test;

/**
 * The sample clip as a source URL that needs no internet, and the temporary downloads' missing
 * addresses.
 */
class SampleMediaTest extends SandboxTest {

  private final SandboxClient sandbox = new SandboxClient(baseUrl());

  @Test
  void samplesAreServedWithTheirTypeRangesAndHead() {
    byte[] sample = TranscodingJobTest.sample();
    var whole = sandbox.get(sandbox.sampleUrl());
    assertThat(whole.statusCode()).isEqualTo(200);
    assertThat(whole.headers().firstValue("Content-Type")).contains("video/mp4");
    assertThat(whole.body()).isEqualTo(sample);

    var range =
        sandbox.send(
            HttpRequest.newBuilder(URI.create(sandbox.sampleUrl()))
                .header("Range", "bytes=4-11")
                .GET()
                .build());
    assertThat(range.statusCode()).isEqualTo(206);
    assertThat(range.body()).isEqualTo("ftypisom");

    var head =
        sandbox.send(
            HttpRequest.newBuilder(URI.create(sandbox.sampleUrl()))
                .method("HEAD", HttpRequest.BodyPublishers.noBody())
                .build());
    assertThat(head.headers().firstValueAsLong("Content-Length")).hasValue(sample.length);

    assertThat(
            sandbox
                .parse(new String(sandbox.get(baseUrl() + "/sandbox/samples").body()))
                .toString())
        .contains("bars.mp4");
    assertThat(sandbox.get(baseUrl() + "/sandbox/samples/none.mp4").statusCode()).isEqualTo(404);
    // a path out of the samples folder is never served (Tomcat already refuses the encoded slash)
    assertThat(sandbox.get(baseUrl() + "/sandbox/samples/..%2Fapplication.yml").statusCode())
        .isIn(400, 404);
    assertThat(sandbox.get(baseUrl() + "/sandbox/samples/..application.yml").statusCode())
        .isEqualTo(404);
  }

  @Test
  void unknownDownloadsAreNotFound() {
    assertThat(
            sandbox
                .get(
                    baseUrl()
                        + "/sandbox/transcoding/downloads/0123456789abcdef0123456789abcdef/x.mp4")
                .statusCode())
        .isEqualTo(404);
  }
}
