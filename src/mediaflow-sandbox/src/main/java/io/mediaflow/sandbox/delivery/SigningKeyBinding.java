package io.mediaflow.sandbox.delivery;

/**
 * What a signing key serves: exactly one playback domain, live stream or bucket. Tokens signed with
 * the key are accepted only where this binding is one of the accepted ones.
 */
public record SigningKeyBinding(Kind kind, String value) {

  /** The three kinds, named by the request and response field that carries them. */
  public enum Kind {
    DOMAIN("domain_id"),
    STREAM("stream_id"),
    BUCKET("bucket_name");

    final String field;

    Kind(String field) {
      this.field = field;
    }
  }

  public static SigningKeyBinding domain(String domainId) {
    return new SigningKeyBinding(Kind.DOMAIN, domainId);
  }

  public static SigningKeyBinding stream(String streamId) {
    return new SigningKeyBinding(Kind.STREAM, streamId);
  }

  public static SigningKeyBinding bucket(String bucketName) {
    return new SigningKeyBinding(Kind.BUCKET, bucketName);
  }

  String valueOf(Kind wanted) {
    return kind == wanted ? value : null;
  }
}
