package io.mediaflow.delivery.worker;

import io.mediaflow.api.constraint.Fqdn;
import io.mediaflow.api.operation.Input;
import io.mediaflow.api.operation.Operation;
import io.mediaflow.delivery.BucketName;
import io.mediaflow.delivery.ServiceId;
import io.mediaflow.delivery.signing.UriScope;
import io.mediaflow.delivery.signing.internal.SignedUrls;
import io.mediaflow.worker.internal.OperationHandler;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotEmpty;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;

@Operation(
    type = "mediaflow.delivery.sign_urls",
    name = "Delivery: issue signed URLs",
    description =
        "Signs one URL per object of an authenticated bucket: an RS256 JWT (header kid, alg, typ; claims uri, exp, nbf and custom ones) in ?auth=, at the bucket's default address or behind a vod playback domain. The private key comes from the application's key store, never from the process. A token for an HLS (.m3u8) or DASH (.mpd) playlist opens the playlist's folder, so a player reaches the variant playlists and segments with it; other objects' tokens open the object only. The result is a list of {path, url, expires, uri}, uri being what the token opens. SIGNING_KEY_NOT_IN_STORE: this application does not hold the key's private key (create a new key). SIGNING_KEY_BOUND_ELSEWHERE: the key is bound to another bucket, domain or stream, so its tokens would open nothing here. NOT_FOUND: the key or the domain does not exist.",
    resultVariable = "signedUrls",
    errors = {"SIGNING_KEY_NOT_IN_STORE", "SIGNING_KEY_BOUND_ELSEWHERE", "NOT_FOUND"})
record SignUrlsInput(
    @NotBlank @ServiceId @Input(label = "Signing key id", value = "=signingKey.id")
        String signingKeyId,
    @BucketName
        @Input(
            label = "Bucket",
            description = "For URLs at the bucket's default address",
            value = "=bucketName")
        String bucketName,
    @Fqdn
        @Input(
            label = "Playback domain",
            description =
                "A vod domain name: when given, the URLs use it instead of the default address")
        String domainName,
    @NotEmpty
        @Input(
            label = "Paths",
            description =
                "The objects' paths inside the bucket, e.g. [\"videos/clip/master.m3u8\"]",
            value = "=paths")
        List<String> paths,
    @Input(
            label = "Lifetime",
            description =
                "ISO-8601 duration until the tokens expire (exp); empty for tokens that never expire",
            value = "PT24H")
        Duration lifetime,
    @Input(
            label = "Not before",
            description =
                "ISO-8601 instant before which the tokens do not work (nbf); empty for at once")
        Instant notBefore,
    @Input(
            label = "Granted path (uri)",
            description =
                "The uri claim of every token: a directory or full path; an empty string opens the whole bucket; left out, the token opens what 'Token opens' says")
        String uri,
    @Input(
            label = "Token opens",
            description =
                "When no uri is given: object (the signed object only) or folder (every object in its folder, as an HLS or DASH player needs); empty for the folder of a .m3u8 or .mpd playlist and the object otherwise")
        UriScope uriScope,
    @Input(label = "Custom claims", description = "Further claims, e.g. {viewer: \"abc\"}")
        Map<String, Object> claims) {

  SignedUrls.Request request() {
    return new SignedUrls.Request(
        signingKeyId, bucketName, domainName, paths, lifetime, notBefore, uri, uriScope, claims);
  }

  static OperationHandler<SignUrlsInput> handler(SignedUrls signedUrls) {
    return OperationHandler.call(SignUrlsInput.class, input -> signedUrls.sign(input.request()));
  }
}
