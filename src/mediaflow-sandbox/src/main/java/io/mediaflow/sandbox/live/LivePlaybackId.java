package io.mediaflow.sandbox.live;

import java.util.List;

/**
 * A playback ID of a stream; its {@code playback_url} is derived from it (see {@link
 * StreamAddresses}).
 *
 * @param policy {@code public}, or {@code authenticated} (playback needs a token signed with a key
 *     of the content delivery API)
 */
record LivePlaybackId(String id, String policy, String created) {

  static final List<String> POLICIES = List.of("public", "authenticated");
}
