package io.mediaflow.sample;

import io.mediaflow.EmbeddedDefaultProcess;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.HashMap;
import java.util.Map;

/**
 * What the README's application.yml reads from the environment, pointed at an embedded default run
 * apart: the cluster's addresses, the sandbox's three APIs and keys, the key store, the callback
 * address and the secrets replicas must share. Every sample application and replica of the tests is
 * configured from this one map, so they cannot drift from each other or from the README.
 */
public final class SampleEnvironment {

  private SampleEnvironment() {}

  /**
   * A new map each call, with fresh secrets: a caller that runs replicas gives each the same map.
   */
  public static Map<String, String> of(
      EmbeddedDefaultProcess cluster, Path keyStore, String callbackBaseUrl) {
    String service = cluster.baseUrl() + "/sandbox";
    var environment = new HashMap<String, String>();
    environment.put("ZEEBE_GRPC_ADDRESS", cluster.gateway().toString());
    environment.put("ZEEBE_REST_ADDRESS", cluster.baseUrl());
    environment.put("MEDIAFLOW_TRANSCODING_BASE_URL", service + "/transcoding");
    environment.put("MEDIAFLOW_TRANSCODING_API_KEY", "sandbox-api-key");
    environment.put("MEDIAFLOW_LIVE_BASE_URL", service + "/live");
    environment.put("MEDIAFLOW_LIVE_API_KEY", "sandbox-api-key");
    environment.put("MEDIAFLOW_DELIVERY_BASE_URL", service + "/cdn");
    environment.put("MEDIAFLOW_DELIVERY_API_KEY", "sandbox-api-key");
    environment.put("MEDIAFLOW_STORAGE_URL", service + "/storage/{bucket}/{path}");
    environment.put("MEDIAFLOW_KEY_STORE_DIRECTORY", keyStore.toString());
    environment.put("MEDIAFLOW_KEY_STORE_MASTER_KEY", randomKey());
    environment.put("MEDIAFLOW_CALLBACK_BASE_URL", callbackBaseUrl);
    environment.put("MEDIAFLOW_CALLBACK_SECRET", randomKey());
    // Spring's relaxed binding of mediaflow.worker.state-secret, which the README's application.yml
    // does not map
    environment.put("MEDIAFLOW_WORKER_STATESECRET", randomKey());
    return environment;
  }

  private static String randomKey() {
    byte[] key = new byte[32];
    new SecureRandom().nextBytes(key);
    return Base64.getEncoder().encodeToString(key);
  }
}
