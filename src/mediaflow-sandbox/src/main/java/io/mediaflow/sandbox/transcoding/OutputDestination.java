package io.mediaflow.sandbox.transcoding;

import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Where an output goes. Every documented prefix lands in the sandbox's {@link
 * io.mediaflow.sandbox.storage.MediaStorage}: the host of the URL (after an FTP user name) is the
 * bucket, or the first path segment when the URL has no host ({@code s3:///bucket/path}). An FTP
 * host is a host name, whatever its case; an object storage's bucket name is kept as written, and
 * must follow the storage's rule to be saved to. Credentials are checked by no one and kept
 * nowhere.
 *
 * @param path the object key of a file output, or the folder of a folder output (no leading slash;
 *     a trailing slash on a file output's path asks for the default file name in that folder)
 */
record OutputDestination(String scheme, String bucket, String path) {

  static final List<String> SCHEMES = List.of("s3", "b2", "azblob", "ftp", "ftps", "sftp");

  static Optional<OutputDestination> parse(String url) {
    int separator = url.indexOf("://");
    if (separator <= 0) {
      return Optional.empty();
    }
    String scheme = url.substring(0, separator).toLowerCase(Locale.ROOT);
    if (!SCHEMES.contains(scheme)) {
      return Optional.empty();
    }
    String rest = url.substring(separator + 3);
    int slash = rest.indexOf('/');
    String authority = slash < 0 ? rest : rest.substring(0, slash);
    String path = slash < 0 ? "" : rest.substring(slash + 1);
    String host = authority.substring(authority.lastIndexOf('@') + 1);
    if (host.indexOf(':') >= 0) {
      host = host.substring(0, host.indexOf(':'));
    }
    if (host.isEmpty()) {
      int next = path.indexOf('/');
      host = next < 0 ? path : path.substring(0, next);
      path = next < 0 ? "" : path.substring(next + 1);
    }
    if (host.isEmpty()) {
      return Optional.empty();
    }
    String bucket =
        scheme.startsWith("ftp") || scheme.equals("sftp") ? host.toLowerCase(Locale.ROOT) : host;
    return Optional.of(new OutputDestination(scheme, bucket, path.replaceFirst("^/+", "")));
  }

  /** The key of the output file or folder here; {@code defaultName} where the URL names none. */
  String key(String defaultName, boolean folder) {
    if (folder) {
      String trimmed = path.replaceFirst("/+$", "");
      return trimmed.isEmpty() ? defaultName : trimmed;
    }
    return path.isEmpty() || path.endsWith("/") ? path + defaultName : path;
  }

  /** The URL reported in the status for the object {@code key} of this destination's bucket. */
  String url(String key) {
    return scheme + "://" + bucket + "/" + key;
  }
}
