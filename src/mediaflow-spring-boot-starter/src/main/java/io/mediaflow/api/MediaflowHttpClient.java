package io.mediaflow.api;

import okhttp3.OkHttpClient;

/**
 * The OkHttp client the three API clients share, connection pool and threads included; each derives
 * its own timeouts from it with {@code newBuilder()}. A type of Mediaflow's own, so that it neither
 * takes the place of an {@code OkHttpClient} the application has nor collides with one; an
 * application that needs a proxy or its own trust store declares a bean of this type.
 *
 * @param okHttp without retries on connection failure: the clients decide what is safe to send
 *     again
 */
public record MediaflowHttpClient(OkHttpClient okHttp) {

  public static MediaflowHttpClient standard() {
    return new MediaflowHttpClient(
        new OkHttpClient.Builder().retryOnConnectionFailure(false).build());
  }
}
