package io.mediaflow.delivery.worker;

import io.mediaflow.delivery.BucketName;
import io.mediaflow.worker.Input;
import io.mediaflow.worker.Operation;
import jakarta.validation.constraints.NotBlank;

@Operation(
    type = "mediaflow.delivery.delete_cors",
    name = "Delivery: delete bucket CORS policy",
    description =
        "Removes a bucket's whole CORS policy (DELETE /v1/buckets/<bucket_name>/cors). The result is true.",
    resultVariable = "corsDeleted",
    sideEffect = true,
    errors = {"BAD_REQUEST", "NOT_FOUND", "FAILED"})
record DeleteCorsInput(
    @NotBlank @BucketName @Input(label = "Bucket", value = "=bucketName") String bucketName) {}
