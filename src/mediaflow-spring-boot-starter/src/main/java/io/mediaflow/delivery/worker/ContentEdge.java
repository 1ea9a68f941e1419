package io.mediaflow.delivery.worker;

import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
import okhttp3.Dns;
import okhttp3.HttpUrl;
import okhttp3.OkHttpClient;
import okhttp3.Request;
import okhttp3.Response;

/**
 * The CDN edge as a viewer's player reaches it (document 1, "Content access with signed tokens"):
 * one GET of a content address, with or without its token, read no further than a check needs. It
 * is what proves a deliverable, so it calls nothing of the API and changes nothing at the service.
 *
 * <p>Redirects are not followed: a signed URL that sends the player elsewhere does not open where
 * it was handed out. The URLs come from process variables, so this machine's own addresses and its
 * link's (loopback, {@code 169.254.0.0/16} with the clouds' metadata address, {@code fe80::/10})
 * are not fetched, unless their host is one the configured content addresses name (the sandbox's,
 * at {@code localhost}).
 */
final class ContentEdge {

  /** What a check reads of a playlist or manifest: far more than any of the plugin's. */
  static final int PLAYLIST_BYTES = 1 << 20;

  /** What a check reads of any other object: that it has a first byte. */
  static final int OBJECT_BYTES = 1;

  /** What is read of a refusal's body. */
  private static final int REFUSAL_BYTES = 4096;

  /** What a refusal's body shows in a check's message. */
  private static final int EXCERPT = 160;

  private static final Pattern TOKEN = Pattern.compile("(auth=)[^&\\s\"'<>]+");
  private static final Pattern CONTROL = Pattern.compile("[\\p{Cntrl}\\s]+");

  /**
   * One answer of the edge; {@code failure} says why there was none (refused connection, timeout).
   */
  record Answer(
      int status,
      Map<String, String> headers,
      byte[] body,
      boolean complete,
      String failure,
      boolean notFetched) {

    static Answer none(String failure) {
      return new Answer(0, Map.of(), new byte[0], true, failure, false);
    }

    /** An address this class does not fetch, not even once more. */
    static Answer refused(String reason) {
      return new Answer(0, Map.of(), new byte[0], true, reason, true);
    }

    boolean answered() {
      return failure == null;
    }

    boolean ok() {
      return answered() && status >= 200 && status < 300;
    }

    String header(String name) {
      return headers.get(name.toLowerCase(Locale.ROOT));
    }

    String text() {
      return new String(body, StandardCharsets.UTF_8);
    }

    /**
     * What it got, for a message: the status and the start of the body on one line, any token in it
     * left out (the CDN may name a playlist's entries with it).
     */
    String got() {
      if (!answered()) {
        return "no answer (" + failure + ")";
      }
      String excerpt = CONTROL.matcher(TOKEN.matcher(text()).replaceAll("$1…")).replaceAll(" ");
      excerpt = excerpt.strip();
      if (excerpt.length() > EXCERPT) {
        excerpt = excerpt.substring(0, EXCERPT) + "…";
      }
      return "HTTP " + status + (excerpt.isEmpty() ? "" : " \"" + excerpt + "\"");
    }
  }

  private static final Pattern ADDRESS_LITERAL = Pattern.compile("[0-9.]+|.*:.*");

  private final OkHttpClient http;
  private final Set<String> trustedHosts;

  /**
   * @param trustedHosts hosts of the configured content addresses, fetched even where they are on
   *     this machine
   */
  ContentEdge(OkHttpClient okHttp, Duration timeout, Set<String> trustedHosts) {
    this.trustedHosts = trustedHosts;
    this.http =
        okHttp
            .newBuilder()
            .followRedirects(false)
            .followSslRedirects(false)
            .callTimeout(timeout)
            .dns(new OutsideOnly(trustedHosts))
            .build();
  }

  /**
   * GETs {@code url} with {@code headers} and reads at most {@code maxBytes} of the body; a range
   * of one byte is asked for when {@code maxBytes} is {@link #OBJECT_BYTES} (an edge that ignores
   * it answers 200, of which the first byte is read).
   */
  Answer get(HttpUrl url, Map<String, String> headers, int maxBytes) {
    // OkHttp asks its Dns about names only: an address given as such is checked here.
    if (addressLiteral(url.host()) && !trustedHosts.contains(url.host())) {
      try {
        if (OutsideOnly.local(InetAddress.getByName(url.host()))) {
          return Answer.refused("an address of this machine or its link, not fetched");
        }
      } catch (UnknownHostException unreadable) {
        return Answer.refused(String.valueOf(unreadable.getMessage()));
      }
    }
    var request = new Request.Builder().url(url).get();
    headers.forEach(request::header);
    if (maxBytes == OBJECT_BYTES) {
      request.header("Range", "bytes=0-0");
    }
    try (Response response = http.newCall(request.build()).execute()) {
      var read = new java.util.HashMap<String, String>();
      response
          .headers()
          .names()
          .forEach(name -> read.put(name.toLowerCase(Locale.ROOT), response.header(name)));
      byte[] body;
      boolean complete;
      // A refusal is read far enough to say why.
      int limit = response.isSuccessful() ? maxBytes : Math.max(maxBytes, REFUSAL_BYTES);
      try (InputStream in = response.body().byteStream()) {
        body = in.readNBytes(limit);
        complete = body.length < limit || in.read() < 0;
      }
      return new Answer(response.code(), Map.copyOf(read), body, complete, null, false);
    } catch (IOException noAnswer) {
      String reason =
          noAnswer.getMessage() == null
              ? noAnswer.getClass().getSimpleName()
              : noAnswer.getMessage();
      return Answer.none(reason);
    }
  }

  private static boolean addressLiteral(String host) {
    return ADDRESS_LITERAL.matcher(host).matches();
  }

  /** Resolves names as usual, leaving out this machine's and its link's addresses. */
  private record OutsideOnly(Set<String> trustedHosts) implements Dns {

    @Override
    public List<InetAddress> lookup(String hostname) throws UnknownHostException {
      List<InetAddress> all = Dns.SYSTEM.lookup(hostname);
      if (trustedHosts.contains(hostname.toLowerCase(Locale.ROOT))) {
        return all;
      }
      List<InetAddress> outside = all.stream().filter(address -> !local(address)).toList();
      if (outside.isEmpty()) {
        throw new UnknownHostException(
            hostname + " is an address of this machine or its link, which content never is");
      }
      return outside;
    }

    static boolean local(InetAddress address) {
      return address.isLoopbackAddress()
          || address.isAnyLocalAddress()
          || address.isLinkLocalAddress()
          || address.isMulticastAddress();
    }
  }
}
