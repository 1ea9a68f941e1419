package io.mediaflow.live.internal;

import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import okhttp3.OkHttpClient;
import okhttp3.Request;
import okhttp3.Response;
import okhttp3.ResponseBody;
import okio.Buffer;
import okio.BufferedSource;

/**
 * Whether a playback URL plays, as a viewer's player would find out first: one GET of its HLS
 * playlist (the manifest), with the URL's own token where it carries one ({@code ?auth=}), which
 * must answer 200 with a body that begins with {@code #EXTM3U} (RFC 8216, section 4.3.1.1). A
 * viewer's GET: nothing is paid for or changed at the service.
 *
 * <p>A URL under the stream's custom playback domain ({@code https://<domain>/...}) is fetched
 * where {@code mediaflow.live.playback-domain-url} says the domain is served: itself for the real
 * service, the sandbox's stand-in for the embedded default.
 */
public final class PlaybackCheck {

  /** The most of an answer read: a live playlist is a few hundred bytes. */
  private static final long READ_AT_MOST = 64 << 10;

  /** How much of an answer that is not a playlist a message quotes. */
  private static final int QUOTED = 120;

  /**
   * What one fetch got.
   *
   * @param plays a playlist answered
   * @param status the HTTP status, 0 when there was no answer
   * @param got in words: the status and the answer's first characters, or the transport's failure
   * @param advice what to do about it
   */
  public record Answer(boolean plays, int status, String got, String advice) {}

  private final OkHttpClient http;
  private final String domainUrl;

  /**
   * @param domainUrl where a playback domain's playlists are read, with {@code {domain}} and {@code
   *     {path}}; null for the URLs themselves
   */
  public PlaybackCheck(OkHttpClient http, String domainUrl) {
    this.http = http;
    this.domainUrl = domainUrl;
  }

  /**
   * Fetches {@code url}'s playlist once.
   *
   * @param playbackDomain the custom playback domain the stream plays under, or null
   */
  public Answer fetch(String url, String playbackDomain) {
    URI address;
    try {
      address = where(URI.create(url), playbackDomain);
    } catch (IllegalArgumentException notAUrl) {
      return new Answer(false, 0, "not a URL", "hand out the playback_url the stream lists");
    }
    var request = new Request.Builder().url(address.toString()).get().build();
    try (Response response = http.newCall(request).execute()) {
      String body = start(response.body());
      int status = response.code();
      if (status == 200 && body.stripLeading().replace("\uFEFF", "").startsWith("#EXTM3U")) {
        return new Answer(true, status, "HTTP 200 with a playlist", "");
      }
      String got = "HTTP " + status + (body.isBlank() ? "" : ": " + quoted(body));
      return new Answer(false, status, got, advice(status));
    } catch (IOException e) {
      return new Answer(
          false,
          0,
          "no answer (" + e.getClass().getSimpleName() + ")",
          "check that the address resolves and answers from where the workers run (a custom"
              + " domain's DNS record and TLS certificate)");
    }
  }

  /** A URL with its token replaced, for messages and variables that outlive the check. */
  public static String masked(String url) {
    return url == null ? null : url.replaceAll("([?&]auth=)[^&#]*", "$1***");
  }

  /** Where a URL under the stream's playback domain is served. */
  private URI where(URI url, String playbackDomain) {
    if (domainUrl == null
        || playbackDomain == null
        || !playbackDomain.equalsIgnoreCase(url.getHost())
        || domainUrl.startsWith("https://{domain}/")) {
      return url;
    }
    String path = url.getRawPath() == null ? "" : url.getRawPath().replaceFirst("^/+", "");
    String mapped = domainUrl.replace("{domain}", url.getHost()).replace("{path}", path);
    return URI.create(mapped + (url.getRawQuery() == null ? "" : "?" + url.getRawQuery()));
  }

  private static String start(ResponseBody body) throws IOException {
    if (body == null) {
      return "";
    }
    BufferedSource source = body.source();
    source.request(READ_AT_MOST);
    Buffer buffer = source.getBuffer();
    long length = Math.min(buffer.size(), READ_AT_MOST);
    return buffer.clone().readString(length, StandardCharsets.UTF_8);
  }

  private static String quoted(String body) {
    String flat = body.strip().replaceAll("\\s+", " ");
    return "\"" + (flat.length() > QUOTED ? flat.substring(0, QUOTED) + "..." : flat) + "\"";
  }

  private static String advice(int status) {
    return switch (status) {
      case 401, 403 ->
          "the token was refused: check that the signing key is bound to the stream or to its live"
              + " playback domain, and that the token is not expired (sign the URLs again)";
      case 404, 410 ->
          "no playlist there: the stream's output has not begun, it is no longer live, or the"
              + " playback ID was removed; check the stream's status and playback_ids";
      case 200 -> "it answered, but not with an HLS playlist: check the URL";
      default ->
          status >= 500
              ? "the service's edge failed: check again later, or ask the service's support"
              : "check the URL and the playback ID's policy";
    };
  }

  /** The answers as the process sees them, each URL with its token masked. */
  public static Map<String, Object> describe(String url, String policy, Answer answer) {
    var described = new LinkedHashMap<String, Object>();
    described.put("url", masked(url));
    if (policy != null) {
      described.put("policy", policy);
    }
    described.put("status", answer.status());
    described.put("got", answer.got());
    described.put("advice", answer.advice());
    return described;
  }
}
