package io.mediaflow.delivery;

import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import io.mediaflow.api.operation.Input;
import io.mediaflow.api.operation.Operation;
import jakarta.validation.constraints.NotBlank;

/**
 * {@code POST /v1/buckets/<bucket_name>/cors}: the bucket's whole CORS policy, one field per header
 * the document lists; a header left null is not set. {@link CorsPolicy#check} holds the rules
 * between them.
 *
 * @param allowOrigin {@code *} or one origin
 * @param allowCredentials true needs one specific origin
 * @param allowMethods a comma-separated list from {@link CorsPolicy#METHODS}
 * @param maxAge seconds a preflight answer may be cached
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
@Operation(
    type = "mediaflow.delivery.set_cors",
    name = "Delivery: set bucket CORS policy",
    description =
        "Sets a bucket's whole CORS policy (POST /v1/buckets/<bucket_name>/cors). Credentials need one specific origin, not *; methods come from GET, HEAD, POST, PUT, DELETE, CONNECT, OPTIONS, TRACE, PATCH. The result is the policy as the API writes it (header names to values).",
    resultVariable = "cors",
    errors = {"BAD_REQUEST", "NOT_FOUND", "FAILED"})
public record SetCors(
    @NotBlank(message = "is required") @BucketName @Input(label = "Bucket", value = "=bucketName")
        String bucketName,
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

  /** The policy as the API writes it: header names to values. */
  public CorsPolicy policy() {
    return CorsPolicy.of(allowOrigin, allowCredentials, allowMethods, maxAge);
  }
}
