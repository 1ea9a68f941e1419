package io.mediaflow.delivery;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;

/**
 * A playback domain: an FQDN of the caller mapped to a media storage bucket ({@code vod}) or to
 * live playback ({@code live}). The request names the domain {@code name}; answers and this record
 * call it {@code domain_name}.
 *
 * @param bucketName only for {@code vod} domains, once set
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
@JsonInclude(JsonInclude.Include.NON_NULL)
public record Domain(String id, String type, String domainName, String created, String bucketName) {

  public static final String LIVE = "live";
  public static final String VOD = "vod";
}
