package io.mediaflow.live.internal;

import io.mediaflow.api.internal.SharedSecret;
import java.net.URI;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeMap;

/**
 * AWS Signature Version 4 for S3 requests without a body, as every S3-compatible storage checks it:
 * an {@code Authorization} header for a request the worker sends itself, or a presigned URL (query
 * parameters) for one someone else sends, such as the transcoding service fetching a recording.
 *
 * <p>Hand-written rather than the AWS SDK's {@code AwsV4HttpSigner} ({@code
 * software.amazon.awssdk:http-auth-aws}), which signs the same way: for these 150 lines the signer
 * would add ten jars (0.7 MB), one of them {@code org.reactivestreams:reactive-streams} under
 * MIT-0, where the plugin adds Apache-2.0 dependencies only. {@code S3SignatureTest} holds this
 * class to Amazon's published examples and to the SDK's signer (test scope).
 *
 * @param region the storage's region, {@code us-east-1} for most S3-compatible services
 * @param accessKey the access key ID
 * @param secretKey the secret access key; used for the signing key only, never written anywhere
 */
record S3Signature(String region, String accessKey, String secretKey) {

  private static final String ALGORITHM = "AWS4-HMAC-SHA256";
  private static final String EMPTY_SHA256 =
      "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855";
  private static final DateTimeFormatter TIMESTAMP =
      DateTimeFormatter.ofPattern("yyyyMMdd'T'HHmmss'Z'").withZone(ZoneOffset.UTC);

  /**
   * The headers that sign a GET of {@code uri} at {@code now}: {@code x-amz-date}, the payload
   * hash, Authorization.
   */
  Map<String, String> headers(URI uri, Instant now) {
    String timestamp = TIMESTAMP.format(now);
    var signed = new TreeMap<String, String>();
    signed.put("host", host(uri));
    signed.put("x-amz-content-sha256", EMPTY_SHA256);
    signed.put("x-amz-date", timestamp);
    String signature =
        signature(
            "GET", uri.getRawPath(), canonicalQuery(query(uri)), signed, EMPTY_SHA256, timestamp);
    var headers = new LinkedHashMap<String, String>();
    headers.put("x-amz-date", timestamp);
    headers.put("x-amz-content-sha256", EMPTY_SHA256);
    headers.put(
        "Authorization",
        ALGORITHM
            + " Credential="
            + accessKey
            + "/"
            + scope(timestamp)
            + ", SignedHeaders="
            + String.join(";", signed.keySet())
            + ", Signature="
            + signature);
    return headers;
  }

  /** {@code uri} with the query parameters that let anyone GET it until {@code now + lifetime}. */
  URI presigned(URI uri, Instant now, Duration lifetime) {
    String timestamp = TIMESTAMP.format(now);
    var query = query(uri);
    query.put("X-Amz-Algorithm", ALGORITHM);
    query.put("X-Amz-Credential", accessKey + "/" + scope(timestamp));
    query.put("X-Amz-Date", timestamp);
    query.put("X-Amz-Expires", Long.toString(lifetime.toSeconds()));
    query.put("X-Amz-SignedHeaders", "host");
    String canonical = canonicalQuery(query);
    String signature =
        signature(
            "GET",
            uri.getRawPath(),
            canonical,
            new TreeMap<>(Map.of("host", host(uri))),
            "UNSIGNED-PAYLOAD",
            timestamp);
    return URI.create(
        uri.getScheme()
            + "://"
            + uri.getRawAuthority()
            + uri.getRawPath()
            + "?"
            + canonical
            + "&X-Amz-Signature="
            + signature);
  }

  private String signature(
      String method,
      String path,
      String query,
      TreeMap<String, String> headers,
      String payloadHash,
      String timestamp) {
    var canonicalHeaders = new StringBuilder();
    headers.forEach(
        (name, value) ->
            canonicalHeaders.append(name).append(':').append(value.strip()).append('\n'));
    String request =
        String.join(
            "\n",
            method,
            path.isEmpty() ? "/" : path,
            query,
            canonicalHeaders.toString(),
            String.join(";", headers.keySet()),
            payloadHash);
    String toSign = String.join("\n", ALGORITHM, timestamp, scope(timestamp), hex(sha256(request)));
    byte[] key =
        hmac(("AWS4" + secretKey).getBytes(StandardCharsets.UTF_8), timestamp.substring(0, 8));
    for (String part : new String[] {region, "s3", "aws4_request"}) {
      key = hmac(key, part);
    }
    return hex(hmac(key, toSign));
  }

  private String scope(String timestamp) {
    return timestamp.substring(0, 8) + "/" + region + "/s3/aws4_request";
  }

  /**
   * The query's parameters by name, decoded; S3 paths and keys here have no repeated parameters.
   */
  private static TreeMap<String, String> query(URI uri) {
    var parameters = new TreeMap<String, String>();
    if (uri.getRawQuery() != null) {
      for (String pair : uri.getRawQuery().split("&")) {
        int equals = pair.indexOf('=');
        String name = equals < 0 ? pair : pair.substring(0, equals);
        String value = equals < 0 ? "" : pair.substring(equals + 1);
        parameters.put(decode(name), decode(value));
      }
    }
    return parameters;
  }

  /**
   * Sorted by name, each name and value encoded as SigV4 asks (RFC 3986 unreserved characters
   * kept).
   */
  private static String canonicalQuery(Map<String, String> parameters) {
    var sorted = new TreeMap<String, String>();
    parameters.forEach((name, value) -> sorted.put(encode(name), encode(value)));
    var query = new StringBuilder();
    sorted.forEach(
        (name, value) ->
            query.append(query.isEmpty() ? "" : "&").append(name).append('=').append(value));
    return query.toString();
  }

  static String encode(String text) {
    return URLEncoder.encode(text, StandardCharsets.UTF_8)
        .replace("+", "%20")
        .replace("*", "%2A")
        .replace("%7E", "~");
  }

  private static String decode(String text) {
    return java.net.URLDecoder.decode(text.replace("+", "%2B"), StandardCharsets.UTF_8);
  }

  private static String host(URI uri) {
    boolean defaultPort =
        uri.getPort() == -1 || uri.getPort() == ("https".equals(uri.getScheme()) ? 443 : 80);
    return defaultPort ? uri.getHost() : uri.getHost() + ":" + uri.getPort();
  }

  private static byte[] sha256(String text) {
    try {
      return MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8));
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("SHA-256 is part of every JDK", e);
    }
  }

  private static byte[] hmac(byte[] key, String data) {
    return SharedSecret.hmacSha256(key, data.getBytes(StandardCharsets.UTF_8));
  }

  private static String hex(byte[] bytes) {
    return HexFormat.of().formatHex(bytes);
  }

  @Override
  public String toString() {
    return "S3Signature[region=" + region + ", accessKey=" + accessKey + ", secretKey=***]";
  }
}
