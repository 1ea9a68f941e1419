package io.mediaflow.sandbox.transcoding;

import io.mediaflow.sandbox.SandboxClock;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.ConnectException;
import java.net.URI;
import java.net.UnknownHostException;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Function;
import javax.net.ssl.SSLException;
import org.springframework.stereotype.Component;

/**
 * Fetches files over HTTP as the service does, from outside ({@link SourceAddresses} checks every
 * address on the way, redirects included), within the download timeout and the largest source size,
 * streaming the body to a file. A transfer that fails in passing (a timeout, a transfer too slow or
 * broken off, a 5xx answer) is tried again after a short pause, up to {@link #ATTEMPTS} times; one
 * whose answer will not change (a 4xx answer, an unknown host, a refused connection or address, a
 * file too large) fails at once.
 */
@Component
class Downloader {

  /** Tries of one file before a failure in passing is final. */
  static final int ATTEMPTS = 3;

  /** Nominal pause between two tries, scaled by the sandbox clock. */
  static final Duration PAUSE = Duration.ofSeconds(2);

  private static final int BUFFER = 64 * 1024;
  private static final int MAX_REDIRECTS = 5;

  private final HttpClient http =
      HttpClient.newBuilder()
          .version(HttpClient.Version.HTTP_1_1)
          // followed by hand, so that every address on the way is checked
          .followRedirects(HttpClient.Redirect.NEVER)
          .connectTimeout(Duration.ofSeconds(10))
          .build();
  private final SandboxTranscodingProperties properties;
  private final SourceAddresses addresses;
  private final SandboxClock clock;

  Downloader(
      SandboxTranscodingProperties properties, SourceAddresses addresses, SandboxClock clock) {
    this.properties = properties;
    this.addresses = addresses;
    this.clock = clock;
  }

  /**
   * GETs {@code uri} into {@code file}, written anew at each try.
   *
   * @param failure the message of a failure that another try would not change
   * @param exhausted the message once every try failed in passing
   */
  void download(URI uri, Path file, String failure, String exhausted) {
    for (int attempt = 1; ; attempt++) {
      try {
        write(file, out -> get(uri, failure, out));
        return;
      } catch (InPassing e) {
        if (attempt == ATTEMPTS) {
          throw new JobFailure(exhausted, ATTEMPTS + " attempts, the last: " + e.details());
        }
        pause(failure);
      }
    }
  }

  /**
   * One GET of {@code uri} within the download timeout and size limit, writing the body to {@code
   * out}; any failure is a {@code failure} message.
   *
   * @return the bytes of the body
   */
  long get(URI uri, String failure, OutputStream out) {
    HttpResponse<InputStream> response = send(uri, failure);
    for (int redirects = 0; response.statusCode() / 100 == 3; redirects++) {
      close(response.body());
      String location = response.headers().firstValue("Location").orElse(null);
      if (location == null || redirects == MAX_REDIRECTS) {
        throw new JobFailure(
            failure,
            uri.getHost()
                + " answered HTTP "
                + response.statusCode()
                + (location == null
                    ? " without a Location"
                    : " after " + MAX_REDIRECTS + " redirects"));
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
      String details = uri.getHost() + " answered HTTP " + response.statusCode();
      // a server error may pass; a client error is the request's, and stays
      throw response.statusCode() / 100 == 5
          ? new InPassing(failure, details)
          : new JobFailure(failure, details);
    }
    long declared = response.headers().firstValueAsLong("Content-Length").orElse(-1);
    if (declared > maxBytes()) {
      close(response.body());
      throw tooLarge(failure);
    }
    return readWithin(response.body(), properties.downloadTimeout(), failure, out);
  }

  long maxBytes() {
    return properties.maxSourceSize().toBytes();
  }

  /**
   * Writes {@code file} with {@code writer}; failing to write it is the sandbox's processing error.
   */
  static <T> T write(Path file, Function<OutputStream, T> writer) {
    try (OutputStream out = Files.newOutputStream(file)) {
      return writer.apply(out);
    } catch (IOException e) {
      throw cannotWrite(e);
    }
  }

  /** Writing a downloaded file failed: the sandbox's processing error, not the transfer's. */
  static JobFailure cannotWrite(IOException e) {
    return new JobFailure(JobFailure.PROCESSING, "cannot write the download: " + e.getMessage());
  }

  /** One GET of {@code uri}, once the address is one the sandbox may fetch. */
  private HttpResponse<InputStream> send(URI uri, String failure) {
    addresses.check(uri, failure);
    try {
      var request =
          HttpRequest.newBuilder(uri)
              .timeout(properties.downloadTimeout())
              .header("User-Agent", "mediaflow-sandbox")
              .GET()
              .build();
      return http.send(request, HttpResponse.BodyHandlers.ofInputStream());
    } catch (ConnectException | UnknownHostException | SSLException e) {
      // refused, unknown or untrusted: the next try would get the same answer
      throw new JobFailure(failure, uri.getHost() + ": " + e.getClass().getSimpleName());
    } catch (HttpTimeoutException e) {
      throw new InPassing(failure, uri.getHost() + ": no answer in time");
    } catch (IOException e) {
      throw new InPassing(
          failure,
          uri.getHost() + ": connection broken off (" + e.getClass().getSimpleName() + ")");
    } catch (IllegalArgumentException e) {
      throw new JobFailure(failure, uri.getHost() + ": " + e.getClass().getSimpleName());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new JobFailure(failure, "interrupted");
    }
  }

  /**
   * Copies the body to {@code out}, giving up (by closing the stream) when the transfer is too
   * slow, and after one byte more than the largest source. A failure to write {@code out} is the
   * sandbox's, not the transfer's.
   *
   * @return the bytes copied
   */
  private long readWithin(InputStream body, Duration timeout, String failure, OutputStream out) {
    var expired = new AtomicBoolean();
    CompletableFuture<Void> deadline =
        CompletableFuture.runAsync(
            () -> {
              expired.set(
                  true); // before closing: the read that closing breaks off must know it was the
              // deadline
              close(body);
            },
            CompletableFuture.delayedExecutor(timeout.toMillis(), TimeUnit.MILLISECONDS));
    try (body) {
      byte[] buffer = new byte[BUFFER];
      long read = 0;
      int n;
      while ((n = body.read(buffer, 0, (int) Math.min(buffer.length, maxBytes() + 1 - read)))
          >= 0) {
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
        throw new InPassing(failure, "transfer too slow");
      }
      return read;
    } catch (IOException e) {
      throw new InPassing(failure, expired.get() ? "transfer too slow" : "transfer broken off");
    } finally {
      deadline.cancel(false);
    }
  }

  private JobFailure tooLarge(String failure) {
    return new JobFailure(failure, "the source is larger than " + maxBytes() + " bytes");
  }

  private void pause(String failure) {
    try {
      Thread.sleep(clock.scaled(PAUSE));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new JobFailure(failure, "interrupted");
    }
  }

  private static void close(InputStream body) {
    try {
      body.close();
    } catch (IOException ignored) {
      // nothing left to release
    }
  }

  /** A failed try that the next one may not repeat. */
  private static final class InPassing extends JobFailure {

    InPassing(String message, String details) {
      super(message, details);
    }
  }
}
