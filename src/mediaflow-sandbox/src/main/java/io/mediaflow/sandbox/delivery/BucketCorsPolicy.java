package io.mediaflow.sandbox.delivery;

import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.springframework.http.HttpHeaders;

/**
 * A bucket's CORS policy: CORS header names to string values, with document 1's rules. The edge
 * applies it: an allowed origin gets {@code Access-Control-Allow-Origin} (and the other headers), a
 * preflight for a method the policy does not list is refused. Without {@code
 * Access-Control-Allow-Methods} the policy allows GET and HEAD, the methods a bucket is read with.
 */
public final class BucketCorsPolicy {

  public static final String ALLOW_ORIGIN = "Access-Control-Allow-Origin";
  public static final String ALLOW_CREDENTIALS = "Access-Control-Allow-Credentials";
  public static final String ALLOW_METHODS = "Access-Control-Allow-Methods";
  public static final String MAX_AGE = "Access-Control-Max-Age";
  static final List<String> HEADERS =
      List.of(ALLOW_ORIGIN, ALLOW_CREDENTIALS, ALLOW_METHODS, MAX_AGE);

  static final List<String> METHODS =
      List.of("GET", "HEAD", "POST", "PUT", "DELETE", "CONNECT", "OPTIONS", "TRACE", "PATCH");
  private static final Pattern ORIGIN =
      Pattern.compile("(https?)://([a-z0-9.-]+|\\[[0-9a-f:.]+\\])(?::(\\d{1,5}))?");
  private static final Pattern SECONDS = Pattern.compile("\\d{1,9}");

  private final Map<String, String> headers;

  private BucketCorsPolicy(Map<String, String> headers) {
    this.headers = Collections.unmodifiableMap(headers);
  }

  /**
   * A policy from the request body of {@code POST /v1/buckets/<bucket>/cors}; refuses any broken
   * rule.
   */
  public static BucketCorsPolicy of(Map<String, Object> body) {
    if (body == null || body.isEmpty()) {
      throw DeliveryException.invalid(
          "body: an object of CORS header names to values, at least one of "
              + String.join(", ", HEADERS)
              + " (DELETE removes the policy)");
    }
    Map<String, String> headers = new LinkedHashMap<>();
    body.forEach(
        (name, value) -> {
          String header = canonicalName(name);
          if (!(value instanceof String text)) {
            throw DeliveryException.invalid(header + ": the value must be a string");
          }
          headers.put(header, validValue(header, text.strip()));
        });
    var policy = new BucketCorsPolicy(ordered(headers));
    policy.requireSpecificOriginForCredentials(DeliveryException::invalid);
    return policy;
  }

  /**
   * A policy as {@link #of} made it and {@link #headers} gave it to be kept: it was checked then.
   */
  static BucketCorsPolicy saved(Map<String, String> headers) {
    return new BucketCorsPolicy(ordered(headers));
  }

  /**
   * This policy without one header; refuses to leave credentials allowed without a specific origin.
   */
  public BucketCorsPolicy without(String headerName, String bucket) {
    String header = canonicalName(headerName);
    if (!headers.containsKey(header)) {
      throw DeliveryException.notFound(header + ": not set in the CORS policy of bucket " + bucket);
    }
    Map<String, String> rest = new LinkedHashMap<>(headers);
    rest.remove(header);
    var policy = new BucketCorsPolicy(rest);
    policy.requireSpecificOriginForCredentials(DeliveryException::conflict);
    return policy;
  }

  public Map<String, String> headers() {
    return headers;
  }

  public boolean isEmpty() {
    return headers.isEmpty();
  }

  /**
   * The CORS headers of the answer to a request from {@code origin} (none without an Origin
   * header): the allowed origin and credentials when the policy allows that origin, and {@code
   * Vary: Origin} whenever the answer depends on it, so shared caches keep the answers apart.
   */
  public HttpHeaders responseHeaders(String origin) {
    var headers = new HttpHeaders();
    if (origin == null) {
      return headers;
    }
    String allowed = this.headers.get(ALLOW_ORIGIN);
    if (allowed != null && !"*".equals(allowed)) {
      headers.add(HttpHeaders.VARY, HttpHeaders.ORIGIN);
    }
    allowedOrigin(origin)
        .ifPresent(
            answer -> {
              headers.set(ALLOW_ORIGIN, answer);
              if (this.headers.containsKey(ALLOW_CREDENTIALS)) {
                headers.set(ALLOW_CREDENTIALS, "true");
              }
            });
    return headers;
  }

