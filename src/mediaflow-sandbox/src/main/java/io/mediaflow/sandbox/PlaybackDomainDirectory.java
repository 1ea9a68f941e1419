package io.mediaflow.sandbox;

import java.util.Optional;

/**
 * The playback domains the content delivery sandbox knows, as the live streaming sandbox needs
 * them: a stream may name a custom playback domain only if it exists as a {@code live} domain.
 */
public interface PlaybackDomainDirectory {

  /** The type ({@code live} or {@code vod}) of the domain with this FQDN, if it exists. */
  Optional<String> typeOf(String domainName);
}
