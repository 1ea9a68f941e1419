package io.mediaflow.sandbox.live;

import jakarta.servlet.http.HttpServletRequest;
import java.time.Clock;
import java.time.Duration;
import java.util.Objects;
import java.util.Optional;
import java.util.stream.Stream;
import org.springframework.stereotype.Component;

/**
 * Who may read the storage that DVR destinations stand for. The storage is the customer's, with the
 * credentials the streams' destinations were given: a request signed (SigV4) with one of a bucket's
 * access keys may list it and read its objects; an object under a {@code public-read} destination
 * is readable by anyone; a bucket that only destinations without credentials write to is open.
 * Everything else is refused, as S3 refuses it.
 */
@Component
class DvrAccess {

  /** The region the sandbox's storage checks signatures for, S3's default. */
  static final String REGION = "us-east-1";

  private static final Duration LINK_LIFETIME = Duration.ofHours(24);

  private final LiveStreams streams;
  private final Clock clock = Clock.systemUTC();

  DvrAccess(LiveStreams streams) {
    this.streams = streams;
  }

  /**
   * Why {@code request} may not read {@code key} (or list, when null) in {@code bucket}: S3's error
   * code; empty when it may.
   */
  Optional<String> refusal(HttpServletRequest request, String bucket, String key) {
    Optional<S3Signatures.Claim> claim = S3Signatures.claim(request);
    if (claim.isEmpty()) {
      boolean open = destinations(bucket).allMatch(destination -> destination.accessKey() == null);
      boolean publicRead =
          key != null
              && destinations(bucket)
                  .anyMatch(
                      destination ->
                          "public-read".equals(destination.permissions())
                              && key.startsWith(prefix(destination)));
      return open || publicRead ? Optional.empty() : Optional.of("AccessDenied");
    }
    String accessKey = claim.get().accessKey();
    Optional<String> secret =
        destinations(bucket)
            .filter(destination -> accessKey != null && accessKey.equals(destination.accessKey()))
            .map(LiveDvrDestination::secretKey)
            .findFirst();
    if (secret.isEmpty()) {
      return Optional.of("InvalidAccessKeyId");
    }
    return S3Signatures.valid(request, claim.get(), secret.get(), clock.instant())
        ? Optional.empty()
        : Optional.of("SignatureDoesNotMatch");
  }

  /**
   * The download link of a recording for the recordings control: presigned with its destination's
   * credentials, as the customer's own tools would make it.
   */
  String downloadUrl(LiveStream stream, Recording recording) {
    return stream.params().dvr().destinations().stream()
        .filter(destination -> destination.bucket().equals(recording.bucket()))
        .filter(destination -> recording.path().startsWith(prefix(destination)))
        .filter(destination -> destination.accessKey() != null)
        .findFirst()
        .map(
            destination ->
                S3Signatures.presign(
                    recording.url(),
                    REGION,
                    destination.accessKey(),
                    destination.secretKey(),
                    clock.instant(),
                    LINK_LIFETIME))
        .orElse(recording.url());
  }

  private Stream<LiveDvrDestination> destinations(String bucket) {
    return streams.all().stream()
        .map(LiveStream::params)
        .filter(Objects::nonNull)
        .flatMap(params -> params.dvr().destinations().stream())
        .filter(destination -> destination.bucket().equals(bucket));
  }

  private static String prefix(LiveDvrDestination destination) {
    return destination.folder().isEmpty() ? "" : destination.folder() + "/";
  }
}
