package io.mediaflow.sandbox.delivery;

import io.mediaflow.sandbox.SandboxClock;
import io.mediaflow.sandbox.SandboxProfile;
import io.mediaflow.sandbox.state.SandboxDatabase;
import io.mediaflow.sandbox.state.Table;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import org.springframework.stereotype.Component;

/**
 * The account's bucket controls: each bucket's access policy ({@code public} by default) and CORS
 * policy, kept in the sandbox's database, so an authenticated bucket does not turn public with a
 * restart.
 *
 * <p>Document 1 does not say when a policy set reaches the CDN's edge: by default at once; under
 * the variation {@value #POLICY_APPLIES_LATE}, the edge goes on serving a bucket with its previous
 * access policy for {@code mediaflow.sandbox.delivery.edge-delay} (nominal) after the policy
 * changed, although the set answered {@code {status: "ok"}}.
 */
@Component
public class BucketControls {

  public static final String PUBLIC = "public";
  public static final String AUTHENTICATED = "authenticated";

  /** The variation of a policy the edge applies late. */
  static final String POLICY_APPLIES_LATE = "policy-applies-late";

  /** A change of a bucket's access policy on its way to the edge. */
  private record Change(String previous, Instant atEdge) {}

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
  private final SandboxProfile profile;
  private final SandboxClock clock;
  private final Duration edgeDelay;

  /** In memory only: after a restart every policy is at the edge. */
  private final Map<String, Change> changes = new ConcurrentHashMap<>();

  public BucketControls(
      SandboxDatabase database,
      SandboxProfile profile,
      SandboxClock clock,
      SandboxDeliveryProperties properties) {
    this.edgeDelay = properties.edgeDelay();
    this.profile = profile;
    this.clock = clock;
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
    String previous = accessPolicies.getOrDefault(bucket, PUBLIC);
    policyTable.put(bucket, new SavedPolicy(policy));
    accessPolicies.put(bucket, policy);
    if (!previous.equals(policy)) {
      changes.put(bucket, new Change(previous, clock.deadline(edgeDelay)));
    }
  }

  /**
   * Every object of an authenticated bucket needs a signed token in {@code ?auth=}: as the edge
   * applies the policy (late, under {@value #POLICY_APPLIES_LATE}).
   */
  public boolean isAuthenticated(String bucket) {
    String policy = accessPolicies.getOrDefault(bucket, PUBLIC);
    Change change = changes.get(bucket);
    if (change != null
        && profile.varies(POLICY_APPLIES_LATE)
        && Instant.now().isBefore(change.atEdge())) {
      policy = change.previous();
    }
    return AUTHENTICATED.equals(policy);
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
