package io.mediaflow.sandbox.delivery;

import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import org.springframework.stereotype.Component;

/** The account's bucket controls: each bucket's access policy ({@code public} by default) and CORS policy. */
@Component
public class BucketControls {

  public static final String PUBLIC = "public";
  public static final String AUTHENTICATED = "authenticated";

  private final Map<String, String> accessPolicies = new ConcurrentHashMap<>();
  private final Map<String, CorsPolicy> corsPolicies = new ConcurrentHashMap<>();

  public void setAccessPolicy(String bucket, String policy) {
    if (!PUBLIC.equals(policy) && !AUTHENTICATED.equals(policy)) {
      throw DeliveryException.invalid("policy_name: '" + policy + "' must be public or authenticated");
    }
    accessPolicies.put(bucket, policy);
  }

  /** Every object of an authenticated bucket needs a signed token in {@code ?auth=}. */
  public boolean isAuthenticated(String bucket) {
    return AUTHENTICATED.equals(accessPolicies.getOrDefault(bucket, PUBLIC));
  }

  public void setCors(String bucket, CorsPolicy policy) {
    corsPolicies.put(bucket, policy);
  }

  /** The bucket's CORS policy; empty when none is set, and then the edge sends no CORS headers. */
  public Optional<CorsPolicy> cors(String bucket) {
    return Optional.ofNullable(corsPolicies.get(bucket));
  }

  public void deleteCors(String bucket) {
    corsPolicies.remove(bucket);
  }

  public void deleteCorsHeader(String bucket, String headerName) {
    corsPolicies.compute(bucket, (name, policy) -> {
      if (policy == null) {
        throw DeliveryException.notFound("bucket_name: bucket " + bucket + " has no CORS policy");
      }
      CorsPolicy rest = policy.without(headerName, bucket);
      return rest.isEmpty() ? null : rest;
    });
  }
}
