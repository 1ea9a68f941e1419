package io.mediaflow.sandbox.delivery;

import com.fasterxml.jackson.annotation.JsonProperty;
import io.mediaflow.sandbox.StatusBody;
import io.mediaflow.sandbox.storage.MediaStorage;
import java.util.Map;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * Bucket controls: access policy, CORS policy and cache purge, under {@code
 * /v1/buckets/<bucket_name>}.
 */
@RestController
@RequestMapping(DeliveryWebConfiguration.API + "/buckets/{bucketName}")
class BucketsController {

  record PurgeRequest(@JsonProperty("path") String path) {}

  private final BucketControls controls;
  private final CdnCache cache;

  BucketsController(BucketControls controls, CdnCache cache) {
    this.controls = controls;
    this.cache = cache;
  }

  @PutMapping("/policy/{policyName}")
  StatusBody setAccessPolicy(@PathVariable String bucketName, @PathVariable String policyName) {
    controls.setAccessPolicy(bucket(bucketName), policyName);
    return StatusBody.OK;
  }

  /** Sets the whole CORS policy: headers not in the body are no longer part of it. */
  @PostMapping("/cors")
  StatusBody setCors(
      @PathVariable String bucketName, @RequestBody(required = false) Map<String, Object> body) {
    controls.setCors(bucket(bucketName), BucketCorsPolicy.of(body));
    return StatusBody.OK;
  }

  @GetMapping("/cors")
  Map<String, String> cors(@PathVariable String bucketName) {
    return controls.cors(bucket(bucketName)).map(BucketCorsPolicy::headers).orElse(Map.of());
  }

  @DeleteMapping("/cors")
  StatusBody deleteCors(@PathVariable String bucketName) {
    controls.deleteCors(bucket(bucketName));
    return StatusBody.OK;
  }

  @DeleteMapping("/cors/{headerName}")
  StatusBody deleteCorsHeader(@PathVariable String bucketName, @PathVariable String headerName) {
    controls.deleteCorsHeader(bucket(bucketName), headerName);
    return StatusBody.OK;
  }

  @PostMapping("/cache/purge_all")
  StatusBody purgeAll(@PathVariable String bucketName) {
    cache.purgeAll(bucket(bucketName));
    return StatusBody.OK;
  }

  @PostMapping("/cache/purge")
  StatusBody purge(
      @PathVariable String bucketName, @RequestBody(required = false) PurgeRequest request) {
    String bucket = bucket(bucketName);
    String path = request == null ? null : request.path();
    if (path == null || MediaStorage.normalize(path).isEmpty()) {
      throw DeliveryException.invalid(
          "path: required, the path of an object inside the bucket"
              + " (purge_all purges the whole bucket)");
    }
    cache.purge(bucket, path);
    return StatusBody.OK;
  }

  private static String bucket(String bucketName) {
    return BucketName.require("bucket_name", bucketName);
  }
}
