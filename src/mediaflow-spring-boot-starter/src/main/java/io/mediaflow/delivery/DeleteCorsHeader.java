package io.mediaflow.delivery;

import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import io.mediaflow.api.operation.Input;
import io.mediaflow.api.operation.Operation;
import jakarta.validation.constraints.NotBlank;

/**
 * {@code DELETE /v1/buckets/<bucket_name>/cors/<header_name>}: one header of the policy, one of
 * {@link CorsPolicy#HEADERS} ({@link CorsPolicy#headerName}).
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
@Operation(
    type = "mediaflow.delivery.delete_cors_header",
    name = "Delivery: delete one CORS header",
    description =
        "Removes one header from a bucket's CORS policy (DELETE /v1/buckets/<bucket_name>/cors/<header_name>). The result is true.",
    resultVariable = "corsHeaderDeleted",
    sideEffect = true,
    errors = {"BAD_REQUEST", "NOT_FOUND", "CONFLICT", "FAILED"})
public record DeleteCorsHeader(
    @NotBlank(message = "is required") @BucketName @Input(label = "Bucket", value = "=bucketName")
        String bucketName,
    @NotBlank(message = "is required")
        @Input(
            label = "Header",
            choices = {
              CorsPolicy.ALLOW_ORIGIN,
              CorsPolicy.ALLOW_CREDENTIALS,
              CorsPolicy.ALLOW_METHODS,
              CorsPolicy.MAX_AGE
            })
        String headerName) {}
