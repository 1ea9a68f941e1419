package io.mediaflow.delivery;

import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import io.mediaflow.api.operation.Input;
import io.mediaflow.api.operation.Operation;
import jakarta.validation.constraints.NotBlank;

/**
 * {@code PUT /v1/domains/<domain_id>}: only a {@code vod} domain's bucket can change; the service
 * refuses the rest.
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
@Operation(
    type = "mediaflow.delivery.update_domain",
    name = "Delivery: change a vod domain's bucket",
    description =
        "Points a vod playback domain at another media storage bucket (PUT /v1/domains/<domain_id>). Nothing else can change, and live domains not at all: delete the domain and create a new one instead.",
    resultVariable = "domain",
    errors = {"NOT_FOUND", "CONFLICT", "BAD_REQUEST", "FAILED"})
public record UpdateDomain(
    @NotBlank(message = "is required") @ServiceId @Input(label = "Domain id", value = "=domain.id")
        String domainId,
    @NotBlank(message = "is required") @BucketName @Input(label = "Bucket", value = "=bucketName")
        String bucketName) {}
