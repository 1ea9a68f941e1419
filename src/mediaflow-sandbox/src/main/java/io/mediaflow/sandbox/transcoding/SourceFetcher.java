package io.mediaflow.sandbox.transcoding;

import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Locale;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.springframework.stereotype.Component;

/**
 * The {@code downloading} stage for real: fetches each input over HTTP (or reads the task's TUS upload) into the
 * job's working folder, then recognizes its container and probes it with ffprobe. Failures carry the service's
 * documented download and media messages.
 */
@Component
class SourceFetcher {

  private final HttpClient http = HttpClient.newBuilder()
      .version(HttpClient.Version.HTTP_1_1)
      .followRedirects(HttpClient.Redirect.NORMAL)
      .connectTimeout(Duration.ofSeconds(10))
      .build();
  private final UploadStore uploads;
  private final SandboxTranscodingProperties properties;

  SourceFetcher(UploadStore uploads, SandboxTranscodingProperties properties) {
    this.uploads = uploads;
    this.properties = properties;
  }

  /** Downloads every clip of {@code request} into {@code folder}. */
  Source fetch(String taskToken, JobRequest request, Path folder) {
    var clips = new ArrayList<Source.Clip>();
    for (SourceClip clip : request.clips()) {
      clips.add(fetch(taskToken, clip, folder.resolve("source-" + clips.size())));
    }
    return new Source(clips, folder);
  }

  private Source.Clip fetch(String taskToken, SourceClip clip, Path file) {
    if (clip.uploaded()) {
      byte[] bytes = uploads.completed(taskToken, clip.uploadId()).orElseThrow(() -> new JobFailure(
          JobFailure.DOWNLOAD, "no completed upload " + clip.uploadId() + " for this task"));
      return probe(clip, bytes, false, file);
    }
    URI uri = URI.create(clip.url().strip());
    boolean googleDrive = isGoogleDrive(uri);
    byte[] bytes = get(uri, googleDrive ? JobFailure.DOWNLOAD_GOOGLE_DRIVE : JobFailure.DOWNLOAD);
    if (ContainerSniffer.sniff(bytes).orElse(null) == Container.HLS) {
      var hls = new HlsSource(segment -> get(segment, JobFailure.DOWNLOAD_HLS), maxBytes()).download(uri, bytes);
      Source.Clip joined = probe(clip, hls.bytes(), false, file);
      MediaInfo info = joined.info().duration() == null ? joined.info().withDuration(hls.duration()) : joined.info();
      return new Source.Clip(clip, joined.file(), info);
    }
    return probe(clip, bytes, googleDrive, file);
  }

  /** Writes the clip as {@code file.<ext>} and probes it; a file without a media stream is unsupported. */
  private static Source.Clip probe(SourceClip clip, byte[] bytes, boolean googleDrive, Path file) {
    Container container = ContainerSniffer.sniff(bytes).orElseThrow(() -> googleDrive
        // Drive answers a page (confirmation, quota, not shared) instead of the file
        ? new JobFailure(JobFailure.DOWNLOAD_GOOGLE_DRIVE, "Google Drive answered a page, not the file")
        : new JobFailure(JobFailure.UNSUPPORTED_MEDIA, "no recognized container signature"));
    if (container == Container.HLS) {
      throw new JobFailure(JobFailure.DOWNLOAD_HLS, "an HLS playlist where media segments were expected");
    }
    Path written = file.resolveSibling(file.getFileName() + "." + container.extension());
    try {
      Files.write(written, bytes);
    } catch (IOException e) {
      throw new JobFailure(JobFailure.PROCESSING, "cannot write the source: " + e.getMessage());
    }
    Ffprobe.Media media = Ffprobe.probe(written);
    if (media == null) {
      throw new JobFailure(JobFailure.UNSUPPORTED_MEDIA, "ffprobe finds no audio or video stream in the "
          + container.extension() + " file");
    }
    return new Source.Clip(clip, written, MediaInfo.of(container, media));
  }

  /** GET {@code uri} within the download timeout and size limit; any failure is a {@code failure} message. */
  private byte[] get(URI uri, String failure) {
    Duration timeout = properties.downloadTimeout();
    HttpResponse<InputStream> response;
    try {
      var request = HttpRequest.newBuilder(uri).timeout(timeout).header("User-Agent", "mediaflow-sandbox").GET()
          .build();
      response = http.send(request, HttpResponse.BodyHandlers.ofInputStream());
    } catch (IOException | IllegalArgumentException e) {
      throw new JobFailure(failure, uri.getHost() + ": " + e.getClass().getSimpleName());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new JobFailure(failure, "interrupted");
    }
    if (response.statusCode() / 100 != 2) {
      close(response.body());
      throw new JobFailure(failure, uri.getHost() + " answered HTTP " + response.statusCode());
    }
    long declared = response.headers().firstValueAsLong("Content-Length").orElse(-1);
    if (declared > maxBytes()) {
      close(response.body());
      throw new JobFailure(failure, "the source is larger than " + maxBytes() + " bytes");
    }
    return readWithin(response.body(), timeout, failure);
  }

  /** Reads the body, giving up (by closing the stream) when the transfer is too slow or too large. */
  private byte[] readWithin(InputStream body, Duration timeout, String failure) {
    CompletableFuture<Void> deadline = CompletableFuture.runAsync(() -> close(body),
        CompletableFuture.delayedExecutor(timeout.toMillis(), TimeUnit.MILLISECONDS));
    try (body) {
      byte[] bytes = body.readNBytes((int) Math.min(Integer.MAX_VALUE - 8, maxBytes() + 1));
      if (bytes.length > maxBytes()) {
        throw new JobFailure(failure, "the source is larger than " + maxBytes() + " bytes");
      }
      if (deadline.isDone()) {
        throw new JobFailure(failure, "transfer too slow");
      }
      return bytes;
    } catch (IOException e) {
      throw new JobFailure(failure, deadline.isDone() ? "transfer too slow" : "transfer broken off");
    } finally {
      deadline.cancel(false);
    }
  }

  private long maxBytes() {
    return properties.maxSourceSize().toBytes();
  }

  private static boolean isGoogleDrive(URI uri) {
    String host = uri.getHost() == null ? "" : uri.getHost().toLowerCase(Locale.ROOT);
    return host.equals("drive.google.com") || host.equals("docs.google.com")
        || host.equals("drive.usercontent.google.com");
  }

  private static void close(InputStream body) {
    try {
      body.close();
    } catch (IOException ignored) {
      // nothing left to release
    }
  }
}
