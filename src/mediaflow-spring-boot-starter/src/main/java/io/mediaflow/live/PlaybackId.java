package io.mediaflow.live;

import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;

/**
 * A playback ID of a stream.
 *
 * @param policy {@code public} or {@code authenticated} (see {@link PlaybackPolicy}); kept as sent
 * @param created creation timestamp
 * @param playbackUrl the player's URL; for HLS it ends with {@code playlist.m3u8}
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
public record PlaybackId(String id, String policy, String created, String playbackUrl) {}
