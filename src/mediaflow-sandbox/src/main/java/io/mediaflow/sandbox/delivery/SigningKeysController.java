package io.mediaflow.sandbox.delivery;

import com.fasterxml.jackson.annotation.JsonProperty;
import io.mediaflow.sandbox.StatusBody;
import java.util.List;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

/** Signing keys: {@code /v1/signing-keys}. */
@RestController
@RequestMapping(DeliveryWebConfiguration.API + "/signing-keys")
class SigningKeysController {

  record KeyRequest(
      @JsonProperty("domain_id") String domainId,
      @JsonProperty("stream_id") String streamId,
      @JsonProperty("bucket_name") String bucketName,
      @JsonProperty("name") String name) {}

  record KeyResponse(@JsonProperty("signing_key") DeliverySigningKey key) {}

  record KeysResponse(@JsonProperty("signing_keys") List<DeliverySigningKey> keys) {}

  private final SigningKeys keys;

  SigningKeysController(SigningKeys keys) {
    this.keys = keys;
  }

  @PostMapping
  KeyResponse create(@RequestBody(required = false) KeyRequest request) {
    KeyRequest body = orEmpty(request);
    return new KeyResponse(
        keys.create(body.domainId(), body.streamId(), body.bucketName(), body.name()));
  }

  @GetMapping
  KeysResponse list() {
    return new KeysResponse(keys.list());
  }

  @GetMapping("/{signingKeyId}")
  KeyResponse get(@PathVariable String signingKeyId) {
    return new KeyResponse(keys.get(signingKeyId));
  }

  @PutMapping("/{signingKeyId}")
  KeyResponse rename(
      @PathVariable String signingKeyId, @RequestBody(required = false) KeyRequest request) {
    KeyRequest body = orEmpty(request);
    if (body.domainId() != null || body.streamId() != null || body.bucketName() != null) {
      throw DeliveryException.invalid(
          "domain_id, stream_id, bucket_name: a key's binding is fixed at creation; only name can be updated");
    }
    return new KeyResponse(keys.rename(signingKeyId, body.name()));
  }

  @DeleteMapping("/{signingKeyId}")
  StatusBody delete(@PathVariable String signingKeyId) {
    keys.delete(signingKeyId);
    return StatusBody.OK;
  }

  private static KeyRequest orEmpty(KeyRequest request) {
    return request != null ? request : new KeyRequest(null, null, null, null);
  }
}
