package io.mediaflow.delivery;

import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import io.mediaflow.api.operation.Input;
import io.mediaflow.api.operation.Operation;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;

/**
 * {@code PUT /v1/buckets/<bucket_name>/policy/<policy_name>}: {@code authenticated} makes every
 * object need a signed token.
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
@Operation(
    type = "mediaflow.delivery.set_bucket_policy",
    name = "Delivery: set bucket access policy",
    description =
        "Sets a bucket's access policy (PUT /v1/buckets/<bucket_name>/policy/<policy_name>): public (every bucket's default) or authenticated, after which every object needs a signed token in ?auth=. The result is the policy set.",
    resultVariable = "bucketPolicy",
    errors = {"BAD_REQUEST", "NOT_FOUND", "FAILED"})
public record SetBucketPolicy(
    @NotBlank(message = "is required") @BucketName @Input(label = "Bucket", value = "=bucketName")
        String bucketName,
    @NotNull(message = "must be public or authenticated")
        @Input(label = "Policy", value = "authenticated")
        BucketPolicy policy) {}
