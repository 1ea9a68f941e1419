package io.mediaflow.sandbox;

import org.springframework.http.ResponseEntity;

/**
 * Live playback behind a custom {@code live} playback domain, as the content delivery sandbox's
 * domain address hands it on: {@code
 * https://<custom_domain>/<playback_id>.m3u8?auth=<SIGNED_TOKEN>} (the spec's README), the playlist
 * naming its segments {@code <playback_id>/segment-<n>.ts}.
 */
public interface LiveDomainPlayback {

  /**
   * @param path the request's path under the domain, e.g. {@code /<playback_id>.m3u8}
   * @param auth the signed token of the {@code auth} query parameter, or null
   */
  ResponseEntity<?> serve(String domainName, String path, String auth);
}
