package io.mediaflow.callback;

import java.util.Map;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.context.properties.source.MapConfigurationPropertySource;

/**
 * The callback settings as an application gets them, bound by Spring Boot from {@link
 * CallbackProperties}' own defaults (so tests cannot drift from them).
 */
public final class DefaultCallbackProperties {

  private DefaultCallbackProperties() {}

  /** Callbacks off: no URL is handed out, and waits poll. */
  public static CallbackProperties off() {
    return bind(Map.of("mediaflow.callbacks.enabled", "false"));
  }

  /** Callbacks on, handed out under {@code baseUrl} and signed with {@code secret}. */
  public static CallbackProperties on(String baseUrl, String secret) {
    return bind(
        Map.of("mediaflow.callbacks.base-url", baseUrl, "mediaflow.callbacks.secret", secret));
  }

  private static CallbackProperties bind(Map<String, String> settings) {
    return new Binder(new MapConfigurationPropertySource(settings))
        .bindOrCreate("mediaflow.callbacks", CallbackProperties.class);
  }
}
