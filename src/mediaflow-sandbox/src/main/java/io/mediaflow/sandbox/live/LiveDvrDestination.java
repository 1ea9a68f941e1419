package io.mediaflow.sandbox.live;

import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.Locale;

/**
 * One DVR destination: a folder URL ({@code s3://<bucket>/<folder>}, likewise {@code b2://}, {@code
 * azblob://}, {@code ftp://}, {@code ftps://}, {@code sftp://}) and the credentials and object
 * settings. The document does not name the credential fields; the sandbox calls them {@code
 * access_key} and {@code secret_key}, and refuses credentials inside the URL so that a secret never
 * travels in a field that is shown.
 *
 * @param url the folder the recordings go to
 * @param accessKey the access key (S3: 20 alphanumeric characters), or null
 * @param secretKey the secret (S3: 40 characters), or null; never shown in the stream JSON, a log
 *     or {@link #toString()}
 * @param permissions S3 canned ACL, {@code private} by default; null for other destinations
 * @param storageClass S3 storage class such as {@code REDUCED_REDUNDANCY}, or null
 */
record LiveDvrDestination(
    String url, String accessKey, String secretKey, String permissions, String storageClass) {

  /**
   * The bucket (container, or host) the URL names: what comes between {@code ://} and the first
   * slash.
   */
  String bucket() {
    String rest = afterScheme();
    int slash = rest.indexOf('/');
    return slash < 0 ? rest : rest.substring(0, slash);
  }

  /**
   * The folder inside the bucket, without leading or trailing slashes; empty for the bucket's root.
   */
  String folder() {
    String rest = afterScheme();
    int slash = rest.indexOf('/');
    return slash < 0 ? "" : rest.substring(slash + 1).replaceAll("^/+|/+$", "");
  }

  /** {@code s3}, {@code b2}, {@code azblob}, {@code ftp}, {@code ftps} or {@code sftp}. */
  String scheme() {
    return url.substring(0, url.indexOf("://"));
  }

  /**
   * Whether the destination is in AWS S3, where the "(S3)" key forms hold: an {@code s3://} URL
   * without the query parameter {@code endpoint} (Go CDK's way, whose schemes document 2 uses, of
   * naming another S3-compatible store), or with an endpoint host of {@code amazonaws.com}.
   */
  boolean isAws() {
    if (!url.startsWith("s3://")) {
      return false;
    }
    int query = url.indexOf('?');
    String endpoint = null;
    if (query >= 0) {
      for (String parameter : url.substring(query + 1).split("&")) {
        if (parameter.startsWith("endpoint=")) {
          endpoint =
              URLDecoder.decode(parameter.substring("endpoint=".length()), StandardCharsets.UTF_8);
        }
      }
    }
    if (endpoint == null || endpoint.isBlank()) {
      return true;
    }
    String host = endpoint.replaceFirst("^[a-z]+://", "").replaceFirst("[:/].*$", "");
    host = host.toLowerCase(Locale.ROOT);
    return host.equals("amazonaws.com") || host.endsWith(".amazonaws.com");
  }

  /** The URL after its scheme, less a query. */
  private String afterScheme() {
    return url.substring(url.indexOf("://") + 3).replaceFirst("\\?.*$", "");
  }

  @Override
  public String toString() {
    return "DvrDestination[" + url + "]";
  }
}
