package io.mediaflow;

import io.mediaflow.callback.CallbackProperties;
import io.mediaflow.delivery.signing.FileSigningKeyStore;
import io.mediaflow.delivery.signing.SigningKeyStore;
import io.mediaflow.worker.WorkerProperties;
import java.util.ArrayList;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.SmartInitializingSingleton;

/**
 * The one place that knows what replicas must share: the key that signs job state, the key that
 * signs callback URLs (while callbacks are on), and the store of signing keys' private keys (while
 * the content delivery API is on). Each falls back to something that lasts this run on this replica
 * only; that is fine for one replica, which is warned, and wrong for several, which fail each
 * other's jobs, callbacks and signatures, so with {@code mediaflow.replicated=true} the start
 * stops, naming every missing property. Runs once all beans are made, before any worker opens.
 */
class ReplicaCheck implements SmartInitializingSingleton {

  private static final Logger LOG = LoggerFactory.getLogger(ReplicaCheck.class);

  private final ReplicaProperties replicas;
  private final WorkerProperties worker;
  private final CallbackProperties callbacks;
  private final ObjectProvider<SigningKeyStore> keyStore;

  public ReplicaCheck(
      ReplicaProperties replicas,
      WorkerProperties worker,
      CallbackProperties callbacks,
      ObjectProvider<SigningKeyStore> keyStore) {
    this.replicas = replicas;
    this.worker = worker;
    this.callbacks = callbacks;
    this.keyStore = keyStore;
  }

  @Override
  public void afterSingletonsInstantiated() {
    List<Unshared> missing = missing();
    if (replicas.replicated() && !missing.isEmpty()) {
      throw new UnsharedReplicaStateException(missing.stream().map(Unshared::property).toList());
    }
    missing.forEach(unshared -> LOG.warn("No {}: {}", unshared.property(), unshared.consequence()));
  }

  private List<Unshared> missing() {
    var missing = new ArrayList<Unshared>();
    if (worker.stateSecret().isEmpty()) {
      missing.add(
          new Unshared(
              "mediaflow.worker.state-secret",
              "job state is signed with a random key that lives"
                  + " as long as this run, so replicas cannot read each other's and a restart forgets it"));
    }
    if (callbacks.enabled() && callbacks.secret().isEmpty()) {
      missing.add(
          new Unshared(
              "mediaflow.callbacks.secret",
              "callback URLs are signed with a random key that lives as long as this run"));
    }
    if (keyStore.getIfUnique() instanceof FileSigningKeyStore files && files.keptForThisRunOnly()) {
      missing.add(
          new Unshared(
              "mediaflow.delivery.key-store.master-key (with a DataSource, or with directory)",
              "private keys of signing keys are kept encrypted in a temporary directory with a master key made for this"
                  + " run, so they do NOT survive a restart and other replicas cannot sign with them"));
    }
    return missing;
  }

  /** A property replicas must share, and what this replica does without it. */
  private record Unshared(String property, String consequence) {}
}
