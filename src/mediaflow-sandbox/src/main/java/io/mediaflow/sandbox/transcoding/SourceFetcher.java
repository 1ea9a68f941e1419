package io.mediaflow.sandbox.transcoding;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Function;
import org.springframework.stereotype.Component;

/**
 * The {@code downloading} stage for real: streams each input over HTTP (or copies the task's TUS upload) into a
 * file in the job's working folder, never holding it in memory, then recognizes its container from the file's
 * first bytes and probes it with ffprobe. Failures carry the service's documented download and media messages.
 */
@Component
class SourceFetcher {

  private static final int BUFFER = 64 * 1024;
  private static final int MAX_REDIRECTS = 5;

  private final HttpClient http = HttpClient.newBuilder()
      .version(HttpClient.Version.HTTP_1_1)
      // followed by hand, so that every address on the way is checked
      .followRedirects(HttpClient.Redirect.NEVER)
      .connectTimeout(Duration.ofSeconds(10))
      .build();
  private final UploadStore uploads;
  private final SandboxTranscodingProperties properties;
  private final SourceAddresses addresses;

  SourceFetcher(UploadStore uploads, SandboxTranscodingProperties properties, SourceAddresses addresses) {
    this.uploads = uploads;
    this.properties = properties;
    this.addresses = addresses;
  }

  /**
   * Downloads every clip of {@code request} into {@code folder}. When one fails, the files of the others are
   * removed too: the folder is left as it was given.
   */
  Source fetch(String taskToken, JobRequest request, Path folder) {
    var clips = new ArrayList<Source.Clip>();
    try {
      for (SourceClip clip : request.clips()) {
        clips.add(fetch(taskToken, clip, folder.resolve("source-" + clips.size())));
      }
    } catch (RuntimeException e) {
      clips.forEach(clip -> delete(clip.file()));
      throw e;
    }
    return new Source(clips, folder);
  }

  /** Writes the clip to {@code file}, which is renamed with its container's extension once probed. */
  private Source.Clip fetch(String taskToken, SourceClip clip, Path file) {
    try {
      if (clip.uploaded()) {
        copyUpload(taskToken, clip.uploadId(), file);
        return probe(clip, file, false);
      }
      URI uri = URI.create(clip.url().strip());
      boolean googleDrive = isGoogleDrive(uri);
      download(uri, googleDrive ? JobFailure.DOWNLOAD_GOOGLE_DRIVE : JobFailure.DOWNLOAD, file);
      if (sniff(file).orElse(null) == Container.HLS) {
        return joinHls(clip, uri, file);
      }
      return probe(clip, file, googleDrive);
    } catch (RuntimeException e) {
      delete(file);
      throw e;
    }
  }

  /** Replaces the master playlist in {@code file} by its variant's segments, joined. */
  private Source.Clip joinHls(SourceClip clip, URI uri, Path file) {
    byte[] master = read(file);
    var hls = new HlsSource((segment, out) -> get(segment, JobFailure.DOWNLOAD_HLS, out), maxBytes());
    double duration = write(file, out -> hls.download(uri, master, out));
    Source.Clip joined = probe(clip, file, false);
    MediaInfo info = joined.info().duration() == null ? joined.info().withDuration(duration) : joined.info();
    return new Source.Clip(clip, joined.file(), info);
  }

  private void copyUpload(String taskToken, String uploadId, Path file) {
    Path upload = uploads.completed(taskToken, uploadId).orElseThrow(() -> new JobFailure(
        JobFailure.DOWNLOAD, "no completed upload " + uploadId + " for this task"));
    try {
      Files.copy(upload, file, StandardCopyOption.REPLACE_EXISTING);
    } catch (IOException e) {
      // the upload expired meanwhile, or the disk is full
      throw new JobFailure(JobFailure.DOWNLOAD, "upload " + uploadId + " not copied: " + e.getClass().getSimpleName());
    }
  }

  /**
   * Names {@code file} {@code file.<ext>} and probes it; a file without a media stream is unsupported (and
   * removed).
   */
  private static Source.Clip probe(SourceClip clip, Path file, boolean googleDrive) {
    Container container = sniff(file).orElseThrow(() -> googleDrive
        // Drive answers a page (confirmation, quota, not shared) instead of the file
        ? new JobFailure(JobFailure.DOWNLOAD_GOOGLE_DRIVE, "Google Drive answered a page, not the file")
        : new JobFailure(JobFailure.UNSUPPORTED_MEDIA, "no recognized container signature"));
    if (container == Container.HLS) {
      throw new JobFailure(JobFailure.DOWNLOAD_HLS, "an HLS playlist where media segments were expected");
    }
    Path named = file.resolveSibling(file.getFileName() + "." + container.extension());
    try {
      Files.move(file, named, StandardCopyOption.REPLACE_EXISTING);
    } catch (IOException e) {
      throw cannotWrite(e);
    }
    try {
      Ffprobe.Media media = Ffprobe.probe(named);
      if (media == null) {
        throw new JobFailure(JobFailure.UNSUPPORTED_MEDIA, "ffprobe finds no audio or video stream in the "
            + container.extension() + " file");
      }
      return new Source.Clip(clip, named, MediaInfo.of(container, media));
    } catch (RuntimeException e) {
      delete(named);
      throw e;
    }
  }

