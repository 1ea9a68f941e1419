package io.mediaflow.sandbox.live;

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

  private String afterScheme() {
    return url.substring(url.indexOf("://") + 3);
  }

  @Override
  public String toString() {
    return "DvrDestination[" + url + "]";
  }
}
