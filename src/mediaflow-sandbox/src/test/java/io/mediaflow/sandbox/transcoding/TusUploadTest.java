package io.mediaflow.sandbox.transcoding;

import static io.mediaflow.sandbox.transcoding.SandboxClient.query;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.mediaflow.sandbox.SandboxTest;
import java.io.IOException;
import java.io.OutputStream;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/** The upload host's TUS protocol, and an uploaded file as a job's source. */
class TusUploadTest extends SandboxTest {

  private final SandboxClient sandbox = new SandboxClient(baseUrl());
  private final byte[] sample = TranscodingJobTest.sample();

  @Test
  void optionsAnnounceTheProtocol() {
    String task = sandbox.createTask();
    var response =
        sandbox.send(
            HttpRequest.newBuilder(URI.create(uploadUrl(task)))
                .method("OPTIONS", HttpRequest.BodyPublishers.noBody())
                .build());
    assertThat(response.statusCode()).isEqualTo(204);
    assertThat(response.headers().firstValue("Tus-Resumable")).contains("1.0.0");
    assertThat(response.headers().firstValue("Tus-Version")).contains("1.0.0");
    assertThat(response.headers().firstValue("Tus-Extension")).contains("creation");
    assertThat(response.headers().firstValueAsLong("Tus-Max-Size").orElse(0)).isPositive();
  }

  @Test
  void uploadInChunksResumesAfterACutOffPatchAndFeedsAJob() throws IOException {
    String task = sandbox.createTask();
    String location = create(task, sample.length);
    assertThat(location)
        .matches(baseUrl() + "/sandbox/upload/v1/upload_file/" + task + "/[0-9a-f-]{36}");

    var first =
        patch(
            location, 0, Arrays.copyOfRange(sample, 0, 10_000), "application/offset+octet-stream");
    assertThat(first.statusCode()).isEqualTo(204);
    assertThat(first.headers().firstValue("Upload-Offset")).contains("10000");

    var stale = patch(location, 0, new byte[] {1, 2, 3}, "application/offset+octet-stream");
    assertThat(stale.statusCode()).isEqualTo(409);
    assertThat(stale.headers().firstValue("Upload-Offset")).contains("10000");
    var wrongType = patch(location, 10_000, new byte[] {1, 2, 3}, "application/octet-stream");
    assertThat(wrongType.statusCode()).isEqualTo(415);

    // the client is cut off after sending 6000 of the 15000 bytes it announced
    cutOffPatch(location, 10_000, Arrays.copyOfRange(sample, 10_000, 16_000), 15_000);
    long offset =
        Await.until(
            "the server to store what arrived", () -> head(location), value -> value == 16_000L);
    assertThat(offset).isEqualTo(16_000L);

    var rest =
        patch(
            location,
            offset,
            Arrays.copyOfRange(sample, (int) offset, sample.length),
            "application/offset+octet-stream");
    assertThat(rest.statusCode()).isEqualTo(204);
    assertThat(rest.headers().firstValue("Upload-Offset"))
        .contains(Integer.toString(sample.length));

    String fileId = location.substring(location.lastIndexOf('/') + 1);
    JsonNode started = sandbox.startEncode2(task, query("tus:" + fileId, "{\"output\": \"mp4\"}"));
    assertThat(started.path("error").asInt()).as(started.toString()).isZero();
    JsonNode status = sandbox.awaitFinished(task);
    assertThat(status.path("status").asText()).isEqualTo("completed");
    assertThat(status.path("source_size").asLong()).isEqualTo(sample.length);
    byte[] encoded = sandbox.get(status.path("videos").get(0).path("url").asText()).body();
    assertThat(encoded).isNotEqualTo(sample);
    JsonNode video = MediaTools.stream(MediaTools.probe(encoded), "video");
    assertThat(video.path("codec_name").asText()).isEqualTo("h264");
    assertThat(video.path("width").asInt()).isEqualTo(640);
  }

  @Test
  void anUploadServesOnlyItsOwnTaskAndOnlyWhenComplete() {
    String owner = sandbox.createTask();
    String location = create(owner, sample.length);
    String fileId = location.substring(location.lastIndexOf('/') + 1);
    patch(location, 0, Arrays.copyOfRange(sample, 0, 100), "application/offset+octet-stream");

    String incomplete = query("tus:" + fileId, "{\"output\": \"mp4\"}");
    assertThat(sandbox.startEncode2(owner, incomplete).path("error").asInt()).isZero();
    assertThat(sandbox.awaitFinished(owner).path("error_description").asText())
        .isEqualTo("Download error: unable to download the specified source file/URL.");

    String other = sandbox.createTask();
    assertThat(
            sandbox
                .send(
                    HttpRequest.newBuilder(URI.create(uploadUrl(other) + "/" + fileId))
                        .method("HEAD", HttpRequest.BodyPublishers.noBody())
                        .build())
                .statusCode())
        .isEqualTo(404);
  }

