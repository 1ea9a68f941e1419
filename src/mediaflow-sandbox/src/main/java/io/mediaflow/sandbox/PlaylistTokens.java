package io.mediaflow.sandbox;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.springframework.stereotype.Component;

/**
 * Playlists served to a viewer with a signed token ({@code ?auth=}): a player requests every entry
 * of a playlist relative to it and without the playlist's query, so the sandbox names each entry
 * with the viewer's token, one behaviour for live playback and for stored objects at a bucket's
 * default address or behind a {@code vod} domain. Document 1 does not show whether the CDN does
 * this; with {@link SandboxProfile#PLAYLISTS_WITHOUT_TOKEN} the playlists are served as they are.
 *
 * <p>HLS (RFC 8216): each URI line, and each {@code URI="..."} attribute of a tag ({@code
 * EXT-X-MEDIA}, {@code EXT-X-MAP}, {@code EXT-X-KEY}, {@code EXT-X-I-FRAME-STREAM-INF}). DASH: the
 * {@code media}, {@code initialization} and {@code sourceURL} attributes of the MPD, which are the
 * files a player requests.
 */
@Component
public class PlaylistTokens {

  private static final Pattern HLS_URI_ATTRIBUTE = Pattern.compile("URI=\"([^\"]*)\"");
  private static final Pattern DASH_URL_ATTRIBUTE =
      Pattern.compile("\\b(media|initialization|sourceURL)=\"([^\"]*)\"");

  private final SandboxProfile profile;

  public PlaylistTokens(SandboxProfile profile) {
    this.profile = profile;
  }

  /** Whether the object at {@code path} is a playlist whose entries this names. */
  public static boolean isPlaylist(String path) {
    String name = path.toLowerCase(Locale.ROOT);
    return name.endsWith(".m3u8") || name.endsWith(".mpd");
  }

  /**
   * The playlist {@code text} (HLS, or DASH when {@code path} ends in {@code .mpd}) as served to a
   * request with token {@code auth}: unchanged without a token or under the variation.
   */
  public String serve(String path, String text, String auth) {
    if (auth == null || auth.isEmpty() || !profile.playlistsNameTheToken()) {
      return text;
    }
    return path.toLowerCase(Locale.ROOT).endsWith(".mpd") ? dash(text, auth) : hls(text, auth);
  }

  /** Line by line, each line's ending kept as it was. */
  private static String hls(String text, String auth) {
    return Arrays.stream(text.split("\n", -1))
        .map(
            line -> {
              String content = line.strip();
              if (content.isEmpty()) {
                return line;
              }
              String ending = line.endsWith("\r") ? "\r" : "";
              if (!content.startsWith("#")) {
                return withToken(content, auth, "&") + ending;
              }
              return HLS_URI_ATTRIBUTE
                  .matcher(line)
                  .replaceAll(
                      found ->
                          Matcher.quoteReplacement(
                              "URI=\"" + withToken(found.group(1), auth, "&") + "\""));
            })
        .collect(Collectors.joining("\n"));
  }

  private static String dash(String text, String auth) {
    return DASH_URL_ATTRIBUTE
        .matcher(text)
        .replaceAll(
            found ->
                Matcher.quoteReplacement(
                    found.group(1)
                        + "=\""
                        // Inside XML an ampersand is written as an entity.
                        + withToken(found.group(2), auth, "&amp;")
                        + "\""));
  }

  /**
   * {@code uri} with the token added to its query, after {@code ampersand} when it has one; a data:
   * URI is left as it is.
   */
  private static String withToken(String uri, String auth, String ampersand) {
    if (uri.startsWith("data:")) {
      return uri;
    }
    String token = "auth=" + URLEncoder.encode(auth, StandardCharsets.UTF_8);
    int fragment = uri.indexOf('#');
    String base = fragment < 0 ? uri : uri.substring(0, fragment);
    String rest = fragment < 0 ? "" : uri.substring(fragment);
    return base + (base.contains("?") ? ampersand : "?") + token + rest;
  }
}
