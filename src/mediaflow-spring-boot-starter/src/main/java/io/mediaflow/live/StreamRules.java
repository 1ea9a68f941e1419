package io.mediaflow.live;

import io.mediaflow.api.Rules;
import java.net.URI;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;

/** Every rule document 2 gives for a request, checked before it is sent; messages name the field and the rule. */
public final class StreamRules {

  public static final double MAX_FRAMERATE = 30;
  private static final Pattern FQDN = Pattern.compile(
      "(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\\.)+[a-z]([a-z0-9-]{0,61}[a-z0-9])?");

  private StreamRules() {}

  public static void check(NewStream stream) {
    if (stream == null) {
      return;
    }
    var rules = new Rules();
    DvrRules.oneOf(rules, "input_format", stream.inputFormat(), StreamFormat.inputs());
    DvrRules.oneOf(rules, "output_format", stream.outputFormat(), StreamFormat.outputs());
    rules.require(stream.streamTimeout() == null || stream.streamTimeout() >= 1, "stream_timeout",
        "must be a whole number of seconds, at least 1");
    rules.require(stream.playbackDomain() == null || FQDN.matcher(stream.playbackDomain().toLowerCase(Locale.ROOT)).matches(),
        NotShownFields.PLAYBACK_DOMAIN, "must be the fully qualified domain name of a live playback domain, e.g. live.example.com");
    rules.require(stream.framerate() == null || (stream.framerate() >= 0 && stream.framerate() <= MAX_FRAMERATE), "framerate",
        "must be from 0 (keep the input frame rate) to 30 frames per second");
    rules.require(stream.callbackUrl() == null || isUrl(stream.callbackUrl(), List.of("http", "https")), "callback_url",
        "must be an http or https URL");
    DvrRules.check(rules, stream.dvr());
    rules.throwIfBroken();
  }

  public static void check(NewSimulcastTarget target) {
    var rules = new Rules();
    rules.require(target != null && target.url() != null && isUrl(target.url(), List.of("rtmp", "rtmps")), "url",
        "must be the target's rtmp:// or rtmps:// ingest URL, without credentials");
    rules.require(target != null && target.streamKey() != null && !target.streamKey().isBlank(), "stream_key", "is required");
    rules.throwIfBroken();
  }

  /** An identifier that goes into the path: {@code stream_id}, {@code playback_id}, {@code target_id}. */
  static Rules requireId(Rules rules, String field, String id) {
    return rules.require(id != null && !id.isBlank(), field, "is required");
  }

  /** An absolute URL with one of {@code schemes}, a host (or bucket), and no credentials in it. */
  static boolean isUrl(String value, List<String> schemes) {
    URI uri = uri(value);
    return uri != null && uri.getScheme() != null && schemes.contains(uri.getScheme().toLowerCase(Locale.ROOT))
        && uri.getRawAuthority() != null && uri.getRawUserInfo() == null && !uri.getRawAuthority().contains("@");
  }

  /** The value as a URI, or null when it is none. */
  static URI uri(String value) {
    try {
      return new URI(value);
    } catch (java.net.URISyntaxException e) {
      return null;
    }
  }
}
