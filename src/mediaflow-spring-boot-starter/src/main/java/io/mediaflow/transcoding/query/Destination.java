package io.mediaflow.transcoding.query;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import io.mediaflow.api.constraint.OneOf;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;

/**
 * Where an output is written. Without one, the output is downloadable from the service for 24
 * hours.
 *
 * @param url {@code s3://}, {@code b2://}, {@code azblob://}, {@code ftp://}, {@code ftps://} or
 *     {@code sftp://}: a file path for single-file outputs, a folder for HLS, DASH and thumbnails
 * @param key the bucket's access key or the FTP user; a credential, so never logged
 * @param secret the bucket's secret key or the FTP password
 * @param permissions S3 canned ACL, {@code private} by default
 * @param acl S3 only: {@code bucket-owner-full-control} or {@code bucket-owner-read}
 * @param storageClass one S3 provider only: {@code REDUCED_REDUNDANCY}
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
public record Destination(
    @NotNull(message = "is required")
        @Pattern(
            regexp = "(s3|b2|azblob|ftp|ftps|sftp)://.*",
            message = "must start with one of azblob://, b2://, ftp://, ftps://, s3://, sftp://")
        String url,
    String key,
    String secret,
    String permissions,
    @OneOf({"bucket-owner-full-control", "bucket-owner-read"}) String acl,
    String cacheControl,
    @JsonProperty("storage_class") String storageClass) {

  @Override
  public String toString() {
    return "Destination[url=" + url + ", key=***, secret=***]";
  }
}
