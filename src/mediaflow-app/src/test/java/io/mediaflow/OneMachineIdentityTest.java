package io.mediaflow;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.camunda.client.CamundaClient;
import io.camunda.client.api.command.ProblemException;
import io.camunda.client.api.search.response.User;
import java.net.URI;
import java.net.http.HttpRequest;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * What a client asks of one machine's Camunda before it does any work: the licence, and the
 * identities (the one user and the default tenant), read with Camunda's Java client over REST;
 * changes to identities are refused with a 403 that says why.
 */
class OneMachineIdentityTest extends MediaflowTest {

  private static final String USER = "anonymous";
  private static final String TENANT = "<default>";

  private CamundaClient client;

  @BeforeEach
  void connect() {
    client = userClient(true);
  }

  @AfterEach
  void disconnect() {
    client.close();
  }

  @Test
  void theLicenceIsADevelopmentOne() {
    var license = get("/v2/license");
    assertThat(license.statusCode()).isEqualTo(200);
    assertThat(json(license).path("validLicense").asBoolean(true)).isFalse();
    assertThat(json(license).path("licenseType").asText()).isEqualTo("unknown");
    assertThat(json(license).path("isCommercial").asBoolean(true)).isFalse();
  }

  @Test
  void theOneUserAndTheDefaultTenantAreFoundAndNothingElse() {
    assertThat(client.newUsersSearchRequest().send().join().items())
        .extracting(User::getUsername)
        .containsExactly(USER);
    assertThat(client.newUserGetRequest(USER).send().join().getName()).isEqualTo(USER);
    assertThat(
            client
                .newUsersSearchRequest()
                .filter(f -> f.username("someone-else"))
                .send()
                .join()
                .items())
        .isEmpty();
    assertThat(client.newTenantsSearchRequest().send().join().items())
        .singleElement()
        .satisfies(tenant -> assertThat(tenant.getTenantId()).isEqualTo(TENANT));
    assertThat(client.newTenantGetRequest(TENANT).send().join().getName()).isEqualTo("Default");
    assertThat(client.newUsersByTenantSearchRequest(TENANT).send().join().items())
        .extracting(user -> user.getUsername())
        .containsExactly(USER);
    assertThat(client.newGroupsSearchRequest().send().join().items()).isEmpty();
    assertThat(client.newRolesSearchRequest().send().join().items()).isEmpty();
    assertThat(json(post("/v2/authorizations/search", Map.of())).at("/page/totalItems").asInt())
        .isZero();
    assertThat(json(post("/v2/mapping-rules/search", Map.of())).at("/page/totalItems").asInt())
        .isZero();

    assertThatThrownBy(() -> client.newUserGetRequest("someone-else").send().join())
        .isInstanceOfSatisfying(
            ProblemException.class, missing -> assertThat(missing.code()).isEqualTo(404));
    assertThatThrownBy(() -> client.newRoleGetRequest("admin").send().join())
        .isInstanceOfSatisfying(
            ProblemException.class, missing -> assertThat(missing.code()).isEqualTo(404));
    assertThat(post("/v2/groups/editors/users/search", Map.of()).statusCode()).isEqualTo(404);
  }

  @Test
  void changesToIdentitiesAreRefusedSayingWhy() {
    assertThatThrownBy(
            () ->
                client
                    .newCreateUserCommand()
                    .username("editor")
                    .name("Editor")
                    .email("editor@example.com")
                    .password("a long passphrase")
                    .send()
                    .join())
        .isInstanceOfSatisfying(
            ProblemException.class,
            refused -> {
              assertThat(refused.code()).isEqualTo(403);
              assertThat(refused.details().getDetail())
                  .contains("one user ('" + USER + "')", "Use a Camunda 8 cluster for identity");
            });
    assertThatThrownBy(() -> client.newCreateGroupCommand().groupId("g").name("G").send().join())
        .isInstanceOfSatisfying(
            ProblemException.class, refused -> assertThat(refused.code()).isEqualTo(403));
    var delete =
        send(HttpRequest.newBuilder(URI.create(baseUrl() + "/v2/users/" + USER)).DELETE().build());
    assertThat(delete.statusCode()).isEqualTo(403);
    assertThat(json(delete).path("title").asText()).isEqualTo("FORBIDDEN");
    var assign =
        send(
            HttpRequest.newBuilder(
                    URI.create(baseUrl() + "/v2/tenants/%3Cdefault%3E/users/someone"))
                .PUT(HttpRequest.BodyPublishers.noBody())
                .build());
    assertThat(assign.statusCode()).isEqualTo(403);
    assertThat(post("/v2/setup/user", Map.of("username", "admin")).statusCode()).isEqualTo(403);
  }
}
