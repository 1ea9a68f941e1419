package io.mediaflow.app.rest;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.camunda.client.protocol.rest.TenantResult;
import io.camunda.client.protocol.rest.UserResult;
import io.mediaflow.app.security.AccessProperties;
import jakarta.servlet.http.HttpServletRequest;
import java.util.List;
import java.util.Map;
import org.springframework.http.HttpStatus;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestMethod;
import org.springframework.web.bind.annotation.RestController;

/**
 * Identity as the embedded default has it: one user, the default tenant, and nothing else (no
 * groups, roles, mapping rules or authorizations: every caller may do everything). The searches and
 * gets of Camunda's identity operations answer from that, so test set-up code and clients that look
 * up the current tenant or user work; every change (create, update, delete, assign, unassign) is
 * refused with a 403 that says why, since there is nothing to keep identities in.
 *
 * <p>The table of collections below is the whole of it: each collection's items, the field that
 * identifies one, and which of its members' searches hold anyone.
 */
@RestController
@RequestMapping("/v2")
class IdentityController {

  /** The collections of Camunda's identity API, as path segments. */
  private static final String COLLECTION =
      "{collection:users|tenants|groups|roles|mapping-rules|authorizations}";

  /** The members' searches a collection's item has ({@code /tenants/{id}/users/search}). */
  private static final String MEMBERS = "{members:users|clients|groups|roles|mapping-rules}";

  private static final String DEFAULT_TENANT_NAME = "Default";

  private final AccessProperties access;

  IdentityController(AccessProperties access) {
    this.access = access;
  }

  /** The field that identifies an item of each collection, as its get names it. */
  private static final Map<String, String> ID_FIELDS =
      Map.of(
          "users", "username",
          "tenants", "tenantId",
          "groups", "groupId",
          "roles", "roleId",
          "mapping-rules", "mappingRuleId",
          "authorizations", "authorizationKey");

  /**
   * The one user: the configured username, or on this machine without credentials the same name
   * {@code /v2/authentication/me} gives its callers.
   */
  private String username() {
    String configured = access.username();
    return configured == null || configured.isBlank() ? StatusController.ANONYMOUS : configured;
  }

  private List<ObjectNode> items(String collection) {
    return switch (collection) {
      case "users" ->
          List.of(Shapes.tree(new UserResult().username(username()).name(username()).email(null)));
      case "tenants" ->
          List.of(
              Shapes.tree(
                  new TenantResult()
                      .tenantId(Shapes.tenant(null))
                      .name(DEFAULT_TENANT_NAME)
                      .description("The embedded default's one tenant")));
      default -> List.of();
    };
  }

  /** The default tenant's users are the one user; nothing else has members. */
  private List<ObjectNode> members(String collection, String members) {
    return collection.equals("tenants") && members.equals("users") ? items("users") : List.of();
  }

  @PostMapping("/" + COLLECTION + "/search")
  ObjectNode search(
      @PathVariable String collection, @RequestBody(required = false) JsonNode query) {
    return Search.of(query).apply(items(collection).stream());
  }

  @GetMapping("/" + COLLECTION + "/{id}")
  ObjectNode get(@PathVariable String collection, @PathVariable String id) {
    return find(collection, id);
  }

  @PostMapping("/" + COLLECTION + "/{id}/" + MEMBERS + "/search")
  ObjectNode searchMembers(
      @PathVariable String collection,
      @PathVariable String id,
      @PathVariable String members,
      @RequestBody(required = false) JsonNode query) {
    find(collection, id);
    return Search.of(query).apply(members(collection, members).stream());
  }

  /**
   * Every change to identities, Camunda's create, update, delete, assign and unassign operations
   * and the first administrator's set-up.
   */
  @RequestMapping(
      method = RequestMethod.POST,
      path = {"/" + COLLECTION, "/setup/user"})
  void create(HttpServletRequest request) {
    throw unchangeable(request);
  }

  @RequestMapping(
      method = {RequestMethod.PUT, RequestMethod.DELETE},
      path = {"/" + COLLECTION + "/{id}", "/" + COLLECTION + "/{id}/" + MEMBERS + "/{member}"})
  void change(HttpServletRequest request) {
    throw unchangeable(request);
  }

  private ObjectNode find(String collection, String id) {
    String field = ID_FIELDS.get(collection);
    return items(collection).stream()
        .filter(item -> item.path(field).asText().equals(id))
        .findFirst()
        .orElseThrow(
            () ->
                ApiProblem.notFound(
                    "No "
                        + collection
                        + " entry with "
                        + field
                        + " '"
                        + id
                        + "': the embedded default has one user ('"
                        + username()
                        + "'), the tenant '"
                        + Shapes.tenant(null)
                        + "' and no groups, roles, mapping rules or authorizations"));
  }

  private ApiProblem unchangeable(HttpServletRequest request) {
    return new ApiProblem(
        HttpStatus.FORBIDDEN,
        "FORBIDDEN",
        request.getMethod()
            + " "
            + request.getRequestURI()
            + ": the embedded default has one user ('"
            + username()
            + "') and one tenant ('"
            + Shapes.tenant(null)
            + "'), and every caller may do everything; it keeps no identities to change."
            + " Use a Camunda 8 cluster for identity.");
  }
}
