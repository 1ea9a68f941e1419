package io.mediaflow.app.rest;

import java.util.List;
import javax.annotation.Nonnull;

/**
 * A job activation ({@code POST /v2/jobs/activation}), as the specification's {@code
 * JobActivationRequest} has it and with its {@code tenantFilter}. A record rather than the class
 * camunda-client-java 8.8 generates, because that class has no {@code tenantFilter}: the clients
 * that send it (Camunda's later ones, asking for the tenants assigned to them) would be refused for
 * a property unknown to it.
 */
record JobActivationRequest(
    @Nonnull String type,
    String worker,
    @Nonnull Long timeout,
    @Nonnull Integer maxJobsToActivate,
    List<String> fetchVariable,
    Long requestTimeout,
    List<String> tenantIds,
    TenantFilter tenantFilter) {

  /** Whose tenants' jobs: those the request names, or those assigned to the caller. */
  enum TenantFilter {
    PROVIDED,
    ASSIGNED
  }
}
