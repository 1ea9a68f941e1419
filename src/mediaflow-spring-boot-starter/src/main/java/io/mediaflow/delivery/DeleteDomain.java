package io.mediaflow.delivery;

import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import io.mediaflow.api.operation.Input;
import io.mediaflow.api.operation.Operation;
import jakarta.validation.constraints.NotBlank;

/** {@code DELETE /v1/domains/<domain_id>}. */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
@Operation(
    type = "mediaflow.delivery.delete_domain",
    name = "Delivery: delete playback domain",
    description = "Deletes a playback domain (DELETE /v1/domains/<domain_id>). The result is true.",
    resultVariable = "domainDeleted",
    sideEffect = true,
    errors = {"NOT_FOUND", "FAILED"})
public record DeleteDomain(
    @NotBlank(message = "is required") @ServiceId @Input(label = "Domain id", value = "=domain.id")
        String domainId) {}
