package io.mediaflow.delivery.worker;

import io.mediaflow.api.operation.Input;
import io.mediaflow.api.operation.Operation;
import io.mediaflow.delivery.BucketName;
import io.mediaflow.delivery.CorsPolicy;
import io.mediaflow.delivery.DeliveryClient;
import io.mediaflow.worker.internal.OperationHandler;
import jakarta.validation.constraints.NotBlank;

@Operation(
    type = "mediaflow.delivery.set_cors",
    name = "Delivery: set bucket CORS policy",
    description =
        "Sets a bucket's whole CORS policy (POST /v1/buckets/<bucket_name>/cors). Credentials need one specific origin, not *; methods come from GET, HEAD, POST, PUT, DELETE, CONNECT, OPTIONS, TRACE, PATCH. The result is the policy as the API writes it (header names to values).",
    resultVariable = "cors",
    errors = {"BAD_REQUEST", "NOT_FOUND", "FAILED"})
record SetCorsInput(
    @NotBlank @BucketName @Input(label = "Bucket", value = "=bucketName") String bucketName,
    @Input(
            label = "Allowed origin",
            description =
                "Access-Control-Allow-Origin: * or one origin such as https://player.example.com",
            value = "*")
        String allowOrigin,
    @Input(
            label = "Allow credentials",
            description = "Access-Control-Allow-Credentials: true needs one specific origin")
        Boolean allowCredentials,
    @Input(
            label = "Allowed methods",
            description = "Access-Control-Allow-Methods, comma-separated",
            value = "GET, HEAD")
        String allowMethods,
    @Input(
            label = "Max age (seconds)",
            description = "Access-Control-Max-Age: how long a preflight answer may be cached")
        Integer maxAge) {

  CorsPolicy policy() {
    return CorsPolicy.of(allowOrigin, allowCredentials, allowMethods, maxAge);
  }

  static OperationHandler<SetCorsInput> handler(DeliveryClient client) {
    return OperationHandler.call(
        SetCorsInput.class,
        input -> {
          client.setCors(input.bucketName(), input.policy());
          return input.policy();
        });
  }
}
