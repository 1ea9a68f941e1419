package io.mediaflow.delivery.worker;

import io.mediaflow.api.operation.Input;
import io.mediaflow.api.operation.Operation;
import io.mediaflow.delivery.BucketName;
import io.mediaflow.delivery.DeliveryClient;
import io.mediaflow.delivery.ServiceId;
import io.mediaflow.worker.internal.OperationHandler;
import jakarta.validation.constraints.NotBlank;

@Operation(
    type = "mediaflow.delivery.update_domain",
    name = "Delivery: change a vod domain's bucket",
    description =
        "Points a vod playback domain at another media storage bucket (PUT /v1/domains/<domain_id>). Nothing else can change, and live domains not at all: delete the domain and create a new one instead.",
    resultVariable = "domain",
    errors = {"NOT_FOUND", "CONFLICT", "BAD_REQUEST", "FAILED"})
record UpdateDomainInput(
    @NotBlank @ServiceId @Input(label = "Domain id", value = "=domain.id") String domainId,
    @NotBlank @BucketName @Input(label = "Bucket", value = "=bucketName") String bucketName) {

  static OperationHandler<UpdateDomainInput> handler(DeliveryClient client) {
    return OperationHandler.call(
        UpdateDomainInput.class,
        input -> client.updateDomainBucket(input.domainId(), input.bucketName()));
  }
}
