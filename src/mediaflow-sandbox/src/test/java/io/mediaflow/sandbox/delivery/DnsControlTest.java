package io.mediaflow.sandbox.delivery;

import static io.mediaflow.sandbox.delivery.CdnHttp.body;
import static io.mediaflow.sandbox.delivery.DomainsApiTest.error;
import static org.assertj.core.api.Assertions.assertThat;

import io.mediaflow.sandbox.SandboxTest;
import java.util.stream.StreamSupport;
import org.junit.jupiter.api.Test;

class DnsControlTest extends SandboxTest {

  private final CdnHttp cdn = new CdnHttp(baseUrl());

  @Test
  void cnameRecordsAreCreatedReplacedListedAndDeleted() {
    String name = "_acme-challenge." + DomainsApiTest.uniqueName();

    var created =
        cdn.plain(
            "POST",
            "/sandbox/dns/records",
            body("type", "CNAME", "name", name, "value", "a.example.net"));
    var replaced =
        cdn.plain(
            "POST",
            "/sandbox/dns/records",
            body("type", "cname", "name", name.toUpperCase() + ".", "value", "B.example.net."));

    assertThat(created.status()).isEqualTo(200);
    assertThat(created.json().get("name").asText()).isEqualTo(name);
    assertThat(replaced.json().get("value").asText()).isEqualTo("b.example.net");
    assertThat(
            StreamSupport.stream(
                    cdn.plain("GET", "/sandbox/dns/records", null)
                        .json()
                        .get("records")
                        .spliterator(),
                    false)
                .filter(record -> record.get("name").asText().equals(name))
                .map(record -> record.get("type").asText() + " " + record.get("value").asText()))
        .containsExactly("CNAME b.example.net");
    assertThat(
            cdn.plain("DELETE", "/sandbox/dns/records/" + name, null).json().get("status").asText())
        .isEqualTo("ok");
    assertThat(error(cdn.plain("DELETE", "/sandbox/dns/records/" + name, null), 404))
        .startsWith("name:");
  }

  @Test
  void recordsAreValidated() {
    assertThat(
            error(
                cdn.plain(
                    "POST",
                    "/sandbox/dns/records",
                    body("type", "TXT", "name", "x.example.com", "value", "y.example.net")),
                400))
        .startsWith("type:");
    assertThat(
            error(
                cdn.plain(
                    "POST",
                    "/sandbox/dns/records",
                    body("type", "CNAME", "name", "not a name", "value", "y.example.net")),
                400))
        .startsWith("name:");
    assertThat(
            error(
                cdn.plain(
                    "POST", "/sandbox/dns/records", body("type", "CNAME", "name", "x.example.com")),
                400))
        .startsWith("value:");
  }
}
