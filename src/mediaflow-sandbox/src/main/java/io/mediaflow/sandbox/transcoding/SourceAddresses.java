package io.mediaflow.sandbox.transcoding;

import io.mediaflow.sandbox.SandboxProperties;
import java.net.InetAddress;
import java.net.NetworkInterface;
import java.net.SocketException;
import java.net.URI;
import java.net.UnknownHostException;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;
import org.springframework.stereotype.Component;

/**
 * Where the sandbox may fetch a source from. The real service fetches from the internet and cannot
 * reach the machine it runs on; the sandbox must not be the way in either, or anyone able to start
 * a job could read the cloud's metadata endpoint (169.254.169.254), the gateway or the app's own
 * REST API through it. So a source whose host resolves to a loopback, link-local, wildcard or
 * multicast address, or to one of this machine's own interfaces, is refused, at every redirect,
 * with the document's download error; only the sandbox's own media (samples, storage, DVR
 * recordings, downloads) and the configured {@code local-sources} are allowed there.
 */
@Component
class SourceAddresses {

  private static final List<String> OWN_MEDIA =
      List.of("/samples/", "/storage/", "/dvr/", "/transcoding/downloads/");

  private final List<URI> allowed;

  SourceAddresses(SandboxProperties sandbox, SandboxTranscodingProperties properties) {
    URI own = URI.create(sandbox.publicUrl());
    URI withPort =
        own.resolve(own.getScheme() + "://" + own.getHost() + ":" + port(own) + own.getRawPath());
    this.allowed =
        Stream.concat(
                OWN_MEDIA.stream().map(path -> URI.create(withPort + path)),
                properties.localSources().stream().map(URI::create))
            .toList();
  }

  /**
   * Refuses {@code uri} as a {@code failure} (the download message) when it points at this machine.
   */
  void check(URI uri, String failure) {
    String host = uri.getHost();
    if (host == null) {
      throw new JobFailure(failure, "the source URL names no host");
    }
    if (allowed.stream().anyMatch(prefix -> within(uri, prefix))) {
      return;
    }
    InetAddress[] addresses;
    try {
      addresses = InetAddress.getAllByName(host);
    } catch (UnknownHostException e) {
      throw new JobFailure(failure, host + ": unknown host");
    }
    for (InetAddress address : addresses) {
      if (local(address)) {
        throw new JobFailure(
            failure,
            host
                + " is an address of this machine or its link, which the service"
                + " cannot reach");
      }
    }
  }

  private static boolean within(URI uri, URI prefix) {
    URI normalized = uri.normalize();
    String path = normalized.getRawPath() == null ? "" : normalized.getRawPath();
    return prefix.getScheme().equalsIgnoreCase(normalized.getScheme())
        && prefix
            .getHost()
            .toLowerCase(Locale.ROOT)
            .equals(normalized.getHost().toLowerCase(Locale.ROOT))
        && (prefix.getPort() == -1 || prefix.getPort() == port(normalized))
        && normalized.getRawUserInfo() == null
        && !path.contains("/../")
        && path.startsWith(prefix.getRawPath() == null ? "" : prefix.getRawPath());
  }

  private static int port(URI uri) {
    return uri.getPort() != -1
        ? uri.getPort()
        : "https".equalsIgnoreCase(uri.getScheme()) ? 443 : 80;
  }

  private static boolean local(InetAddress address) {
    if (address.isLoopbackAddress()
        || address.isLinkLocalAddress()
        || address.isAnyLocalAddress()
        || address.isMulticastAddress()) {
      return true;
    }
    try {
      return NetworkInterface.getByInetAddress(address) != null;
    } catch (SocketException e) {
      return true; // cannot tell: not fetched
    }
  }
}
