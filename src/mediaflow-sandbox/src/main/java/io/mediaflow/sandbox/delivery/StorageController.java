package io.mediaflow.sandbox.delivery;

import com.fasterxml.jackson.annotation.JsonProperty;
import io.mediaflow.sandbox.LiveDomainPlayback;
import io.mediaflow.sandbox.PlaylistTokens;
import io.mediaflow.sandbox.StatusBody;
import io.mediaflow.sandbox.storage.MediaStorage;
import io.mediaflow.sandbox.storage.MediaStorage.StoredObject;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.core.io.FileSystemResource;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.MediaTypeFactory;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * The CDN edge in front of the media storage, at the addresses of {@link EdgeAddresses}: GET and
 * HEAD serve objects (ranges too) with the bucket's access policy, CORS policy and cache applied; a
 * playlist of an authenticated bucket names its entries with the request's token ({@link
 * PlaylistTokens}). Preflights are answered by {@link CorsPreflightFilter}. {@code PUT
 * /sandbox/storage/<bucket>/<path>} is a control endpoint, not part of the service: it uploads an
 * object, for demos and tests.
 */
@RestController
class StorageController {

  static final String X_CACHE = "X-Cache";

  record StoredResponse(
      @JsonProperty("bucket") String bucket,
      @JsonProperty("path") String path,
      @JsonProperty("content_type") String contentType,
      @JsonProperty("size") long size) {}

  private final MediaStorage storage;
  private final EdgeAddresses addresses;
  private final BucketControls controls;
  private final SignedTokenVerifier verifier;
  private final CdnCache cache;

  private final Domains domains;
  private final ObjectProvider<LiveDomainPlayback> livePlayback;
  private final PlaylistTokens playlistTokens;

  StorageController(
      MediaStorage storage,
      EdgeAddresses addresses,
      BucketControls controls,
      SignedTokenVerifier verifier,
      CdnCache cache,
      Domains domains,
      ObjectProvider<LiveDomainPlayback> livePlayback,
      PlaylistTokens playlistTokens) {
    this.playlistTokens = playlistTokens;
    this.domains = domains;
    this.livePlayback = livePlayback;
    this.storage = storage;
    this.addresses = addresses;
    this.controls = controls;
    this.verifier = verifier;
    this.cache = cache;
  }

  @GetMapping(EdgeAddresses.STORAGE + "/{bucket}/{*path}")
  ResponseEntity<?> fromBucket(
      @PathVariable String bucket,
      @PathVariable String path,
      @RequestParam(name = "auth", required = false) String token,
      @RequestHeader(name = HttpHeaders.ORIGIN, required = false) String origin) {
    return serve(addresses.bucketAddress(bucket, path), token, origin);
  }

  /**
   * A {@code vod} domain serves its bucket; a {@code live} one its streams' playback ({@link
   * LiveDomainPlayback}).
   */
  @GetMapping(EdgeAddresses.DOMAINS + "/{domainName}/{*path}")
  ResponseEntity<?> fromDomain(
      @PathVariable String domainName,
      @PathVariable String path,
      @RequestParam(name = "auth", required = false) String token,
      @RequestHeader(name = HttpHeaders.ORIGIN, required = false) String origin) {
    if (domains.typeOf(domainName).filter(PlaybackDomain.LIVE::equals).isPresent()) {
      return livePlayback.getObject().serve(domainName, path, token);
    }
    return serve(addresses.domainAddress(domainName, path), token, origin);
  }

  @PutMapping(EdgeAddresses.STORAGE + "/{bucket}/{*path}")
  ResponseEntity<StoredResponse> upload(
      @PathVariable String bucket,
      @PathVariable String path,
      @RequestHeader(name = HttpHeaders.CONTENT_TYPE, required = false) String contentType,
      InputStream content) {
    BucketName.require("bucket", bucket);
    if (MediaStorage.normalize(path).isEmpty()) {
      throw DeliveryException.invalid("path: required, the object's path inside the bucket");
    }
    String type = contentType != null ? contentType : guessType(path).toString();
    StoredObject stored = storage.put(bucket, path, content, type);
    return ResponseEntity.status(HttpStatus.CREATED)
        .body(new StoredResponse(stored.bucket(), stored.path(), type, stored.size()));
  }

  /**
   * Access policy first, then the object, then the cache; CORS headers go on every answer, refusals
   * too.
   */
  private ResponseEntity<?> serve(EdgeAddresses.EdgeTarget target, String token, String origin) {
    HttpHeaders cors =
        controls
            .cors(target.bucket())
            .map(policy -> policy.responseHeaders(origin))
            .orElseGet(HttpHeaders::new);
    try {
      boolean authenticated = controls.isAuthenticated(target.bucket());
      if (authenticated) {
        verifier.verifyAtEdge(token, target.acceptedKeys(), target.path());
      }
      StoredObject object =
          storage
              .get(target.bucket(), target.path())
              .orElseThrow(
                  () ->
                      DeliveryException.notFound(
                          "path: no object "
                              + MediaStorage.normalize(target.path())
                              + " in bucket "
                              + target.bucket()));
      boolean hit = cache.serve(object);
      MediaType type =
          object.contentType() != null
              ? MediaType.parseMediaType(object.contentType())
              : guessType(object.path());
      // Anyone may upload an object, and it is served from the console's origin: a browser must
      // neither guess another type for it nor run it as a page of that origin (an uploaded .html
      // with a script).
      var ok =
          ResponseEntity.ok()
              .headers(cors)
              .header(X_CACHE, hit ? "HIT" : "MISS")
              .header("X-Content-Type-Options", "nosniff")
              .header("Content-Security-Policy", "sandbox")
              .contentType(type);
      if (authenticated && token != null && PlaylistTokens.isPlaylist(object.path())) {
        // A player requests the playlist's entries without its query: they carry the token.
        return ok.body(playlistTokens.serve(object.path(), read(object), token));
      }
      return ok.body(new FileSystemResource(object.file()));
    } catch (DeliveryException refused) {
      return ResponseEntity.status(refused.status())
          .headers(cors)
          .contentType(MediaType.APPLICATION_JSON)
          .body(StatusBody.failed(refused.getMessage()));
    }
  }

  private static String read(StoredObject object) {
    try {
      return Files.readString(object.file());
    } catch (IOException unreadable) {
      throw new UncheckedIOException(unreadable);
    }
  }

  private static MediaType guessType(String path) {
    return MediaTypeFactory.getMediaType(path).orElse(MediaType.APPLICATION_OCTET_STREAM);
  }
}
