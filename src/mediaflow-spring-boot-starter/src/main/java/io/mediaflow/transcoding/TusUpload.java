package io.mediaflow.transcoding;

import io.mediaflow.api.ApiException;
import io.mediaflow.api.InvalidRequestException;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import okhttp3.HttpUrl;
import okhttp3.MediaType;
import okhttp3.OkHttpClient;
import okhttp3.Request;
import okhttp3.RequestBody;
import okhttp3.Response;

/**
 * A TUS 1.0.0 resumable upload to the task's upload host: {@code OPTIONS} to check the server,
 * {@code POST} to create the upload, then {@code PATCH} chunk by chunk. When a chunk fails (the
 * connection is cut, the server errs), the upload asks the server how much it has ({@code HEAD})
 * and goes on from there.
 *
 * <p>The service's {@code create_task} answers {@code upload_url} as the whole TUS endpoint ({@code
 * https://<upload host>/v1/upload_file}) and the upload goes to {@code {upload_url}/{task_token}},
 * as the service's own SDK does. A bare upload host (no path) is accepted too: then {@code
 * /v1/upload_file} is added.
 */
final class TusUpload {

  private static final String VERSION = "1.0.0";
  private static final MediaType OFFSET_STREAM = MediaType.get("application/offset+octet-stream");

  /** Failed chunks in a row before the upload gives up and the job retries later. */
  private static final int MAX_FAILURES_IN_A_ROW = 5;

  private final OkHttpClient client;
  private final int chunkSize;

  TusUpload(OkHttpClient client, int chunkSize) {
    this.client = client;
    this.chunkSize = chunkSize;
  }

  String upload(String uploadUrl, String taskToken, Path file) {
    if (!Files.isRegularFile(file)) {
      throw InvalidRequestException.field(
          "file", "must be a readable file on the worker's machine");
    }
    HttpUrl base = HttpUrl.parse(uploadUrl);
    if (base == null) {
      throw InvalidRequestException.field("upload_url", "must be an http or https URL");
    }
    try (var source = new RandomAccessFile(file.toFile(), "r")) {
      long length = source.length();
      HttpUrl endpoint = endpoint(base, taskToken);
      checkServer(endpoint, length);
      HttpUrl upload = create(endpoint, length);
      long offset = 0;
      int failures = 0;
      byte[] chunk = new byte[(int) Math.min(chunkSize, Math.max(length, 1))];
      while (offset < length) {
        int size = (int) Math.min(chunk.length, length - offset);
        source.seek(offset);
        source.readFully(chunk, 0, size);
        try {
          offset = patch(upload, offset, chunk, size);
          failures = 0;
        } catch (IOException | ApiException.Transient cut) {
          if (++failures >= MAX_FAILURES_IN_A_ROW) {
            throw new ApiException.Transient(
                "UPLOAD_INTERRUPTED",
                "TUS upload stopped at byte "
                    + offset
                    + " of "
                    + length
                    + " after "
                    + failures
                    + " failed chunks",
                null,
                null);
          }
          pause(failures);
          offset = serverOffset(upload);
        }
      }
      return "tus:" + upload.pathSegments().getLast();
    } catch (IOException e) {
      throw new ApiException.Transient(
          "TRANSPORT", "TUS upload failed: " + e.getClass().getSimpleName(), null, null);
    }
  }

  /** {@code {upload_url}/{task_token}}; a bare host gets the service's endpoint path first. */
  static HttpUrl endpoint(HttpUrl uploadUrl, String taskToken) {
    HttpUrl.Builder endpoint = uploadUrl.newBuilder();
    boolean bareHost = uploadUrl.pathSegments().stream().allMatch(String::isEmpty);
    if (bareHost) {
      endpoint.encodedPath("/").addPathSegments("v1/upload_file");
    } else if (uploadUrl.pathSegments().getLast().isEmpty()) {
      // a trailing slash: drop the empty last segment so the token is not preceded by "//"
      endpoint.removePathSegment(uploadUrl.pathSize() - 1);
    }
    return endpoint.addPathSegment(taskToken).build();
  }

  private void checkServer(HttpUrl endpoint, long length) throws IOException {
    var request = new Request.Builder().url(endpoint).method("OPTIONS", null).build();
    try (Response response = client.newCall(request).execute()) {
      transientOnServerError(response, "OPTIONS");
      String versions = response.header("Tus-Version", VERSION);
      if (!versions.contains(VERSION)) {
        throw new ApiException.Misconfigured(
            "TUS_VERSION", "The upload host speaks TUS " + versions + ", not " + VERSION);
      }
      String max = response.header("Tus-Max-Size");
      if (max != null && length > Long.parseLong(max.trim())) {
        throw new ApiException.Rejected(
            "UPLOAD_TOO_LARGE",
            "The file has " + length + " bytes; the upload host takes at most " + max,
            java.util.Map.of());
      }
    }
  }

  private HttpUrl create(HttpUrl endpoint, long length) throws IOException {
    var request =
        new Request.Builder()
            .url(endpoint)
            .header("Tus-Resumable", VERSION)
            .header("Upload-Length", Long.toString(length))
            .post(RequestBody.EMPTY)
            .build();
    try (Response response = client.newCall(request).execute()) {
      transientOnServerError(response, "POST");
      String location = response.header("Location");
      if (response.code() != 201 || location == null) {
        throw new ApiException.Rejected(
            "UPLOAD_REFUSED",
            "The upload host refused the upload (HTTP " + response.code() + ")",
            java.util.Map.of());
      }
      return endpoint.resolve(location);
    }
  }

  private long patch(HttpUrl upload, long offset, byte[] chunk, int size) throws IOException {
    var request =
        new Request.Builder()
            .url(upload)
            .header("Tus-Resumable", VERSION)
            .header("Upload-Offset", Long.toString(offset))
            .patch(RequestBody.create(chunk, OFFSET_STREAM, 0, size))
            .build();
    try (Response response = client.newCall(request).execute()) {
      transientOnServerError(response, "PATCH");
      if (response.code() == 409) {
        throw new IOException("offset conflict");
      }
      if (response.code() != 204 && response.code() != 200) {
        throw new ApiException.Rejected(
            "UPLOAD_REFUSED",
            "The upload host refused a chunk (HTTP " + response.code() + ")",
            java.util.Map.of());
      }
      return Long.parseLong(response.header("Upload-Offset", Long.toString(offset + size)));
    }
  }

  private long serverOffset(HttpUrl upload) throws IOException {
    var request = new Request.Builder().url(upload).header("Tus-Resumable", VERSION).head().build();
    try (Response response = client.newCall(request).execute()) {
      transientOnServerError(response, "HEAD");
      String offset = response.header("Upload-Offset");
      if (offset == null) {
        throw new IOException("no Upload-Offset");
      }
      return Long.parseLong(offset);
    }
  }

  private static void transientOnServerError(Response response, String method) {
    if (response.code() >= 500) {
      throw new ApiException.Transient(
          "HTTP_" + response.code(),
          "TUS " + method + " answered HTTP " + response.code(),
          null,
          null);
    }
  }

  private static void pause(int failures) {
    try {
      Thread.sleep(Duration.ofMillis(100L << Math.min(failures, 5)));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
