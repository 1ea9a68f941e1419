package io.mediaflow.sandbox.live;

import io.mediaflow.sandbox.PlaybackDomainDirectory;
import java.math.BigDecimal;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.stereotype.Component;

/**
 * Reads a create request: the fields the document lists ({@code name}, {@code input_format}, {@code
 * output_format}, {@code stream_timeout}, {@code playback_domain}) and the params it shows in
 * responses ({@code framerate}, {@code callback_url}, {@code dvr}), each checked against its rule.
 * Unknown fields are refused.
 */
@Component
class StreamParamsValidator {

  /** What a valid create request asks for. */
  record NewStream(String name, String playbackDomain, LiveStreamParams params) {}

  static final List<String> INPUT_FORMATS = List.of("rtmp", "webrtc", "srt");
  private static final Set<String> FIELDS =
      Set.of(
          "name",
          "input_format",
          "output_format",
          "stream_timeout",
          "playback_domain",
          "framerate",
          "callback_url",
          "dvr");
  private static final List<String> OUTPUT_FORMATS = List.of("hls", "cmaf");
  private static final BigDecimal MAX_FRAMERATE = BigDecimal.valueOf(30);
  private static final int DEFAULT_STREAM_TIMEOUT = 120;
  private static final Pattern FQDN =
      Pattern.compile(
          "(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\\.)+[a-z]([a-z0-9-]{0,61}[a-z0-9])?");

  private final ObjectProvider<PlaybackDomainDirectory> domains;
  private final DvrParamsValidator dvrValidator;

  StreamParamsValidator(
      ObjectProvider<PlaybackDomainDirectory> domains, DvrParamsValidator dvrValidator) {
    this.domains = domains;
    this.dvrValidator = dvrValidator;
  }

  NewStream read(LiveRequestBody body) {
    body.allowOnly(FIELDS);
    var params =
        new LiveStreamParams(
            body.oneOf("input_format", INPUT_FORMATS, "rtmp"),
            body.oneOf("output_format", OUTPUT_FORMATS, "hls"),
            body.number("framerate", BigDecimal.ZERO, MAX_FRAMERATE, BigDecimal.ZERO),
            "auto",
            body.url("callback_url", List.of("http", "https")).orElse(null),
            body.integer("stream_timeout", 1, Integer.MAX_VALUE, DEFAULT_STREAM_TIMEOUT),
            body.value("dvr")
                .map(dvr -> dvrValidator.read(LiveRequestBody.of(dvr, "dvr")))
                .orElse(DvrParams.disabled()));
    String name = body.text("name").orElse(null);
    String domain = body.text("playback_domain").map(this::liveDomain).orElse(null);
    return new NewStream(name, domain, params);
  }

  /** The FQDN of an existing {@code live} playback domain, in lower case. */
  private String liveDomain(String value) {
    String fqdn = value.toLowerCase(Locale.ROOT);
    if (!FQDN.matcher(fqdn).matches()) {
      throw LiveApiException.invalid(
          "playback_domain", "must be a fully qualified domain name (live.example.com)");
    }
    var directory = domains.getIfAvailable();
    String type = directory == null ? null : directory.typeOf(fqdn).orElse(null);
    if (type == null) {
      throw LiveApiException.invalid(
          "playback_domain", "'" + fqdn + "' is not a playback domain of this project");
    }
    if (!type.equals("live")) {
      throw LiveApiException.invalid(
          "playback_domain",
          "'" + fqdn + "' is a " + type + " playback domain; a live one is required");
    }
    return fqdn;
  }
}
