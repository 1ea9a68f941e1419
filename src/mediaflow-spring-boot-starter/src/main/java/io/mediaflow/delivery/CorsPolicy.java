package io.mediaflow.delivery;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import io.mediaflow.api.InvalidRequestException;
import io.mediaflow.api.internal.Rules;
import java.net.URI;
import java.net.URISyntaxException;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * A bucket's CORS policy as document 1 defines it: CORS header names to string values. It is
 * written and read as that object, so as a process variable it has the API's own form.
 */
public record CorsPolicy(@JsonValue Map<String, String> headers) {

  public static final String ALLOW_ORIGIN = "Access-Control-Allow-Origin";
  public static final String ALLOW_CREDENTIALS = "Access-Control-Allow-Credentials";
  public static final String ALLOW_METHODS = "Access-Control-Allow-Methods";
  public static final String MAX_AGE = "Access-Control-Max-Age";
  public static final List<String> HEADERS =
      List.of(ALLOW_ORIGIN, ALLOW_CREDENTIALS, ALLOW_METHODS, MAX_AGE);

  /** The methods document 1 allows in {@code Access-Control-Allow-Methods}. */
  public static final List<String> METHODS =
      List.of("GET", "HEAD", "POST", "PUT", "DELETE", "CONNECT", "OPTIONS", "TRACE", "PATCH");

  @JsonCreator
  public CorsPolicy {
    headers =
        headers == null ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(headers));
  }

  /**
   * A policy from its parts; null parts are left out.
   *
   * @param allowCredentials true adds {@code Access-Control-Allow-Credentials: true}; false and
   *     null leave it out (the documented value is only {@code true})
   * @param allowMethods a comma-separated list, e.g. {@code GET, HEAD}
   */
  public static CorsPolicy of(
      String allowOrigin, Boolean allowCredentials, String allowMethods, Integer maxAge) {
    var headers = new LinkedHashMap<String, String>();
    if (allowOrigin != null) {
      headers.put(ALLOW_ORIGIN, allowOrigin);
    }
    if (Boolean.TRUE.equals(allowCredentials)) {
      headers.put(ALLOW_CREDENTIALS, "true");
    }
    if (allowMethods != null) {
      headers.put(ALLOW_METHODS, allowMethods);
    }
    if (maxAge != null) {
      headers.put(MAX_AGE, Integer.toString(maxAge));
    }
    return new CorsPolicy(headers);
  }

  /** Document 1's rules for a policy being set; every broken one is named. */
  public void check() {
    var rules = new Rules();
    rules.require(
        !headers.isEmpty(), "cors", "needs at least one of " + String.join(", ", HEADERS));
    headers.keySet().stream()
        .filter(name -> !HEADERS.contains(name))
        .forEach(
            name ->
                rules.add(
                    name, "not a header of the CORS policy; one of " + String.join(", ", HEADERS)));
    String origin = headers.get(ALLOW_ORIGIN);
    if (origin != null) {
      rules.require(
          "*".equals(origin) || isOrigin(origin),
          ALLOW_ORIGIN,
          "must be * or one origin, scheme://host[:port] without a path");
    }
    String credentials = headers.get(ALLOW_CREDENTIALS);
    if (credentials != null) {
      rules.require(
          "true".equals(credentials),
          ALLOW_CREDENTIALS,
          "the only value is true (leave it out for false)");
      rules.require(
          origin != null && !"*".equals(origin),
          ALLOW_CREDENTIALS,
          "true needs " + ALLOW_ORIGIN + " to be one specific origin, not * or unset");
    }
    String methods = headers.get(ALLOW_METHODS);
    if (methods != null) {
      rules.require(
          Arrays.stream(methods.split(",", -1))
              .map(method -> method.strip().toUpperCase(Locale.ROOT))
              .allMatch(METHODS::contains),
          ALLOW_METHODS,
          "must be a comma-separated list of " + String.join(", ", METHODS));
    }
    String maxAge = headers.get(MAX_AGE);
    if (maxAge != null) {
      rules.require(
          maxAge.matches("\\d{1,9}"), MAX_AGE, "must be a whole number of seconds, 0 or more");
    }
    rules.throwIfBroken();
  }

  /**
   * The header's documented spelling, whatever the case it was given in; unknown names are refused.
   */
  public static String headerName(String name) {
    return HEADERS.stream()
        .filter(header -> header.equalsIgnoreCase(name == null ? "" : name.strip()))
        .findFirst()
        .orElseThrow(
            () ->
                InvalidRequestException.field(
                    "header_name", "must be one of " + String.join(", ", HEADERS)));
  }

  private static boolean isOrigin(String value) {
    try {
      URI uri = new URI(value);
      String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
      return (scheme.equals("http") || scheme.equals("https"))
          && uri.getHost() != null
          && uri.getRawPath().isEmpty()
          && uri.getRawQuery() == null
          && uri.getRawFragment() == null
          && uri.getRawUserInfo() == null
          && uri.getPort() <= 65535;
    } catch (URISyntaxException e) {
      return false;
    }
  }
}
