package io.mediaflow.live;

/**
 * Field names document 2 does not show, chosen as the real service most plausibly names them and as
 * the sandbox names them. Each is used only through this class, so a correction is one line.
 */
final class NotShownFields {

  /** The DVR destination's access key ("access key": 20 alphanumeric characters for S3). */
  public static final String ACCESS_KEY = "access_key";

  /** The DVR destination's secret ("secret": 40 characters for S3). */
  public static final String SECRET_KEY = "secret_key";

  /** The DVR destination's storage class ("storage class", one S3 provider only). */
  public static final String STORAGE_CLASS = "storage_class";

  /** The stream's origin URL ("origin URL", shown while a transcoder is allocated). */
  public static final String ORIGIN_URL = "origin_url";

  /**
   * The create request's "playback domain FQDN": named like the stream's documented {@code
   * playback_domain}.
   */
  public static final String PLAYBACK_DOMAIN = "playback_domain";

  private NotShownFields() {}
}
