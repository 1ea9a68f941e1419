package io.mediaflow.delivery.worker;

import io.mediaflow.api.operation.Input;
import io.mediaflow.api.operation.Operation;
import io.mediaflow.delivery.BucketName;
import io.mediaflow.delivery.DeliveryClient;
import io.mediaflow.worker.internal.OperationHandler;
import jakarta.validation.constraints.NotBlank;

@Operation(
    type = "mediaflow.delivery.purge_cache",
    name = "Delivery: purge CDN cache",
    description =
        "Purges the CDN cache of a whole bucket (POST /v1/buckets/<bucket_name>/cache/purge_all) or, when a path is given, of one object (POST /v1/buckets/<bucket_name>/cache/purge). The result is true.",
    resultVariable = "cachePurged",
    errors = {"BAD_REQUEST", "NOT_FOUND", "FAILED"})
record PurgeCacheInput(
    @NotBlank @BucketName @Input(label = "Bucket", value = "=bucketName") String bucketName,
    @Input(
            label = "Path",
            description = "One object's path inside the bucket; empty for the whole bucket")
        String path) {

  static OperationHandler<PurgeCacheInput> handler(DeliveryClient client) {
    return OperationHandler.call(
        PurgeCacheInput.class,
        input ->
            DeliveryWorkers.done(
                () -> {
                  if (input.path() == null || input.path().isBlank()) {
                    client.purgeCache(input.bucketName());
                  } else {
                    client.purgeCache(input.bucketName(), input.path());
                  }
                }));
  }
}
