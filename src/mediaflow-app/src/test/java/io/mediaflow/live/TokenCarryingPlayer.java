package io.mediaflow.live;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * What an HLS player configured as docs/plugin.md shows (hls.js {@code xhrSetup}, video.js {@code
 * beforeRequest}) does with a signed master playlist: every request it makes, the variant playlist
 * and the segments too, carries the master URL's {@code auth} token, added where the URL has none.
 * It walks master, first variant and first segment, as a player starting playback does.
 */
final class TokenCarryingPlayer {

  /** One request the player made and its answer. */
  record Fetched(URI uri, int status, byte[] body) {
    String text() {
      return new String(body, StandardCharsets.UTF_8);
    }
  }

  private final HttpClient http = HttpClient.newHttpClient();

  /** As the master URL's query carries it, so already encoded for a query. */
  private final String token;

  /**
   * @param signedMaster the master playlist's URL with its {@code ?auth=} token
   */
  TokenCarryingPlayer(String signedMaster) {
    String query = URI.create(signedMaster).getRawQuery();
    this.token =
        java.util.Arrays.stream(query.split("&"))
            .filter(parameter -> parameter.startsWith("auth="))
            .map(parameter -> parameter.substring(5))
            .findFirst()
            .orElseThrow(() -> new IllegalArgumentException("no auth token in " + signedMaster));
  }

  /** The request for {@code uri}, the token added unless the URL already carries one. */
  Fetched get(URI uri) throws IOException, InterruptedException {
    String raw = uri.toString();
    URI carrying =
        raw.contains("auth=")
            ? uri
            : URI.create(raw + (uri.getRawQuery() == null ? "?" : "&") + "auth=" + token);
    HttpResponse<byte[]> answer =
        http.send(
            HttpRequest.newBuilder(carrying).GET().build(),
            HttpResponse.BodyHandlers.ofByteArray());
    return new Fetched(carrying, answer.statusCode(), answer.body());
  }

  /**
   * Master, its first variant, that variant's first segment: the segment written to {@code
   * segmentFile}. Fails on any answer other than 200.
   */
  Fetched firstSegment(URI master, Path segmentFile) throws IOException, InterruptedException {
    Fetched playlist = require(get(master));
    Fetched variant = require(get(playlist.uri().resolve(firstEntry(playlist))));
    Fetched segment = require(get(variant.uri().resolve(firstEntry(variant))));
    Files.write(segmentFile, segment.body());
    return segment;
  }

  /** The first URI line of a playlist: a variant of a master, a segment of a media playlist. */
  static String firstEntry(Fetched playlist) {
    return playlist
        .text()
        .lines()
        .map(String::strip)
        .filter(line -> !line.isEmpty() && !line.startsWith("#"))
        .findFirst()
        .orElseThrow(
            () -> new AssertionError("no entry in " + playlist.uri() + ": " + playlist.text()));
  }

  private static Fetched require(Fetched fetched) {
    if (fetched.status() != 200) {
      throw new AssertionError(
          "GET " + fetched.uri() + " answered " + fetched.status() + ": " + fetched.text());
    }
    return fetched;
  }
}
