package io.mediaflow.delivery;

import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import io.mediaflow.api.operation.Input;
import io.mediaflow.api.operation.Operation;
import jakarta.validation.constraints.NotBlank;

/**
 * {@code POST /v1/buckets/<bucket_name>/cache/purge} for one object, or {@code /cache/purge_all}
 * for the whole bucket.
 *
 * @param path the object's path inside the bucket; null for every object of the bucket
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
@Operation(
    type = "mediaflow.delivery.purge_cache",
    name = "Delivery: purge CDN cache",
    description =
        "Purges the CDN cache of a whole bucket (POST /v1/buckets/<bucket_name>/cache/purge_all) or, when a path is given, of one object (POST /v1/buckets/<bucket_name>/cache/purge). The result is true.",
    resultVariable = "cachePurged",
    errors = {"BAD_REQUEST", "NOT_FOUND", "FAILED"})
public record PurgeCache(
    @NotBlank(message = "is required") @BucketName @Input(label = "Bucket", value = "=bucketName")
        String bucketName,
    @ObjectPath
        @Input(
            label = "Path",
            description = "One object's path inside the bucket; empty for the whole bucket")
        String path) {}
