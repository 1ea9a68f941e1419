package io.mediaflow.sandbox.live;

import jakarta.servlet.http.HttpServletRequest;
import java.net.URLDecoder;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * AWS Signature Version 4 as an S3-compatible storage checks it, for the DVR destinations the
 * sandbox stands for: a request signed in its {@code Authorization} header (within 15 minutes of
 * its {@code x-amz-date}) or by a presigned URL (until {@code X-Amz-Expires}, at most 7 days), with
 * the secret of the access key it names. The sandbox also presigns the download links of its
 * recordings control with the same rule.
 *
 * <p>Its own code, HMAC included, rather than the plugin's {@code S3Signature} or a library: the
 * sandbox stands for an independent service, and a verifier sharing the signer's code would pass
 * the signer's mistakes. The AWS SDK has a signer ({@code AwsV4HttpSigner}) but no verifier:
 * checking a request signed over the headers it names, with the payload hash it claims, needs this
 * canonical request anyway. The plugin's signer is held to the SDK's in its own tests.
 */
final class S3Signatures {

  static final String ALGORITHM = "AWS4-HMAC-SHA256";
  private static final Duration CLOCK_SKEW = Duration.ofMinutes(15);
  private static final long MAX_EXPIRES = Duration.ofDays(7).toSeconds();
  private static final DateTimeFormatter TIMESTAMP =
      DateTimeFormatter.ofPattern("yyyyMMdd'T'HHmmss'Z'").withZone(ZoneOffset.UTC);
  private static final Pattern AUTHORIZATION =
      Pattern.compile(
          ALGORITHM
              + " Credential=([^/,]+)/(\\d{8})/([^/,]+)/s3/aws4_request, ?SignedHeaders=([a-z0-9;-]+), ?Signature=([0-9a-f]{64})");
  private static final Pattern CREDENTIAL =
      Pattern.compile("([^/]+)/(\\d{8})/([^/]+)/s3/aws4_request");

  /**
   * What a signed request claims: who signed it, when, for which region, over which headers, with
   * which signature.
   */
  record Claim(
      String accessKey,
      String date,
      String region,
      List<String> signedHeaders,
      String signature,
      String timestamp,
      String payloadHash,
      Long expires) {}

  private S3Signatures() {}

  /**
   * The request's claim, from its Authorization header or its presigned query; empty for an
   * anonymous request.
   */
  static Optional<Claim> claim(HttpServletRequest request) {
    String header = request.getHeader("Authorization");
    if (header != null) {
      Matcher parts = AUTHORIZATION.matcher(header.strip());
      if (!parts.matches()) {
        return Optional.of(malformed());
      }
      String payload = request.getHeader("x-amz-content-sha256");
      return Optional.of(
          new Claim(
              parts.group(1),
              parts.group(2),
              parts.group(3),
              List.of(parts.group(4).split(";")),
              parts.group(5),
              request.getHeader("x-amz-date"),
              payload == null ? "" : payload,
              null));
    }
    Map<String, String> query = query(request.getQueryString());
    if (!query.containsKey("X-Amz-Signature")) {
      return Optional.empty();
    }
    Matcher credential = CREDENTIAL.matcher(query.getOrDefault("X-Amz-Credential", ""));
    if (!ALGORITHM.equals(query.get("X-Amz-Algorithm")) || !credential.matches()) {
      return Optional.of(malformed());
    }
    Long expires;
    try {
      expires = Long.parseLong(query.getOrDefault("X-Amz-Expires", ""));
    } catch (NumberFormatException e) {
      return Optional.of(malformed());
    }
    return Optional.of(
        new Claim(
            credential.group(1),
            credential.group(2),
            credential.group(3),
            List.of(query.getOrDefault("X-Amz-SignedHeaders", "host").split(";")),
            query.get("X-Amz-Signature"),
            query.get("X-Amz-Date"),
            "UNSIGNED-PAYLOAD",
            expires));
  }

  /**
   * Whether {@code claim} is a valid signature of {@code request} by {@code secretKey}, at {@code
   * now}.
   */
  static boolean valid(HttpServletRequest request, Claim claim, String secretKey, Instant now) {
    Instant signedAt;
    try {
      signedAt = Instant.from(TIMESTAMP.parse(claim.timestamp() == null ? "" : claim.timestamp()));
    } catch (DateTimeParseException e) {
      return false;
    }
    boolean inTime =
        claim.expires() == null
            ? Duration.between(signedAt, now).abs().compareTo(CLOCK_SKEW) <= 0
            : claim.expires() > 0
                && claim.expires() <= MAX_EXPIRES
                && !now.isAfter(signedAt.plusSeconds(claim.expires()))
                && !now.isBefore(signedAt.minus(CLOCK_SKEW));
    if (!inTime
        || !claim.timestamp().startsWith(claim.date())
        || !claim.signedHeaders().contains("host")) {
      return false;
    }
    var query = query(request.getQueryString());
    query.remove("X-Amz-Signature");
    String expected =
        signature(
            request.getMethod(),
            request.getRequestURI(),
            query,
            name -> headerValue(request, name),
            claim,
            secretKey);
    return MessageDigest.isEqual(
        expected.getBytes(StandardCharsets.US_ASCII),
        claim.signature().getBytes(StandardCharsets.US_ASCII));
  }

