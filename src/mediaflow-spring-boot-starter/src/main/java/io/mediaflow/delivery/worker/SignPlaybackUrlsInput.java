package io.mediaflow.delivery.worker;

import io.mediaflow.api.operation.Input;
import io.mediaflow.api.operation.Operation;
import io.mediaflow.delivery.ServiceId;
import io.mediaflow.delivery.signing.internal.SignedUrls;
import io.mediaflow.worker.internal.OperationHandler;
import jakarta.validation.constraints.NotEmpty;
import jakarta.validation.constraints.NotNull;
import java.time.Duration;
import java.time.Instant;
import java.util.List;

@Operation(
    type = "mediaflow.delivery.sign_playback_urls",
    name = "Delivery: sign live playback URLs",
    description =
        "Signs the playback URLs of a live stream's authenticated playback IDs: an RS256 JWT (header kid, alg, typ; claims exp, nbf and uri when given) in ?auth=, with a signing key bound to the stream or to its live playback domain. The private key comes from the application's key store, never from the process. The result is a list of {playbackUrl, url, expires}. SIGNING_KEY_NOT_IN_STORE: this application does not hold the key's private key (create a new key). SIGNING_KEY_BOUND_ELSEWHERE: the key is bound to a bucket, whose tokens open no live playback. NOT_FOUND: the key does not exist.",
    resultVariable = "signedPlaybackUrls",
    errors = {"SIGNING_KEY_NOT_IN_STORE", "SIGNING_KEY_BOUND_ELSEWHERE", "NOT_FOUND"})
record SignPlaybackUrlsInput(
    @NotNull
        @ServiceId
        @Input(
            label = "Signing key id",
            description =
                "A key bound to the stream (stream_id) or to its live playback domain (domain_id)",
            value = "=signingKey.id")
        String signingKeyId,
    @NotEmpty
        @Input(
            label = "Playback URLs",
            description =
                "As the stream lists them, e.g. for id in liveStream.playback_ids[policy = \"authenticated\"] return id.playback_url",
            value =
                "=for id in liveStream.playback_ids[policy = \"authenticated\"] return id.playback_url")
        List<String> playbackUrls,
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
                "The uri claim: a path the tokens are limited to, such as <playback_id>; left out, a token opens whatever the key serves")
        String uri) {

  SignedUrls.PlaybackRequest request() {
    return new SignedUrls.PlaybackRequest(signingKeyId, playbackUrls, lifetime, notBefore, uri);
  }

  static OperationHandler<SignPlaybackUrlsInput> handler(SignedUrls signedUrls) {
    return OperationHandler.call(
        SignPlaybackUrlsInput.class, input -> signedUrls.signPlayback(input.request()));
  }
}
