package io.mediaflow;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import org.junit.jupiter.api.Test;

/**
 * The command endpoints read their bodies into the request model of Camunda 8.8's specification as
 * strictly as Camunda does: a property the operation does not have, a number given as text and a
 * required property left out are each refused with a 400 problem naming the property, before the
 * engine is asked anything (so the keys here need not exist).
 */
class RequestBodiesTest extends MediaflowTest {

  @Test
  void anUnknownPropertyIsRefusedByName() {
    assertRefused("PUT", "/v2/clock", "{\"timestamp\": 1, \"zone\": \"UTC\"}", "[zone] is unknown");
    assertRefused(
        "POST",
        "/v2/messages/publication",
        "{\"name\": \"m\", \"correlationKey\": \"k\", \"ttl\": 5}",
        "[ttl] is unknown");
    assertRefused(
        "PATCH",
        "/v2/jobs/1",
        "{\"changeset\": {\"retries\": 3, \"retriesLeft\": 3}}",
        "[changeset.retriesLeft] is unknown; changeset takes [retries, timeout]");
    assertRefused(
        "POST",
        "/v2/jobs/1/completion",
        "{\"result\": {\"type\": \"userTask\", \"corrections\": {\"owner\": \"ann\"}}}",
        "[result.corrections.owner] is unknown");
    assertRefused(
        "PATCH",
        "/v2/user-tasks/1",
        "{\"changeset\": {\"dueDate\": \"2030-01-01T00:00:00Z\", \"due\": \"x\"}}",
        "[changeset.due] is unknown");
    assertRefused("POST", "/v2/incidents/1/resolution", "{\"force\": true}", "[force] is unknown");
    assertRefused(
        "POST",
        "/v2/process-instances/1/modification",
        "{\"terminateInstructions\": [{\"elementInstanceKey\": \"2\", \"elementId\": \"A\"}]}",
        "[terminateInstructions[0].elementId] is unknown");
    assertRefused(
        "POST",
        "/v2/process-instances/modification",
        "{\"filter\": {}, \"moveInstructions\": [{\"sourceElementId\": \"A\","
            + " \"targetElementId\": \"B\", \"variables\": {}}]}",
        "[moveInstructions[0].variables] is unknown");
  }

  @Test
  void aNumberGivenAsTextIsRefusedByName() {
    assertRefused("PUT", "/v2/clock", "{\"timestamp\": \"1\"}", "timestamp must be a whole number");
    assertRefused(
        "POST",
        "/v2/messages/publication",
        "{\"name\": \"m\", \"correlationKey\": \"k\", \"timeToLive\": \"5\"}",
        "timeToLive must be a whole number");
    assertRefused(
        "POST", "/v2/jobs/1/failure", "{\"retries\": \"3\"}", "retries must be a whole number");
    assertRefused(
        "PATCH",
        "/v2/jobs/1",
        "{\"changeset\": {\"timeout\": \"1000\"}}",
        "changeset.timeout must be a whole number");
    assertRefused(
        "PATCH",
        "/v2/user-tasks/1",
        "{\"changeset\": {\"priority\": \"50\"}}",
        "changeset.priority must be a whole number");
    assertRefused(
        "PUT",
        "/v2/element-instances/1/variables",
        "{\"variables\": {}, \"local\": \"true\"}",
        "local must be true or false");
    assertRefused(
        "POST",
        "/v2/process-instances",
        "{\"processDefinitionId\": \"p\", \"processDefinitionVersion\": \"2\"}",
        "processDefinitionVersion must be a whole number");
    assertRefused(
        "POST",
        "/v2/process-instances/cancellation",
        "{\"filter\": \"all\"}",
        "filter must be a JSON object");
  }

  @Test
  void aValueOutsideAnEnumerationIsRefusedNamingTheValues() {
    assertRefused(
        "POST",
        "/v2/jobs/activation",
        "{\"type\": \"t\", \"timeout\": 1, \"maxJobsToActivate\": 1, \"tenantFilter\": \"MINE\"}",
        "tenantFilter must be PROVIDED or ASSIGNED, got 'MINE'");
    assertRefused(
        "POST",
        "/v2/jobs/1/completion",
        "{\"result\": {\"type\": \"somethingElse\"}}",
        "result.type must be userTask or adHocSubProcess, got 'somethingElse'");
  }

  @Test
  void aRequiredPropertyLeftOutIsRefusedByName() {
    assertRefused("PUT", "/v2/clock", "{}", "timestamp is required");
    assertRefused("POST", "/v2/signals/broadcast", "{\"variables\": {}}", "signalName is required");
  }

  /** A document's {@code metadata} part is read into the request model as a body is. */
  @Test
  void aDocumentsMetadataIsReadAsStrictly() {
    assertRefused(
        "multipart/form-data; boundary=b",
        "POST",
        "/v2/documents",
        "--b\r\nContent-Disposition: form-data; name=\"file\"; filename=\"a.txt\"\r\n\r\na\r\n"
            + "--b\r\nContent-Disposition: form-data; name=\"metadata\"\r\n"
            + "Content-Type: application/json\r\n\r\n{\"owner\": \"ann\"}\r\n--b--\r\n",
        "[metadata.owner] is unknown; metadata takes [contentType, customProperties,");
  }

  private void assertRefused(String method, String path, String body, String reason) {
    assertRefused("application/json", method, path, body, reason);
  }

  private void assertRefused(
      String contentType, String method, String path, String body, String reason) {
    HttpResponse<String> answer =
        send(
            HttpRequest.newBuilder(URI.create(baseUrl() + path))
                .header("Content-Type", contentType)
                .method(method, HttpRequest.BodyPublishers.ofString(body))
                .build());
    assertThat(answer.statusCode()).as(answer.body()).isEqualTo(400);
    assertThat(answer.headers().firstValue("Content-Type")).hasValue("application/problem+json");
    assertThat(json(answer).path("title").asText()).isEqualTo("INVALID_ARGUMENT");
    assertThat(json(answer).path("detail").asText()).as(path).contains(reason);
  }
}
