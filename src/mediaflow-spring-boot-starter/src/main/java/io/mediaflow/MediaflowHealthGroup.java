package io.mediaflow;

import java.util.LinkedHashMap;
import java.util.Map;
import org.springframework.boot.actuate.endpoint.SecurityContext;
import org.springframework.boot.actuate.health.AdditionalHealthEndpointPath;
import org.springframework.boot.actuate.health.HealthEndpointGroup;
import org.springframework.boot.actuate.health.HealthEndpointGroups;
import org.springframework.boot.actuate.health.HttpCodeStatusMapper;
import org.springframework.boot.actuate.health.StatusAggregator;

/**
 * The health group {@code mediaflow}: the plugin's contributor of that name on its own, shown as
 * the health endpoint shows everything else (its components, details, status order and HTTP codes
 * are the endpoint's). An application that configures a group of that name ({@code
 * management.endpoint.health.group.mediaflow.*}) keeps its own instead.
 */
final class MediaflowHealthGroup implements HealthEndpointGroup {

  static final String NAME = "mediaflow";

  private final HealthEndpointGroup endpoint;

  private MediaflowHealthGroup(HealthEndpointGroup endpoint) {
    this.endpoint = endpoint;
  }

  /** {@code groups} with this group among them, unless they have one of its name already. */
  static HealthEndpointGroups addTo(HealthEndpointGroups groups) {
    if (groups.get(NAME) != null) {
      return groups;
    }
    Map<String, HealthEndpointGroup> named = new LinkedHashMap<>();
    groups.getNames().forEach(name -> named.put(name, groups.get(name)));
    named.put(NAME, new MediaflowHealthGroup(groups.getPrimary()));
    return HealthEndpointGroups.of(groups.getPrimary(), named);
  }

  /** The endpoint asks for each indicator by its path: {@code mediaflow/transcoding}, ... */
  @Override
  public boolean isMember(String name) {
    return name.equals(NAME) || name.startsWith(NAME + "/");
  }

  @Override
  public boolean showComponents(SecurityContext securityContext) {
    return endpoint.showComponents(securityContext);
  }

  @Override
  public boolean showDetails(SecurityContext securityContext) {
    return endpoint.showDetails(securityContext);
  }

  @Override
  public StatusAggregator getStatusAggregator() {
    return endpoint.getStatusAggregator();
  }

  @Override
  public HttpCodeStatusMapper getHttpCodeStatusMapper() {
    return endpoint.getHttpCodeStatusMapper();
  }

  /** None: it is under the health endpoint's path only. */
  @Override
  public AdditionalHealthEndpointPath getAdditionalPath() {
    return null;
  }
}
