package io.mediaflow.sandbox.delivery;

import io.mediaflow.sandbox.state.SandboxDatabase;
import io.mediaflow.sandbox.state.Table;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import org.springframework.stereotype.Component;

/**
 * The account's bucket controls: each bucket's access policy ({@code public} by default) and CORS
 * policy, kept in the sandbox's database, so an authenticated bucket does not turn public with a
 * restart.
 */
@Component
public class BucketControls {

  public static final String PUBLIC = "public";
  public static final String AUTHENTICATED = "authenticated";

  /** The row of a bucket's access policy. */
  record SavedPolicy(String policy) {}

  /**
   * The row of a bucket's CORS policy: its headers, as {@code GET /v1/buckets/<bucket>/cors}
   * answers them.
   */
  record SavedCors(Map<String, String> headers) {}

  private final Map<String, String> accessPolicies = new ConcurrentHashMap<>();
  private final Map<String, BucketCorsPolicy> corsPolicies = new ConcurrentHashMap<>();
  private final Table<SavedPolicy> policyTable;
  private final Table<SavedCors> corsTable;

  public BucketControls(SandboxDatabase database) {
    this.policyTable = database.table("bucket_policies", SavedPolicy.class);
    this.corsTable = database.table("bucket_cors", SavedCors.class);
    policyTable.all().forEach((bucket, saved) -> accessPolicies.put(bucket, saved.policy()));
    corsTable
        .all()
        .forEach(
            (bucket, saved) -> corsPolicies.put(bucket, BucketCorsPolicy.saved(saved.headers())));
  }

  public synchronized void setAccessPolicy(String bucket, String policy) {
    if (!PUBLIC.equals(policy) && !AUTHENTICATED.equals(policy)) {
      throw DeliveryException.invalid(
          "policy_name: '" + policy + "' must be public or authenticated");
    }
    policyTable.put(bucket, new SavedPolicy(policy));
    accessPolicies.put(bucket, policy);
  }

  /** Every object of an authenticated bucket needs a signed token in {@code ?auth=}. */
  public boolean isAuthenticated(String bucket) {
    return AUTHENTICATED.equals(accessPolicies.getOrDefault(bucket, PUBLIC));
  }

  public synchronized void setCors(String bucket, BucketCorsPolicy policy) {
    corsTable.put(bucket, new SavedCors(policy.headers()));
    corsPolicies.put(bucket, policy);
  }

  /** The bucket's CORS policy; empty when none is set, and then the edge sends no CORS headers. */
  public Optional<BucketCorsPolicy> cors(String bucket) {
    return Optional.ofNullable(corsPolicies.get(bucket));
  }

  public synchronized void deleteCors(String bucket) {
    corsTable.remove(bucket);
    corsPolicies.remove(bucket);
  }

  public synchronized void deleteCorsHeader(String bucket, String headerName) {
    BucketCorsPolicy policy = corsPolicies.get(bucket);
    if (policy == null) {
      throw DeliveryException.notFound("bucket_name: bucket " + bucket + " has no CORS policy");
    }
    BucketCorsPolicy rest = policy.without(headerName, bucket);
    if (rest.isEmpty()) {
      deleteCors(bucket);
    } else {
      setCors(bucket, rest);
    }
  }
}
