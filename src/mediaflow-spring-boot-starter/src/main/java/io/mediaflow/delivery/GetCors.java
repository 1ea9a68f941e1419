package io.mediaflow.delivery;

import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import io.mediaflow.api.operation.Input;
import io.mediaflow.api.operation.Operation;
import jakarta.validation.constraints.NotBlank;

/** {@code GET /v1/buckets/<bucket_name>/cors}: the policy, empty when none is set. */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
@Operation(
    type = "mediaflow.delivery.get_cors",
    name = "Delivery: get bucket CORS policy",
    description =
        "Reads a bucket's CORS policy (GET /v1/buckets/<bucket_name>/cors): header names to values, empty when none is set.",
    resultVariable = "cors",
    errors = {"BAD_REQUEST", "NOT_FOUND"})
public record GetCors(
    @NotBlank(message = "is required") @BucketName @Input(label = "Bucket", value = "=bucketName")
        String bucketName) {}
