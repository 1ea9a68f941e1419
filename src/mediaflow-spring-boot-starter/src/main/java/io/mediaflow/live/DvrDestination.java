package io.mediaflow.live;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import io.mediaflow.api.internal.Secrets;
import java.net.URI;
import java.util.Locale;
import okhttp3.HttpUrl;

/**
 * Where DVR recordings go, as document 2's destination table describes it. The names of the
 * credentials and of the storage class are not shown; see {@link NotShownFields}.
 *
 * @param url a folder: {@code s3://}, {@code b2://}, {@code azblob://}, {@code ftp://}, {@code
 *     ftps://} or {@code sftp://}
 * @param accessKey S3: 20 alphanumeric characters. A secret: never in a result, log or message
 * @param secretKey S3: 40 characters. A secret: never in a result, log or message
 * @param permissions S3 only: a canned ACL, {@code private} by default
 * @param storageClass S3 only, e.g. {@code REDUCED_REDUNDANCY}
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
@DvrRules
public record DvrDestination(
    String url,
    @JsonProperty(NotShownFields.ACCESS_KEY) String accessKey,
    @JsonProperty(NotShownFields.SECRET_KEY) String secretKey,
    String permissions,
    @JsonProperty(NotShownFields.STORAGE_CLASS) String storageClass) {

  @JsonIgnore
  public boolean isS3() {
    return url != null && url.startsWith("s3://");
  }

  /**
   * Whether the destination is in AWS S3, where the document's "(S3)" key rules hold. Document 2
   * says {@code s3://} means any S3-compatible storage, and its schemes ({@code s3://}, {@code
   * b2://}, {@code azblob://}) are those of Go CDK's blob URLs, where another store is named with
   * the query parameter {@code endpoint} ({@code
   * s3://bucket/folder?endpoint=minio.example.com:9000}). So: an {@code s3://} URL without an
   * endpoint (AWS, the default), or one whose endpoint host is AWS's ({@code amazonaws.com}).
   */
  @JsonIgnore
  public boolean isAws() {
    if (!isS3()) {
      return false;
    }
    String endpoint = endpoint();
    if (endpoint == null) {
      return true;
    }
    String host = endpoint.contains("://") ? URI.create(endpoint).getHost() : endpoint;
    host = host == null ? "" : host.replaceAll(":\\d+$", "").toLowerCase(Locale.ROOT);
    return host.equals("amazonaws.com") || host.endsWith(".amazonaws.com");
  }

  /** The {@code endpoint} query parameter of the URL, or null. */
  private String endpoint() {
    HttpUrl parsed = url == null ? null : HttpUrl.parse(url.replaceFirst("^s3://", "http://"));
    String endpoint = parsed == null ? null : parsed.queryParameter("endpoint");
    return endpoint == null || endpoint.isBlank() ? null : endpoint;
  }

  DvrDestination withoutSecrets() {
    return new DvrDestination(
        url, Secrets.mask(accessKey), Secrets.mask(secretKey), permissions, storageClass);
  }

  @Override
  public String toString() {
    return "DvrDestination[url="
        + url
        + ", accessKey="
        + Secrets.mask(accessKey)
        + ", secretKey="
        + Secrets.mask(secretKey)
        + ", permissions="
        + permissions
        + ", storageClass="
        + storageClass
        + "]";
  }
}