  /** {@code url} presigned for a GET by {@code accessKey} for {@code lifetime} from {@code now}. */
  static String presign(
      String url,
      String region,
      String accessKey,
      String secretKey,
      Instant now,
      Duration lifetime) {
    String timestamp = TIMESTAMP.format(now);
    int question = url.indexOf('?');
    String address = question < 0 ? url : url.substring(0, question);
    String afterScheme = address.substring(address.indexOf("://") + 3);
    int slash = afterScheme.indexOf('/');
    String host = slash < 0 ? afterScheme : afterScheme.substring(0, slash);
    String path = slash < 0 ? "/" : afterScheme.substring(slash);
    var query = query(question < 0 ? null : url.substring(question + 1));
    query.put("X-Amz-Algorithm", ALGORITHM);
    query.put(
        "X-Amz-Credential",
        accessKey + "/" + timestamp.substring(0, 8) + "/" + region + "/s3/aws4_request");
    query.put("X-Amz-Date", timestamp);
    query.put("X-Amz-Expires", Long.toString(lifetime.toSeconds()));
    query.put("X-Amz-SignedHeaders", "host");
    var claim =
        new Claim(
            accessKey,
            timestamp.substring(0, 8),
            region,
            List.of("host"),
            null,
            timestamp,
            "UNSIGNED-PAYLOAD",
            lifetime.toSeconds());
    String signature = signature("GET", path, query, name -> host, claim, secretKey);
    return address + "?" + canonicalQuery(query) + "&X-Amz-Signature=" + signature;
  }

  private static String signature(
      String method,
      String rawPath,
      Map<String, String> query,
      Function<String, String> headers,
      Claim claim,
      String secretKey) {
    var canonicalHeaders = new StringBuilder();
    for (String name : claim.signedHeaders()) {
      String value = headers.apply(name);
      canonicalHeaders
          .append(name)
          .append(':')
          .append(value == null ? "" : value.strip())
          .append('\n');
    }
    String scope = claim.date() + "/" + claim.region() + "/s3/aws4_request";
    String request =
        String.join(
            "\n",
            method,
            rawPath,
            canonicalQuery(query),
            canonicalHeaders.toString(),
            String.join(";", claim.signedHeaders()),
            claim.payloadHash());
    String toSign = String.join("\n", ALGORITHM, claim.timestamp(), scope, hex(sha256(request)));
    byte[] key = hmac(("AWS4" + secretKey).getBytes(StandardCharsets.UTF_8), claim.date());
    for (String part : new String[] {claim.region(), "s3", "aws4_request"}) {
      key = hmac(key, part);
    }
    return hex(hmac(key, toSign));
  }

  private static String headerValue(HttpServletRequest request, String name) {
    var values = new ArrayList<String>();
    request.getHeaders(name).asIterator().forEachRemaining(value -> values.add(value.strip()));
    return String.join(",", values);
  }

  private static TreeMap<String, String> query(String raw) {
    var parameters = new TreeMap<String, String>();
    if (raw != null && !raw.isEmpty()) {
      for (String pair : raw.split("&")) {
        int equals = pair.indexOf('=');
        parameters.put(
            decode(equals < 0 ? pair : pair.substring(0, equals)),
            equals < 0 ? "" : decode(pair.substring(equals + 1)));
      }
    }
    return parameters;
  }

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
    try {
      return URLDecoder.decode(text.replace("+", "%2B"), StandardCharsets.UTF_8);
    } catch (IllegalArgumentException e) {
      return text;
    }
  }

  private static Claim malformed() {
    return new Claim(null, "", "", List.of(), "", null, "", null);
  }

  private static byte[] sha256(String text) {
    try {
      return MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8));
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("SHA-256 is part of every JDK", e);
    }
  }

  private static byte[] hmac(byte[] key, String data) {
    try {
      Mac mac = Mac.getInstance("HmacSHA256");
      mac.init(new SecretKeySpec(key, "HmacSHA256"));
      return mac.doFinal(data.getBytes(StandardCharsets.UTF_8));
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("HmacSHA256 is part of every JDK", e);
    }
  }

  private static String hex(byte[] bytes) {
    return HexFormat.of().formatHex(bytes);
  }
}
