package io.mediaflow;

import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.List;
import java.util.Map;

/**
 * The application as docs/embedded-app.md's "a real cluster" command starts it, a worker
 * application of a cluster started apart: its secrets and keys from the environment, the service's
 * addresses (here the cluster's sandbox) on the command line.
 */
public final class WorkerApplicationSettings {

  private WorkerApplicationSettings() {}

  /** The API keys, the shared secrets and the key store, as a platform gives them. */
  public static Map<String, String> environment(Path keyStore) {
    return Map.of(
        "MEDIAFLOW_TRANSCODING_API_KEY", "sandbox-api-key",
        "MEDIAFLOW_LIVE_API_KEY", "sandbox-api-key",
        "MEDIAFLOW_DELIVERY_API_KEY", "sandbox-api-key",
        "MEDIAFLOW_CALLBACK_SECRET", randomKey(),
        "MEDIAFLOW_WORKER_STATE_SECRET", randomKey(),
        "MEDIAFLOW_KEY_STORE_DIRECTORY", keyStore.toString(),
        "MEDIAFLOW_KEY_STORE_MASTER_KEY", randomKey());
  }

  /**
   * Without its engine and sandbox, reaching the service at {@code service} (a sandbox's base
   * address) and called back at {@code callbacks}.
   */
  public static List<String> settings(String service, String callbacks) {
    return List.of(
        "--mediaflow.engine.embedded=false",
        "--mediaflow.sandbox.enabled=false",
        "--mediaflow.transcoding.base-url=" + service + "/transcoding",
        "--mediaflow.live.base-url=" + service + "/live",
        "--mediaflow.live.dvr-storage-url=" + service + "/dvr",
        "--mediaflow.delivery.base-url=" + service + "/cdn",
        "--mediaflow.delivery.storage-url=" + service + "/storage/{bucket}/{path}",
        "--mediaflow.delivery.domain-url=" + service + "/domains/{domain}/{path}",
        "--mediaflow.delivery.region=us-west",
        "--mediaflow.callbacks.base-url=" + callbacks,
        "--camunda.client.mode=self-managed");
  }

  /** A random 256-bit key in base64, as {@code openssl rand -base64 32} makes one. */
  public static String randomKey() {
    byte[] key = new byte[32];
    new SecureRandom().nextBytes(key);
    return Base64.getEncoder().encodeToString(key);
  }
}