  /**
   * The answer to a preflight from {@code origin} for {@code method}, or empty when the policy
   * allows either not. The headers the browser asks for are allowed as asked: the policy has no
   * header list, and players ask for ones such as Range.
   */
  public Optional<HttpHeaders> preflightHeaders(
      String origin, String method, String requestHeaders) {
    Set<String> methods = allowedMethods();
    if (allowedOrigin(origin).isEmpty()
        || method == null
        || !methods.contains(method.toUpperCase(Locale.ROOT))) {
      return Optional.empty();
    }
    HttpHeaders answer = responseHeaders(origin);
    answer.set(ALLOW_METHODS, String.join(", ", methods));
    Optional.ofNullable(headers.get(MAX_AGE)).ifPresent(seconds -> answer.set(MAX_AGE, seconds));
    if (requestHeaders != null && !requestHeaders.isBlank()) {
      answer.set(HttpHeaders.ACCESS_CONTROL_ALLOW_HEADERS, requestHeaders);
    }
    return Optional.of(answer);
  }

  private Optional<String> allowedOrigin(String origin) {
    String allowed = headers.get(ALLOW_ORIGIN);
    if (allowed == null || origin == null) {
      return Optional.empty();
    }
    if ("*".equals(allowed)) {
      return Optional.of("*");
    }
    return allowed.equalsIgnoreCase(origin) ? Optional.of(origin) : Optional.empty();
  }

  private Set<String> allowedMethods() {
    String methods = headers.get(ALLOW_METHODS);
    return methods == null ? new LinkedHashSet<>(List.of("GET", "HEAD")) : methodList(methods);
  }

  private void requireSpecificOriginForCredentials(Function<String, DeliveryException> error) {
    String origin = headers.get(ALLOW_ORIGIN);
    if (headers.containsKey(ALLOW_CREDENTIALS) && (origin == null || "*".equals(origin))) {
      throw error.apply(
          ALLOW_CREDENTIALS
              + ": true needs "
              + ALLOW_ORIGIN
              + " to be one specific origin, not *"
              + " or unset");
    }
  }

  private static String canonicalName(String name) {
    return HEADERS.stream()
        .filter(header -> header.equalsIgnoreCase(name))
        .findFirst()
        .orElseThrow(
            () ->
                DeliveryException.invalid(
                    "header_name: '"
                        + name
                        + "' is not a CORS header of the policy; one of "
                        + String.join(", ", HEADERS)));
  }

  private static String validValue(String header, String value) {
    return switch (header) {
      case ALLOW_ORIGIN -> validOrigin(value);
      case ALLOW_CREDENTIALS -> {
        if (!"true".equals(value)) {
          throw DeliveryException.invalid(
              ALLOW_CREDENTIALS + ": the only value is \"true\" (omit the header for" + " false)");
        }
        yield value;
      }
      case ALLOW_METHODS -> String.join(", ", methodList(value));
      case MAX_AGE -> {
        if (!SECONDS.matcher(value).matches()) {
          throw DeliveryException.invalid(
              MAX_AGE + ": must be a non-negative whole number of seconds");
        }
        yield String.valueOf(Integer.parseInt(value));
      }
      default -> throw new IllegalArgumentException(header);
    };
  }

  private static String validOrigin(String value) {
    if ("*".equals(value)) {
      return value;
    }
    Matcher origin = ORIGIN.matcher(value.toLowerCase(Locale.ROOT));
    boolean valid =
        origin.matches()
            && (origin.group(3) == null || validPort(Integer.parseInt(origin.group(3))));
    if (!valid) {
      throw DeliveryException.invalid(
          ALLOW_ORIGIN
              + ": '"
              + value
              + "' must be * or one origin"
              + " scheme://host[:port] (http or https, no path)");
    }
    return origin.group(0);
  }

  private static boolean validPort(int port) {
    return port >= 1 && port <= 65535;
  }

  private static Set<String> methodList(String value) {
    Set<String> methods =
        Arrays.stream(value.split(",", -1))
            .map(method -> method.strip().toUpperCase(Locale.ROOT))
            .collect(Collectors.toCollection(LinkedHashSet::new));
    if (methods.isEmpty() || !METHODS.containsAll(methods)) {
      throw DeliveryException.invalid(
          ALLOW_METHODS
              + ": '"
              + value
              + "' must be a comma-separated list of "
              + String.join(", ", METHODS));
    }
    return methods;
  }

  private static Map<String, String> ordered(Map<String, String> headers) {
    Map<String, String> ordered = new LinkedHashMap<>();
    HEADERS.stream()
        .filter(headers::containsKey)
        .forEach(header -> ordered.put(header, headers.get(header)));
    return ordered;
  }
}
