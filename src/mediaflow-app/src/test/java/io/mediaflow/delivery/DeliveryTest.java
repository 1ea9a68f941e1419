package io.mediaflow.delivery;

import com.fasterxml.jackson.databind.JsonNode;
import io.camunda.zeebe.protocol.record.Record;
import io.mediaflow.MediaflowTest;
import io.mediaflow.api.ApiException;
import io.mediaflow.api.ApiJson;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.stream.StreamSupport;
import org.junit.jupiter.api.AfterEach;
import org.springframework.beans.factory.annotation.Autowired;

/**
 * The application with the content delivery sandbox over real HTTP: the product's client, and what
 * a viewer's player or the domain owner's DNS would do. Domains and DNS records a test makes are
 * removed after it.
 */
public abstract class DeliveryTest extends MediaflowTest {

  @Autowired protected DeliveryClient delivery;

  private final List<String> domainNames = new ArrayList<>();
  private final List<String> dnsRecords = new ArrayList<>();

  @AfterEach
  void removeDomainsAndRecords() {
    for (Domain domain : delivery.listDomains(ListDomains.all())) {
      if (domainNames.contains(domain.domainName())) {
        delivery.deleteDomain(new DeleteDomain(domain.id()));
      }
    }
    dnsRecords.forEach(
        name ->
            send(
                HttpRequest.newBuilder(URI.create(baseUrl() + "/sandbox/dns/records/" + name))
                    .DELETE()
                    .build()));
    domainNames.clear();
    dnsRecords.clear();
  }

  /** A domain name no other test uses; removed after the test if it was created. */
  protected String domainName() {
    String name = "t" + UUID.randomUUID().toString().substring(0, 8) + ".example.com";
    domainNames.add(name);
    return name;
  }

  /** Creates the DNS record a domain owner would, through the sandbox's DNS control endpoint. */
  protected void createCname(String name, String value) {
    var answer =
        post("/sandbox/dns/records", Map.of("type", "CNAME", "name", name, "value", value));
    if (answer.statusCode() != 200) {
      throw new AssertionError("DNS record refused: " + answer.body());
    }
    dnsRecords.add(name);
  }

  /** GETs a URL as a browser would, from {@code origin} when given. */
  protected HttpResponse<String> fetch(String url, String origin) {
    var request = HttpRequest.newBuilder(URI.create(url)).GET();
    if (origin != null) {
      request.header("Origin", origin);
    }
    return send(request.build());
  }

  /**
   * The latest value of a variable of the instance's own scope, as its end state shows it to a
   * caller.
   */
  protected JsonNode processVariable(long processInstanceKey, String name) {
    return StreamSupport.stream(records().variableRecords().spliterator(), false)
        .map(Record::getValue)
        .filter(v -> v.getScopeKey() == processInstanceKey && v.getName().equals(name))
        .reduce((first, second) -> second)
        .map(
            v -> {
              try {
                return ApiJson.MAPPER.readTree(v.getValue());
              } catch (java.io.IOException e) {
                throw new java.io.UncheckedIOException(e);
              }
            })
        .orElseThrow(
            () ->
                new AssertionError(
                    "no process variable " + name + " in instance " + processInstanceKey));
  }

  /** The sandbox's requests so far, per endpoint ({@code GET /sandbox/stats}). */
  protected Map<String, Long> requestCounts() {
    var counts = new java.util.TreeMap<String, Long>();
    json(get("/sandbox/stats"))
        .path("requests")
        .fields()
        .forEachRemaining(field -> counts.put(field.getKey(), field.getValue().asLong()));
    return counts;
  }

  /** How many more requests an endpoint had in {@code after} than in {@code before}. */
  protected static long added(Map<String, Long> before, Map<String, Long> after, String endpoint) {
    return after.getOrDefault(endpoint, 0L) - before.getOrDefault(endpoint, 0L);
  }

  protected static String codeOf(Runnable call) {
    try {
      call.run();
      return "none";
    } catch (ApiException failure) {
      return failure.code();
    }
  }
}
