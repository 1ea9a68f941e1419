package io.mediaflow.delivery;

import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import io.mediaflow.api.operation.Input;
import io.mediaflow.api.operation.Operation;
import jakarta.validation.constraints.NotBlank;

/** {@code GET /v1/domains/<domain_id>}. */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
@Operation(
    type = "mediaflow.delivery.get_domain",
    name = "Delivery: get playback domain",
    description = "Reads one playback domain (GET /v1/domains/<domain_id>).",
    resultVariable = "domain",
    errors = {"NOT_FOUND"})
public record GetDomain(
    @NotBlank(message = "is required") @ServiceId @Input(label = "Domain id", value = "=domain.id")
        String domainId) {}
