package io.mediaflow.sandbox;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

/**
 * Sends the sandbox's callbacks (transcoding task events, live stream status changes) to the caller's
 * {@code callback_url}, as the service does: asynchronously, unsigned, and a failed delivery is only reported
 * back to the caller (the transcoding job gets a warning), never retried.
 */
@Component
public class CallbackDelivery {

  private static final Logger LOG = LoggerFactory.getLogger(CallbackDelivery.class);

  private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

  /** Posts {@code body}; completes with true when the endpoint answered 2xx. */
  public CompletableFuture<Boolean> post(String url, String contentType, String body) {
    HttpRequest request;
    try {
      request = HttpRequest.newBuilder(URI.create(url))
          .timeout(Duration.ofSeconds(10))
          .header("Content-Type", contentType)
          .POST(HttpRequest.BodyPublishers.ofString(body))
          .build();
    } catch (IllegalArgumentException e) {
      return CompletableFuture.completedFuture(false);
    }
    return http.sendAsync(request, HttpResponse.BodyHandlers.discarding())
        .thenApply(response -> response.statusCode() / 100 == 2)
        .exceptionally(failure -> {
          LOG.debug("Callback to {} failed: {}", request.uri().getHost(), failure.toString());
          return false;
        });
  }
}
