package io.mediaflow.sandbox.delivery;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * A signing key as the service answers it: only the binding field given at creation is present,
 * {@code name} is always present ({@code null} when unset), and {@code private_key} only in the
 * creation response.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record DeliverySigningKey(
    @JsonProperty("id") String id,
    @JsonProperty("name") @JsonInclude(JsonInclude.Include.ALWAYS) String name,
    @JsonProperty("domain_id") String domainId,
    @JsonProperty("stream_id") String streamId,
    @JsonProperty("bucket_name") String bucketName,
    @JsonProperty("private_key") String privateKey,
    @JsonProperty("created") String created) {

  static DeliverySigningKey of(
      String id, String name, SigningKeyBinding binding, String privateKey, String created) {
    return new DeliverySigningKey(
        id,
        name,
        binding.valueOf(SigningKeyBinding.Kind.DOMAIN),
        binding.valueOf(SigningKeyBinding.Kind.STREAM),
        binding.valueOf(SigningKeyBinding.Kind.BUCKET),
        privateKey,
        created);
  }
}
