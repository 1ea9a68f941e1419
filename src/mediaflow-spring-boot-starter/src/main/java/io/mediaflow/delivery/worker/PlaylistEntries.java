package io.mediaflow.delivery.worker;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import okhttp3.HttpUrl;

/**
 * The entries an HLS playlist names (its URI lines and {@code URI="..."} attributes), and which of
 * them a signed token does not open. A player requests each entry with the token it was given
 * (document 1: every object of an authenticated bucket needs one), whether the CDN names the
 * entries with it or not (docs/sandbox.md, {@code playlists-without-token}); so an entry outside
 * the token's {@code uri} is refused to every player, and the playlist does not play although it
 * opens. Read from the playlist the check fetched: no further request.
 */
final class PlaylistEntries {

  private static final Pattern URI_ATTRIBUTE = Pattern.compile("URI=\"([^\"]*)\"");

  private PlaylistEntries() {}

  static boolean isHls(String path) {
    return path != null && path.toLowerCase(java.util.Locale.ROOT).endsWith(".m3u8");
  }

  static boolean isDash(String path) {
    return path != null && path.toLowerCase(java.util.Locale.ROOT).endsWith(".mpd");
  }

  /** The entries as written, in order. */
  static List<String> of(String playlist) {
    var entries = new ArrayList<String>();
    for (String raw : playlist.split("\\R")) {
      String line = raw.strip();
      if (line.isEmpty()) {
        continue;
      }
      if (line.startsWith("#")) {
        Matcher attribute = URI_ATTRIBUTE.matcher(line);
        while (attribute.find()) {
          entries.add(attribute.group(1));
        }
      } else {
        entries.add(line);
      }
    }
    return entries;
  }

  /**
   * The entries of a playlist at {@code url}, the object {@code objectPath} of its bucket, that a
   * token for {@code uri} does not open. Only entries at the playlist's own address are judged: one
   * at another host is not the bucket's to open.
   */
  static List<String> outside(String playlist, HttpUrl url, String objectPath, String uri) {
    List<String> objectSegments = List.of(stripSlashes(objectPath).split("/"));
    List<String> urlSegments = url.pathSegments();
    if (urlSegments.size() < objectSegments.size()
        || !urlSegments
            .subList(urlSegments.size() - objectSegments.size(), urlSegments.size())
            .equals(objectSegments)) {
      return List.of();
    }
    List<String> base = urlSegments.subList(0, urlSegments.size() - objectSegments.size());
    var outside = new ArrayList<String>();
    for (String entry : of(playlist)) {
      HttpUrl resolved = url.resolve(entry);
      if (resolved == null
          || !resolved.scheme().equals(url.scheme())
          || !resolved.host().equals(url.host())
          || resolved.port() != url.port()) {
        continue;
      }
      List<String> segments = resolved.pathSegments();
      if (segments.size() <= base.size() || !segments.subList(0, base.size()).equals(base)) {
        outside.add(entry);
        continue;
      }
      String entryPath = String.join("/", segments.subList(base.size(), segments.size()));
      if (!covers(uri, entryPath)) {
        outside.add(entry);
      }
    }
    return outside;
  }

  /**
   * Whether a token whose {@code uri} claim is {@code uri} opens the object at {@code path}
   * (document 1: "directory or full path to which the token grants access; an empty string grants
   * access to any resource in the bucket").
   */
  static boolean covers(String uri, String path) {
    String scope = stripSlashes(uri);
    if (scope.isEmpty()) {
      return true;
    }
    String requested = stripSlashes(path);
    return requested.equals(scope) || requested.startsWith(scope + "/");
  }

  private static String stripSlashes(String path) {
    String stripped = path == null ? "" : path.strip();
    while (stripped.startsWith("/")) {
      stripped = stripped.substring(1);
    }
    while (stripped.endsWith("/")) {
      stripped = stripped.substring(0, stripped.length() - 1);
    }
    return stripped;
  }
}
