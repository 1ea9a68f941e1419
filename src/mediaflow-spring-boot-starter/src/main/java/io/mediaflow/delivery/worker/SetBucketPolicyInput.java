package io.mediaflow.delivery.worker;

import io.mediaflow.api.operation.Input;
import io.mediaflow.api.operation.Operation;
import io.mediaflow.delivery.BucketName;
import io.mediaflow.delivery.BucketPolicy;
import io.mediaflow.delivery.DeliveryClient;
import io.mediaflow.worker.internal.OperationHandler;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;

@Operation(
    type = "mediaflow.delivery.set_bucket_policy",
    name = "Delivery: set bucket access policy",
    description =
        "Sets a bucket's access policy (PUT /v1/buckets/<bucket_name>/policy/<policy_name>): public (every bucket's default) or authenticated, after which every object needs a signed token in ?auth=. The result is the policy set.",
    resultVariable = "bucketPolicy",
    errors = {"BAD_REQUEST", "NOT_FOUND", "FAILED"})
record SetBucketPolicyInput(
    @NotBlank @BucketName @Input(label = "Bucket", value = "=bucketName") String bucketName,
    @NotNull @Input(label = "Policy", value = "authenticated") BucketPolicy policy) {

  static OperationHandler<SetBucketPolicyInput> handler(DeliveryClient client) {
    return OperationHandler.call(
        SetBucketPolicyInput.class,
        input -> {
          client.setBucketPolicy(input.bucketName(), input.policy());
          return input.policy().value();
        });
  }
}