  @Test
  void protocolErrorsAreAnsweredWithTusStatuses() {
    var unknownTask =
        sandbox.send(
            HttpRequest.newBuilder(URI.create(uploadUrl("0123456789abcdef0123456789abcdef")))
                .header("Tus-Resumable", "1.0.0")
                .header("Upload-Length", "10")
                .POST(HttpRequest.BodyPublishers.noBody())
                .build());
    assertThat(unknownTask.statusCode()).isEqualTo(404);

    String task = sandbox.createTask();
    var noVersion =
        sandbox.send(
            HttpRequest.newBuilder(URI.create(uploadUrl(task)))
                .header("Upload-Length", "10")
                .POST(HttpRequest.BodyPublishers.noBody())
                .build());
    assertThat(noVersion.statusCode()).isEqualTo(412);
    var noLength =
        sandbox.send(
            HttpRequest.newBuilder(URI.create(uploadUrl(task)))
                .header("Tus-Resumable", "1.0.0")
                .POST(HttpRequest.BodyPublishers.noBody())
                .build());
    assertThat(noLength.statusCode()).isEqualTo(400);

    String location = create(task, 5);
    var tooLong = patch(location, 0, new byte[6], "application/offset+octet-stream");
    assertThat(tooLong.statusCode()).isEqualTo(413);
    var unknownUpload =
        patch(
            uploadUrl(task) + "/00000000-0000-0000-0000-000000000000",
            0,
            new byte[1],
            "application/offset+octet-stream");
    assertThat(unknownUpload.statusCode()).isEqualTo(404);
  }

  private String uploadUrl(String task) {
    return baseUrl() + "/sandbox/upload/v1/upload_file/" + task;
  }

  private String create(String task, long length) {
    HttpResponse<String> created =
        sandbox.send(
            HttpRequest.newBuilder(URI.create(uploadUrl(task)))
                .header("Tus-Resumable", "1.0.0")
                .header("Upload-Length", Long.toString(length))
                .header("Upload-Metadata", "filename YmFycy5tcDQ=")
                .POST(HttpRequest.BodyPublishers.noBody())
                .build());
    assertThat(created.statusCode()).isEqualTo(201);
    return created.headers().firstValue("Location").orElseThrow();
  }

  private HttpResponse<String> patch(
      String location, long offset, byte[] chunk, String contentType) {
    return sandbox.send(
        HttpRequest.newBuilder(URI.create(location))
            .header("Tus-Resumable", "1.0.0")
            .header("Upload-Offset", Long.toString(offset))
            .header("Content-Type", contentType)
            .method("PATCH", HttpRequest.BodyPublishers.ofByteArray(chunk))
            .build());
  }

  private long head(String location) {
    var response =
        sandbox.send(
            HttpRequest.newBuilder(URI.create(location))
                .header("Tus-Resumable", "1.0.0")
                .method("HEAD", HttpRequest.BodyPublishers.noBody())
                .build());
    assertThat(response.statusCode()).isEqualTo(200);
    assertThat(response.headers().firstValue("Cache-Control")).contains("no-store");
    return response.headers().firstValueAsLong("Upload-Offset").orElseThrow();
  }

  /**
   * A PATCH that announces {@code announced} bytes but sends only {@code sent}, then drops the
   * connection.
   */
  private static void cutOffPatch(String location, long offset, byte[] sent, int announced)
      throws IOException {
    URI uri = URI.create(location);
    try (var socket = new Socket(uri.getHost(), uri.getPort())) {
      OutputStream out = socket.getOutputStream();
      String head =
          "PATCH "
              + uri.getPath()
              + " HTTP/1.1\r\nHost: "
              + uri.getHost()
              + ":"
              + uri.getPort()
              + "\r\nTus-Resumable: 1.0.0\r\nUpload-Offset: "
              + offset
              + "\r\nContent-Type: application/offset+octet-stream\r\nContent-Length: "
              + announced
              + "\r\n\r\n";
      out.write(head.getBytes(StandardCharsets.US_ASCII));
      out.write(sent);
      out.flush();
    }
  }
}
