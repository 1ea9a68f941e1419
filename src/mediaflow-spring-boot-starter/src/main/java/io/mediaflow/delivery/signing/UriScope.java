package io.mediaflow.delivery.signing;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import io.mediaflow.api.InvalidRequestException;
import java.util.Arrays;
import java.util.Locale;

/**
 * What a signed URL's token opens (its {@code uri} claim, which document 1 allows to be "a
 * directory or full path"): the one object, or every object in the object's folder. A player given
 * an HLS master playlist or a DASH manifest goes on to request the variant playlists and segments
 * beside and below it, so a token for a playlist opens its folder unless told otherwise.
 */
public enum UriScope {
  OBJECT,
  FOLDER;

  @JsonValue
  public String apiName() {
    return name().toLowerCase(Locale.ROOT);
  }

  @JsonCreator
  public static UriScope parse(String name) {
    return Arrays.stream(values())
        .filter(scope -> scope.apiName().equals(name))
        .findFirst()
        .orElseThrow(() -> InvalidRequestException.rule("must be object or folder"));
  }

  /** {@code chosen}, or when none is chosen the folder for a playlist and the object otherwise. */
  public static UriScope forPath(UriScope chosen, String objectPath) {
    if (chosen != null) {
      return chosen;
    }
    String name = objectPath.toLowerCase(Locale.ROOT);
    return name.endsWith(".m3u8") || name.endsWith(".mpd") ? FOLDER : OBJECT;
  }

  /**
   * The {@code uri} claim for {@code objectPath} (a path inside the bucket, without a leading
   * slash): {@code /<path>}, or its folder {@code /<folder>/} (a trailing slash says it is a
   * directory; {@code /} at the bucket's top level, which opens the whole bucket).
   */
  public String uri(String objectPath) {
    if (this == OBJECT) {
      return "/" + objectPath;
    }
    int slash = objectPath.lastIndexOf('/');
    return slash < 0 ? "/" : "/" + objectPath.substring(0, slash + 1);
  }
}
