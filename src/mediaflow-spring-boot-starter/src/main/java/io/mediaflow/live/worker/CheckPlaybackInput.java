package io.mediaflow.live.worker;

import io.mediaflow.api.ApiException;
import io.mediaflow.api.operation.Input;
import io.mediaflow.api.operation.Operation;
import io.mediaflow.live.internal.PlaybackCheck;
import io.mediaflow.worker.internal.OperationHandler;
import io.mediaflow.worker.internal.Poll;
import io.mediaflow.worker.internal.WaitInput;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotEmpty;
import jakarta.validation.constraints.NotNull;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

@Operation(
    type = "mediaflow.live.check_playback",
    name = "Live: check the playback URLs play",
    description =
        "Fetches each playback URL's HLS playlist once, as a viewer's player would, with the token the URL carries (?auth=) where the playback ID is authenticated, and expects HTTP 200 with a playlist (#EXTM3U); use while the stream is live. A URL that does not play yet is fetched again with a growing pause (a stream's output may begin a moment after it reads live) until the timeout; then the BPMN error PLAYBACK_NOT_PLAYING, whose message and errorDetails name each URL (its token masked), what it answered and what to do. The result is the URLs as given, each of which played. A URL under the stream's custom playback domain is fetched where mediaflow.live.playback-domain-url serves it. Nothing is paid for or changed at the service.",
    resultVariable = "playbackUrls",
    retries = 10,
    errors = {"PLAYBACK_NOT_PLAYING"})
/**
 * The URLs to play, and how long they may take to begin playing.
 *
 * @param playedBefore not an input: the URLs an earlier check of this job found playing, kept on
 *     the element instance so that each is fetched once
 */
record CheckPlaybackInput(
    @NotEmpty(message = "must hold at least one {policy, url}")
        @Input(
            label = "Playback URLs",
            description =
                "[{policy, url}]: each URL as it is handed out, signed (?auth=) for an authenticated playback ID",
            value =
                "=for id in liveStream.playback_ids return {policy: id.policy, url: id.playback_url}")
        List<@NotNull(message = "must be an object {policy, url}") @Valid PlaybackUrl> playbackUrls,
    @Input(
            label = "Playback domain",
            description =
                "The live playback domain the stream plays under, if any: its URLs are fetched where the domain is served",
            value = "=liveStream.playback_domain")
        String playbackDomain,
    @Input(label = "Timeout", description = "ISO-8601 duration, e.g. PT2M", value = "PT2M")
        Duration timeout,
    Object playedBefore)
    implements WaitInput {

  static final Duration DEFAULT_TIMEOUT = Duration.ofMinutes(2);

  /**
   * One URL as handed out.
   *
   * @param policy the playback ID's policy, {@code public} or {@code authenticated}
   * @param url the playback URL, with its token for an authenticated playback ID
   */
  record PlaybackUrl(String policy, @NotBlank(message = "is required") String url) {}

  @Override
  public Duration timeout() {
    return timeout == null ? DEFAULT_TIMEOUT : timeout;
  }

  static OperationHandler<CheckPlaybackInput> handler(PlaybackCheck playback) {
    return OperationHandler.poll(CheckPlaybackInput.class, input -> check(playback, input));
  }

  private static Poll<?> check(PlaybackCheck playback, CheckPlaybackInput input) {
    Set<String> played = new LinkedHashSet<>();
    if (input.playedBefore() instanceof List<?> before) {
      before.forEach(url -> played.add(String.valueOf(url)));
    }
    var failing = new ArrayList<Map<String, Object>>();
    for (PlaybackUrl url : input.playbackUrls()) {
      if (played.contains(PlaybackCheck.masked(url.url()))) {
        continue;
      }
      PlaybackCheck.Answer answer = playback.fetch(url.url(), input.playbackDomain());
      if (answer.plays()) {
        played.add(PlaybackCheck.masked(url.url()));
      } else {
        failing.add(PlaybackCheck.describe(url.url(), url.policy(), answer));
      }
    }
    if (failing.isEmpty()) {
      return Poll.done(input.playbackUrls());
    }
    String progress =
        String.join(
            "; ",
            failing.stream()
                .map(failure -> failure.get("url") + " answered " + failure.get("got"))
                .toList());
    String message =
        "Not playing after "
            + input.timeout()
            + ": "
            + String.join(
                "; ",
                failing.stream()
                    .map(
                        failure ->
                            failure.get("url")
                                + " answered "
                                + failure.get("got")
                                + ": "
                                + failure.get("advice"))
                    .toList());
    return Poll.pending(
        progress,
        Map.of("playedBefore", List.copyOf(played)),
        new ApiException.Rejected(
            "PLAYBACK_NOT_PLAYING", message, Map.of("urls", List.copyOf(failing))));
  }
}
