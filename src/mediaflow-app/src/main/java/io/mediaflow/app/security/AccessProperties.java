package io.mediaflow.app.security;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.Base64;
import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * Who may use the console, the REST API and the embedded gateway. Unset (the default), the
 * application listens on loopback only and asks nobody; set, every caller must present them,
 * whatever the address.
 *
 * @param username with {@code password}: HTTP basic ({@code Authorization: Basic ...})
 * @param password the password of {@code username}
 * @param token a bearer token ({@code Authorization: Bearer ...}); may be set together with, or
 *     instead of, a username and password
 */
@ConfigurationProperties("mediaflow.app.security")
public record AccessProperties(String username, String password, String token) {

  public AccessProperties {
    if (blank(username) != blank(password)) {
      throw new IllegalArgumentException(
          "mediaflow.app.security.username and mediaflow.app.security.password must be set together");
    }
  }

  public boolean configured() {
    return !blank(username) || !blank(token);
  }

  /** Username and password are configured (otherwise only a token). */
  boolean basic() {
    return !blank(username);
  }

  /**
   * Whether an {@code Authorization} header carries these credentials; compared in constant time.
   */
  public boolean accepts(String authorization) {
    if (authorization == null || !configured()) {
      return false;
    }
    if (!blank(token) && authorization.startsWith("Bearer ")) {
      return same(authorization.substring("Bearer ".length()), token);
    }
    if (!blank(username) && authorization.startsWith("Basic ")) {
      return same(authorization.substring("Basic ".length()), basicCredentials());
    }
    return false;
  }

  /** The header this application's own Camunda client sends to its embedded gateway. */
  public String authorization() {
    return !blank(token) ? "Bearer " + token : "Basic " + basicCredentials();
  }

  /**
   * Refuses to listen beyond this machine with nobody asked for credentials: the console, the task
   * API and the gateway start processes, show every variable and complete any task.
   *
   * @param property the property that set {@code address}, for the message
   */
  public void requireForAddress(String property, String address) {
    if (configured() || loopback(address)) {
      return;
    }
    throw new IllegalStateException(
        property
            + "="
            + address
            + " listens beyond this machine, but no credentials"
            + " are configured: set mediaflow.app.security.username and mediaflow.app.security.password, or"
            + " mediaflow.app.security.token, or listen on 127.0.0.1");
  }

  static boolean loopback(String address) {
    try {
      return address != null && InetAddress.getByName(address).isLoopbackAddress();
    } catch (UnknownHostException e) {
      return false;
    }
  }

  /** Never the secrets themselves: this record may end up in a log or an exception. */
  @Override
  public String toString() {
    return "AccessProperties[username="
        + username
        + ", password="
        + (blank(password) ? "unset" : "***")
        + ", token="
        + (blank(token) ? "unset" : "***")
        + "]";
  }

  private String basicCredentials() {
    return Base64.getEncoder()
        .encodeToString((username + ":" + password).getBytes(StandardCharsets.UTF_8));
  }

  private static boolean same(String presented, String expected) {
    return MessageDigest.isEqual(
        presented.getBytes(StandardCharsets.UTF_8), expected.getBytes(StandardCharsets.UTF_8));
  }

  private static boolean blank(String value) {
    return value == null || value.isBlank();
  }
}
