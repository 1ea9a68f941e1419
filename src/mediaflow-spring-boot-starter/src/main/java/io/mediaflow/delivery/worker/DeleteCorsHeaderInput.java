package io.mediaflow.delivery.worker;

import io.mediaflow.api.operation.Input;
import io.mediaflow.api.operation.Operation;
import io.mediaflow.delivery.BucketName;
import io.mediaflow.delivery.CorsPolicy;
import io.mediaflow.delivery.DeliveryClient;
import io.mediaflow.worker.internal.OperationHandler;
import jakarta.validation.constraints.NotBlank;

@Operation(
    type = "mediaflow.delivery.delete_cors_header",
    name = "Delivery: delete one CORS header",
    description =
        "Removes one header from a bucket's CORS policy (DELETE /v1/buckets/<bucket_name>/cors/<header_name>). The result is true.",
    resultVariable = "corsHeaderDeleted",
    sideEffect = true,
    errors = {"BAD_REQUEST", "NOT_FOUND", "CONFLICT", "FAILED"})
record DeleteCorsHeaderInput(
    @NotBlank @BucketName @Input(label = "Bucket", value = "=bucketName") String bucketName,
    @NotBlank
        @Input(
            label = "Header",
            choices = {
              CorsPolicy.ALLOW_ORIGIN,
              CorsPolicy.ALLOW_CREDENTIALS,
              CorsPolicy.ALLOW_METHODS,
              CorsPolicy.MAX_AGE
            })
        String headerName) {

  static OperationHandler<DeleteCorsHeaderInput> handler(DeliveryClient client) {
    return OperationHandler.delete(
        DeleteCorsHeaderInput.class,
        (input, job) ->
            DeliveryWorkers.done(
                () -> client.deleteCorsHeader(input.bucketName(), input.headerName())),
        (input, job) ->
            DeliveryWorkers.gone(
                "CORS header " + input.headerName() + " of bucket " + input.bucketName(),
                client.getCors(input.bucketName()).headers().keySet().stream()
                    .noneMatch(header -> header.equalsIgnoreCase(input.headerName()))));
  }
}
