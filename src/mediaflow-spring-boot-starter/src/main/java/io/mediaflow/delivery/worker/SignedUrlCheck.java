package io.mediaflow.delivery.worker;

import io.mediaflow.delivery.worker.CheckSignedUrlsInput.SignedUrlToCheck;
import java.time.Clock;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import okhttp3.HttpUrl;

/**
 * Whether one signed URL opens as a viewer's player would open it: one GET with its token (document
 * 1, "Content access with signed tokens"), answered 2xx with content; a playlist or manifest must
 * be one, and a playlist's entries must lie where its token opens ({@link PlaylistEntries}); from
 * an origin, the answer must allow it. What it did not get is {@link Missing}, saying whether
 * waiting can mend it.
 */
final class SignedUrlCheck {

  /** A URL that opened: where, and with which status. */
  record Opened(String path, String address, int status) implements Result {}

  /**
   * A URL that did not open.
   *
   * @param got what the edge answered, or why there was no answer
   * @param todo what a person can do about it
   * @param canPass whether checking again later may find it open (a refusal while a new key reaches
   *     the edge, a fault of the CDN), or not without someone acting
   */
  record Missing(String name, String address, int status, String got, String todo, boolean canPass)
      implements Result {

    String describe() {
      return name + " (" + address + ") " + got + ": " + todo;
    }

    Map<String, Object> details() {
      var details = new LinkedHashMap<String, Object>();
      details.put("path", name);
      details.put("address", address);
      details.put("status", status);
      details.put("got", got);
      details.put("todo", todo);
      return details;
    }
  }

  sealed interface Result permits Opened, Missing {}

  private static final String MAY_PASS =
      "a new signing key's tokens may take a while to reach the CDN's edge, so this is checked again;"
          + " a deleted key, a key of another bucket or an expired token stays refused (publish again)";

  private final ContentEdge edge;
  private final Clock clock;

  SignedUrlCheck(ContentEdge edge, Clock clock) {
    this.edge = edge;
    this.clock = clock;
  }

  Result open(SignedUrlToCheck signed, String origin) {
    HttpUrl url = HttpUrl.parse(signed.url());
    String name = name(signed);
    if (url == null || url.queryParameter("auth") == null) {
      return missing(
          name,
          url == null ? "not a URL" : address(url),
          0,
          "no token",
          "is not a signed URL (no auth query parameter): sign it with sign_urls or sign_playback_urls",
          false);
    }
    String address = address(url);
    Instant expires = expires(signed.expires());
    if (expires != null && !expires.isAfter(clock.instant())) {
      return missing(
          name,
          address,
          0,
          "a token that expired at " + expires,
          "sign it again (publish again), with a lifetime that covers the time until it is handed out",
          false);
    }
    String objectName = signed.path() != null ? signed.path() : url.encodedPath();
    boolean hls = PlaylistEntries.isHls(objectName);
    boolean dash = PlaylistEntries.isDash(objectName);
    var headers = new LinkedHashMap<String, String>();
    if (origin != null && !origin.isBlank()) {
      headers.put("Origin", origin);
    }
    ContentEdge.Answer answer =
        edge.get(url, headers, hls || dash ? ContentEdge.PLAYLIST_BYTES : ContentEdge.OBJECT_BYTES);
    if (answer.notFetched()) {
      return missing(
          name,
          address,
          0,
          answer.got(),
          "content is never served from this machine or its link: sign URLs of the bucket's"
              + " or a playback domain's address",
          false);
    }
    if (!answer.answered()) {
      return missing(name, address, 0, answer.got(), "the CDN did not answer; checked again", true);
    }
    int status = answer.status();
    if (status == 404 || status == 410) {
      return missing(
          name,
          address,
          status,
          answer.got(),
          "nothing is served there: upload the object to the bucket (behind a playback domain,"
              + " check that the domain exposes the bucket), then check again",
          false);
    }
    if (status == 401 || status == 403) {
      return missing(name, address, status, answer.got(), MAY_PASS, true);
    }
    if (status == 408 || status == 425 || status == 429 || status >= 500) {
      return missing(
          name, address, status, answer.got(), "the CDN is busy or failing; checked again", true);
    }
    if (!answer.ok()) {
      String todo =
          status >= 300 && status < 400
              ? "the CDN sends the player to "
                  + answer.header("Location")
                  + " instead of serving the object; check the bucket or domain"
              : "the CDN refuses the request; check the URL and the bucket";
      return missing(name, address, status, answer.got(), todo, false);
    }
    return content(signed, url, name, address, origin, hls, dash, answer);
  }

  private Result content(
      SignedUrlToCheck signed,
      HttpUrl url,
      String name,
      String address,
      String origin,
      boolean hls,
      boolean dash,
      ContentEdge.Answer answer) {
    int status = answer.status();
    if (answer.body().length == 0) {
      return missing(
          name,
          address,
          status,
          answer.got() + " with an empty body",
          "the object is empty: upload it again, then check again",
          false);
    }
    String text = hls || dash ? answer.text().replace("\uFEFF", "").strip() : "";
    if (hls && !text.startsWith("#EXTM3U")) {
      return missing(
          name,
          address,
          status,
          answer.got(),
          "is not an HLS playlist (no #EXTM3U): upload the playlist, then check again",
          false);
    }
    if (dash && !text.contains("<MPD")) {
      return missing(
          name,
          address,
          status,
          answer.got(),
          "is not a DASH manifest (no MPD element): upload the manifest, then check again",
          false);
    }
    if (hls && answer.complete() && signed.uri() != null && signed.path() != null) {
      List<String> outside = PlaylistEntries.outside(text, url, signed.path(), signed.uri());
      if (!outside.isEmpty()) {
        return missing(
            name,
            address,
            status,
            "a playlist naming "
                + outside.size()
                + " entries its token (uri \""
                + signed.uri()
                + "\") does not open, "
                + outside.subList(0, Math.min(3, outside.size())),
            "a player is refused them: sign the playlist for its folder (uriScope folder) or a uri"
                + " above the entries",
            false);
      }
    }
    if (origin != null && !origin.isBlank()) {
      String allowed = answer.header("Access-Control-Allow-Origin");
      if (allowed == null || !(allowed.equals("*") || allowed.equals(origin))) {
        return missing(
            name,
            address,
            status,
            "HTTP "
                + status
                + " with Access-Control-Allow-Origin "
                + (allowed == null ? "missing" : "\"" + allowed + "\""),
            "a player at "
                + origin
                + " may not read it: the bucket's CORS policy may not have reached the edge yet,"
                + " so this is checked again; or it allows another origin (set it with set_cors)",
            true);
      }
    }
    return new Opened(name, address, status);
  }

  private static Missing missing(
      String name, String address, int status, String got, String todo, boolean canPass) {
    return new Missing(name, address, status, got, todo, canPass);
  }

  /** The URL without its query: where it points, never its token. */
  private static String address(HttpUrl url) {
    return url.newBuilder().query(null).fragment(null).build().toString();
  }

  private static String name(SignedUrlToCheck signed) {
    if (signed.path() != null) {
      return signed.path();
    }
    if (signed.playbackUrl() != null) {
      return signed.playbackUrl();
    }
    HttpUrl url = HttpUrl.parse(signed.url());
    return url == null ? "(not a URL)" : address(url);
  }

  private static Instant expires(String expires) {
    if (expires == null || expires.isBlank()) {
      return null;
    }
    try {
      return Instant.parse(expires);
    } catch (DateTimeParseException unreadable) {
      // Not one the plugin wrote: the edge's answer tells.
      return null;
    }
  }
}
