package io.mediaflow.sandbox.delivery;

import com.fasterxml.jackson.annotation.JsonProperty;
import io.mediaflow.sandbox.StatusBody;
import java.util.List;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * Control endpoint, not part of the service: {@code /sandbox/dns/records} plays the domain owner's
 * DNS zone, so a demo or a test can create the CNAME record a TLS subscription asks for. No bearer:
 * it is the caller's own DNS.
 */
@RestController
@RequestMapping("/sandbox/dns/records")
class DnsControlController {

  record RecordsResponse(@JsonProperty("records") List<DnsZone.DnsRecord> records) {}

  private final DnsZone zone;

  DnsControlController(DnsZone zone) {
    this.zone = zone;
  }

  @PostMapping
  DnsZone.DnsRecord put(@RequestBody(required = false) DnsZone.DnsRecord request) {
    var body = request != null ? request : new DnsZone.DnsRecord(null, null, null);
    return zone.put(body.type(), body.name(), body.value());
  }

  @GetMapping
  RecordsResponse list() {
    return new RecordsResponse(zone.list());
  }

  @DeleteMapping("/{name}")
  StatusBody delete(@PathVariable String name) {
    zone.delete(name);
    return StatusBody.OK;
  }
}
