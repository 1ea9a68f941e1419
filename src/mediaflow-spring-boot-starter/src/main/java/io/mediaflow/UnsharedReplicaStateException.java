package io.mediaflow;

import java.util.List;

/**
 * The start of a replica that would keep to itself what replicas must share ({@link ReplicaCheck});
 * its message is the one line that names every property to set.
 */
class UnsharedReplicaStateException extends IllegalStateException {

  private final List<String> properties;

  UnsharedReplicaStateException(List<String> properties) {
    super(
        "mediaflow.replicated=true, but what replicas must share is not configured: "
            + String.join(", ", properties));
    this.properties = List.copyOf(properties);
  }

  /** The properties to set, the same on every replica. */
  public List<String> properties() {
    return properties;
  }
}
