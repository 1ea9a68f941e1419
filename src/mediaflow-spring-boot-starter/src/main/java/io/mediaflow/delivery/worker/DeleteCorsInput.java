package io.mediaflow.delivery.worker;

import io.mediaflow.api.operation.Input;
import io.mediaflow.api.operation.Operation;
import io.mediaflow.delivery.BucketName;
import io.mediaflow.delivery.DeliveryClient;
import io.mediaflow.worker.internal.OperationHandler;
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
    @NotBlank @BucketName @Input(label = "Bucket", value = "=bucketName") String bucketName) {

  static OperationHandler<DeleteCorsInput> handler(DeliveryClient client) {
    return OperationHandler.delete(
        DeleteCorsInput.class,
        (input, job) -> DeliveryWorkers.done(() -> client.deleteCors(input.bucketName())),
        (input, job) ->
            DeliveryWorkers.gone(
                "the CORS policy of bucket " + input.bucketName(),
                client.getCors(input.bucketName()).headers().isEmpty()));
  }
}
