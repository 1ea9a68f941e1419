package io.mediaflow.transcoding.internal.check;

/**
 * One thing about a job's outputs that is not as asked, as the rendition check names it.
 *
 * @param tag the rendition's tag (or the rung's, or {@code image n})
 * @param url the URL concerned, without its query (which may carry a token); null for a rung
 * @param got what the check read
 * @param expected what was asked
 * @param todo what to do about it
 */
public record Problem(String tag, String url, String got, String expected, String todo) {

  String line() {
    return tag + (url == null ? "" : " (" + url + ")") + ": " + got + "; expected " + expected;
  }
}
