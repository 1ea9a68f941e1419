package io.mediaflow.live;

import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import io.mediaflow.api.operation.Input;
import jakarta.validation.constraints.NotBlank;

/**
 * {@code GET /v1/live-streams/<stream_id>}: the stream as the service sends it, secrets included.
 * The operations that read a stream, and those that wait for or list what it recorded, carry it.
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
public record GetStream(
    @NotBlank(message = "is required") @Input(label = "Stream ID", value = "=liveStream.id")
        String streamId) {}
