package io.mediaflow.app.rest;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.Partition.PartitionBrokerHealth;
import io.mediaflow.app.security.AccessProperties;
import jakarta.servlet.http.HttpServletRequest;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * Whether the engine answers ({@code /v2/status}, as a client checks before it starts) and who is
 * calling ({@code /v2/authentication/me}), as Camunda's REST API has them.
 */
@RestController
@RequestMapping("/v2")
class StatusController {

  /**
   * Who calls on this machine when no credentials are configured: anyone who can run a program
   * here.
   */
  static final String ANONYMOUS = "anonymous";

  /**
   * Who calls with the configured bearer token: a program, not a person (Camunda's {@code
   * apiUser}).
   */
  static final String API_CLIENT = "api-client";

  private final GatewayCalls gateway;
  private final AccessProperties access;

  StatusController(GatewayCalls gateway, AccessProperties access) {
    this.gateway = gateway;
    this.access = access;
  }

  /**
   * 204 when the engine's partition is healthy, 503 otherwise (as Camunda: at least one healthy
   * partition).
   */
  @GetMapping("/status")
  ResponseEntity<Void> status() {
    // The gateway in this process answers its topology itself: no call that could fail.
    boolean healthy =
        gateway.gateway().topology().getBrokersList().stream()
            .flatMap(broker -> broker.getPartitionsList().stream())
            .anyMatch(partition -> partition.getHealth() == PartitionBrokerHealth.HEALTHY);
    return ResponseEntity.status(healthy ? HttpStatus.NO_CONTENT : HttpStatus.SERVICE_UNAVAILABLE)
        .build();
  }

  /**
   * The caller, as the credentials it presented name it (the access filter has checked them): the
   * configured username over HTTP basic, {@value #API_CLIENT} over the bearer token; without
   * configured credentials, {@value #ANONYMOUS}. Every caller may do everything, in the one default
   * tenant.
   */
  @GetMapping("/authentication/me")
  ObjectNode me(HttpServletRequest request) {
    String authorization = request.getHeader(HttpHeaders.AUTHORIZATION);
    boolean basic =
        access.configured() && authorization != null && authorization.startsWith("Basic ");
    boolean token = access.configured() && !basic;
    String username = basic ? access.username() : token ? API_CLIENT : ANONYMOUS;
    ObjectNode me = Shapes.object();
    me.put("username", username);
    me.put("displayName", username);
    me.putNull("email");
    me.putArray("authorizedComponents").add("*");
    me.putArray("tenants").addObject().put("tenantId", Shapes.tenant(null)).put("name", "Default");
    me.putArray("groups");
    me.putArray("roles");
    me.putNull("salesPlanType");
    me.putObject("c8Links");
    me.put("canLogout", false);
    me.put("apiUser", token);
    return me;
  }
}
