package io.mediaflow.delivery.worker;

import io.mediaflow.api.operation.Input;
import io.mediaflow.api.operation.Operation;
import io.mediaflow.delivery.BucketName;
import io.mediaflow.delivery.DeliveryClient;
import io.mediaflow.worker.internal.OperationHandler;
import jakarta.validation.constraints.NotBlank;

@Operation(
    type = "mediaflow.delivery.get_cors",
    name = "Delivery: get bucket CORS policy",
    description =
        "Reads a bucket's CORS policy (GET /v1/buckets/<bucket_name>/cors): header names to values, empty when none is set.",
    resultVariable = "cors",
    errors = {"BAD_REQUEST", "NOT_FOUND"})
record GetCorsInput(
    @NotBlank @BucketName @Input(label = "Bucket", value = "=bucketName") String bucketName) {

  static OperationHandler<GetCorsInput> handler(DeliveryClient client) {
    return OperationHandler.call(GetCorsInput.class, input -> client.getCors(input.bucketName()));
  }
}
