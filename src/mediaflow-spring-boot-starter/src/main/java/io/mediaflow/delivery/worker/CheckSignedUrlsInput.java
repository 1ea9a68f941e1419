package io.mediaflow.delivery.worker;

import io.mediaflow.api.ApiException;
import io.mediaflow.api.operation.Input;
import io.mediaflow.api.operation.Operation;
import io.mediaflow.worker.internal.OperationHandler;
import io.mediaflow.worker.internal.Poll;
import io.mediaflow.worker.internal.WaitInput;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;

@Operation(
    type = "mediaflow.delivery.check_signed_urls",
    name = "Delivery: check that the signed URLs open",
    description =
        "Proves what a process hands out: fetches every signed URL once with its token, as a viewer's player does (a range of one byte of a video or image; an HLS playlist or DASH manifest whole, which must be one, and whose entries its token must open), from the given origin when one is given (the answer must allow it). Nothing is paid for or changed at the service. Refusals that can pass (403 while a new signing key reaches the CDN's edge, 5xx, no answer, CORS not in place yet) are checked again after a growing pause until the timeout: WAIT_TIMEOUT, naming each URL and what it got. SIGNED_URLS_DO_NOT_OPEN at once for what waiting cannot mend (no such object, an empty one, an expired token, a playlist that is none or names entries its token does not open), with errorDetails.urls [{path, address, status, got, todo}]. The result lists each URL with the status it opened with.",
    resultVariable = "signedUrlsCheck",
    errors = {"SIGNED_URLS_DO_NOT_OPEN", "WAIT_TIMEOUT"})
/**
 * The signed URLs to prove, and how long refusals that can pass are waited out.
 *
 * @param signedUrls as {@code sign_urls} or {@code sign_playback_urls} gives them; an empty list
 *     hands out nothing and proves at once
 * @param origin the player's origin, sent as {@code Origin}: each answer must allow it ({@code
 *     Access-Control-Allow-Origin}); null sends none
 */
record CheckSignedUrlsInput(
    @NotNull(message = "is required: the list sign_urls or sign_playback_urls gave")
        @Input(
            label = "Signed URLs",
            description =
                "The list sign_urls or sign_playback_urls gave: each item's url is fetched with its token; path and uri, where given, name it and say what its token opens",
            value = "=signedUrls")
        List<@NotNull(message = "is required") @Valid SignedUrlToCheck> signedUrls,
    @Input(
            label = "Player's origin",
            description =
                "Sent as Origin, e.g. https://player.example.com: each answer must allow it (CORS); empty for none")
        String origin,
    @Input(
            label = "Timeout",
            description =
                "ISO-8601: how long refusals that can pass (a new key not at the edge yet, 5xx) are checked again",
            value = "PT10M")
        Duration timeout)
    implements WaitInput {

  /**
   * One URL handed out: the fields of a {@code sign_urls} or {@code sign_playback_urls} result item
   * that the check reads.
   *
   * @param path the object's path inside the bucket, naming the URL in messages
   * @param uri the token's {@code uri} claim: the entries of a playlist must lie under it
   * @param expires when the token stops working (ISO-8601), null for never
   * @param playbackUrl the live playback URL that was signed, naming it in messages
   */
  record SignedUrlToCheck(
      @NotBlank(message = "is required") String url,
      String path,
      String uri,
      String expires,
      String playbackUrl) {}

  static OperationHandler<CheckSignedUrlsInput> handler(ContentEdge edge, Clock clock) {
    var check = new SignedUrlCheck(edge, clock);
    return OperationHandler.poll(CheckSignedUrlsInput.class, input -> prove(check, input));
  }

  static Poll<List<SignedUrlCheck.Opened>> prove(SignedUrlCheck check, CheckSignedUrlsInput input) {
    var opened = new java.util.ArrayList<SignedUrlCheck.Opened>();
    var missing = new java.util.ArrayList<SignedUrlCheck.Missing>();
    for (SignedUrlToCheck signed : input.signedUrls()) {
      switch (check.open(signed, input.origin())) {
        case SignedUrlCheck.Opened open -> opened.add(open);
        case SignedUrlCheck.Missing miss -> missing.add(miss);
      }
    }
    if (missing.isEmpty()) {
      return Poll.done(opened);
    }
    String summary =
        missing.size()
            + " of "
            + input.signedUrls().size()
            + " signed URLs "
            + (missing.size() == 1 ? "does" : "do")
            + " not open: "
            + String.join("; ", missing.stream().map(SignedUrlCheck.Missing::describe).toList());
    if (missing.stream().anyMatch(miss -> !miss.canPass())) {
      throw new ApiException.Rejected(
          "SIGNED_URLS_DO_NOT_OPEN",
          summary,
          Map.of("urls", missing.stream().map(SignedUrlCheck.Missing::details).toList()));
    }
    return Poll.pending(summary);
  }
}
