package io.mediaflow.delivery;

import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import io.mediaflow.api.operation.Input;
import io.mediaflow.api.operation.Operation;
import jakarta.validation.constraints.NotBlank;

/** {@code DELETE /v1/buckets/<bucket_name>/cors}: the whole policy. */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
@Operation(
    type = "mediaflow.delivery.delete_cors",
    name = "Delivery: delete bucket CORS policy",
    description =
        "Removes a bucket's whole CORS policy (DELETE /v1/buckets/<bucket_name>/cors). The result is true.",
    resultVariable = "corsDeleted",
    sideEffect = true,
    errors = {"BAD_REQUEST", "NOT_FOUND", "FAILED"})
public record DeleteCors(
    @NotBlank(message = "is required") @BucketName @Input(label = "Bucket", value = "=bucketName")
        String bucketName) {}