  /** GET {@code uri} into {@code file}. */
  private void download(URI uri, String failure, Path file) {
    write(file, out -> get(uri, failure, out));
  }

  /** Writes {@code file} with {@code writer}; failing to write it is the sandbox's processing error. */
  private static <T> T write(Path file, Function<OutputStream, T> writer) {
    try (OutputStream out = Files.newOutputStream(file)) {
      return writer.apply(out);
    } catch (IOException e) {
      throw cannotWrite(e);
    }
  }

  /**
   * GET {@code uri} within the download timeout and size limit, writing the body to {@code out}; any failure
   * is a {@code failure} message.
   *
   * @return the bytes of the body
   */
  private long get(URI uri, String failure, OutputStream out) {
    HttpResponse<InputStream> response = send(uri, failure);
    for (int redirects = 0; response.statusCode() / 100 == 3; redirects++) {
      close(response.body());
      String location = response.headers().firstValue("Location").orElse(null);
      if (location == null || redirects == MAX_REDIRECTS) {
        throw new JobFailure(failure, uri.getHost() + " answered HTTP " + response.statusCode()
            + (location == null ? " without a Location" : " after " + MAX_REDIRECTS + " redirects"));
      }
      try {
        uri = uri.resolve(location);
      } catch (IllegalArgumentException e) {
        throw new JobFailure(failure, uri.getHost() + " redirected to an invalid URL");
      }
      response = send(uri, failure);
    }
    if (response.statusCode() / 100 != 2) {
      close(response.body());
      throw new JobFailure(failure, uri.getHost() + " answered HTTP " + response.statusCode());
    }
    long declared = response.headers().firstValueAsLong("Content-Length").orElse(-1);
    if (declared > maxBytes()) {
      close(response.body());
      throw tooLarge(failure);
    }
    return readWithin(response.body(), properties.downloadTimeout(), failure, out);
  }

  /** One GET of {@code uri}, once the address is one the sandbox may fetch. */
  private HttpResponse<InputStream> send(URI uri, String failure) {
    addresses.check(uri, failure);
    try {
      var request = HttpRequest.newBuilder(uri).timeout(properties.downloadTimeout())
          .header("User-Agent", "mediaflow-sandbox").GET().build();
      return http.send(request, HttpResponse.BodyHandlers.ofInputStream());
    } catch (IOException | IllegalArgumentException e) {
      throw new JobFailure(failure, uri.getHost() + ": " + e.getClass().getSimpleName());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new JobFailure(failure, "interrupted");
    }
  }

  /**
   * Copies the body to {@code out}, giving up (by closing the stream) when the transfer is too slow, and after
   * one byte more than the largest source. A failure to write {@code out} is the sandbox's, not the transfer's.
   *
   * @return the bytes copied
   */
  private long readWithin(InputStream body, Duration timeout, String failure, OutputStream out) {
    var expired = new AtomicBoolean();
    CompletableFuture<Void> deadline = CompletableFuture.runAsync(() -> {
      expired.set(true); // before closing: the read that closing breaks off must know it was the deadline
      close(body);
    }, CompletableFuture.delayedExecutor(timeout.toMillis(), TimeUnit.MILLISECONDS));
    try (body) {
      byte[] buffer = new byte[BUFFER];
      long read = 0;
      int n;
      while ((n = body.read(buffer, 0, (int) Math.min(buffer.length, maxBytes() + 1 - read))) >= 0) {
        read += n;
        if (read > maxBytes()) {
          throw tooLarge(failure);
        }
        try {
          out.write(buffer, 0, n);
        } catch (IOException e) {
          throw cannotWrite(e);
        }
      }
      if (expired.get()) {
        throw new JobFailure(failure, "transfer too slow");
      }
      return read;
    } catch (IOException e) {
      throw new JobFailure(failure, expired.get() ? "transfer too slow" : "transfer broken off");
    } finally {
      deadline.cancel(false);
    }
  }

  private JobFailure tooLarge(String failure) {
    return new JobFailure(failure, "the source is larger than " + maxBytes() + " bytes");
  }

  /** Writing the source file failed: the sandbox's processing error, not the transfer's. */
  static JobFailure cannotWrite(IOException e) {
    return new JobFailure(JobFailure.PROCESSING, "cannot write the source: " + e.getMessage());
  }

  private static Optional<Container> sniff(Path file) {
    try {
      return ContainerSniffer.sniff(file);
    } catch (IOException e) {
      throw new JobFailure(JobFailure.PROCESSING, "cannot read the source: " + e.getMessage());
    }
  }

  private static byte[] read(Path file) {
    try {
      return Files.readAllBytes(file);
    } catch (IOException e) {
      throw new JobFailure(JobFailure.PROCESSING, "cannot read the source: " + e.getMessage());
    }
  }

  private static void delete(Path file) {
    try {
      Files.deleteIfExists(file);
    } catch (IOException ignored) {
      // the job's working folder goes with it
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
