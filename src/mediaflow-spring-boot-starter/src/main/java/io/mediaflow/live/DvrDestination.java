package io.mediaflow.live;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import io.mediaflow.api.internal.Secrets;

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
