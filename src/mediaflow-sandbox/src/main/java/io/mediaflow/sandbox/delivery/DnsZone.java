package io.mediaflow.sandbox.delivery;

import com.fasterxml.jackson.annotation.JsonProperty;
import io.mediaflow.sandbox.state.SandboxDatabase;
import io.mediaflow.sandbox.state.Table;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentSkipListMap;
import org.springframework.stereotype.Component;

/**
 * The DNS records of the caller's domains, as the sandbox's TLS verification sees them. It stands
 * in for the domain owner's DNS zone, which the caller manages outside the service; only CNAME
 * records matter to the service, and a name holds at most one CNAME, so posting a record for a name
 * replaces it. The records are kept in the sandbox's database: a TLS subscription still pending at
 * a restart finds its record afterwards.
 */
@Component
public class DnsZone {

  public static final String CNAME = "CNAME";

  public record DnsRecord(
      @JsonProperty("type") String type,
      @JsonProperty("name") String name,
      @JsonProperty("value") String value) {}

  private final Map<String, DnsRecord> byName = new ConcurrentSkipListMap<>();
  private final Table<DnsRecord> table;

  public DnsZone(SandboxDatabase database) {
    this.table = database.table("dns_records", DnsRecord.class);
    byName.putAll(table.all());
  }

  public synchronized DnsRecord put(String type, String name, String value) {
    if (!CNAME.equalsIgnoreCase(type == null ? "" : type.strip())) {
      throw DeliveryException.invalid(
          "type: required, must be CNAME (the only record type the service checks)");
    }
    var record =
        new DnsRecord(CNAME, Fqdn.recordName("name", name), Fqdn.recordName("value", value));
    table.put(record.name(), record);
    byName.put(record.name(), record);
    return record;
  }

  public List<DnsRecord> list() {
    return List.copyOf(byName.values());
  }

  public Optional<DnsRecord> cname(String name) {
    return Optional.ofNullable(byName.get(name.toLowerCase(Locale.ROOT)));
  }

  public synchronized void delete(String name) {
    String key = Fqdn.recordName("name", name);
    if (byName.remove(key) == null) {
      throw DeliveryException.notFound("name: no DNS record named " + key);
    }
    table.remove(key);
  }
}
