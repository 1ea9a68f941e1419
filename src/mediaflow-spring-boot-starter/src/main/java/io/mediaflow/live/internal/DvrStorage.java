package io.mediaflow.live.internal;

import io.mediaflow.api.ApiException;
import io.mediaflow.api.internal.ApiHttp;
import java.io.IOException;
import java.io.StringReader;
import java.net.URI;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import javax.xml.XMLConstants;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.parsers.ParserConfigurationException;
import okhttp3.OkHttpClient;
import okhttp3.Request;
import okhttp3.Response;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;
import org.xml.sax.InputSource;
import org.xml.sax.SAXException;

/**
 * The S3-compatible storage that DVR destinations ({@code s3://<bucket>/<folder>}) name, read with
 * its own API: a folder is listed with ListObjectsV2 and a recording handed on as a presigned URL,
 * both signed with the destination's credentials. The media service writes there but does not say
 * what it wrote; only the storage knows. Buckets are addressed path-style ({@code
 * <endpoint>/<bucket>/<key>}), which AWS and the S3-compatible services all answer.
 *
 * <p>Two requests by hand rather than the AWS SDK's {@code S3Client} and {@code S3Presigner}: the
 * SDK's S3 client is 32 jars and 8.4 MB (with the smallest HTTP client, url-connection-client) for
 * one listing and one presigned URL, brings {@code org.reactivestreams:reactive-streams} (MIT-0)
 * where the plugin adds Apache-2.0 dependencies only, sends through an HTTP stack of its own
 * instead of the application's {@link io.mediaflow.api.MediaflowHttpClient} (proxy, timeouts, TLS).
 * The listing is read with the JDK's parser, DTDs and external entities off.
 */
public class DvrStorage {

  /** One object: its key in the bucket, its size in bytes and when it was written. */
  public record StoredObject(String key, long size, Instant lastModified) {}

  /** A destination's credentials; without them the bucket is read anonymously. */
  public record Credentials(String accessKey, String secretKey) {
    @Override
    public String toString() {
      return "Credentials[***]";
    }
  }

  /** The most a storage that ignores {@code Range} may answer before reading a file is given up. */
  private static final long WHOLE_FILE_MAX = 64L << 20;

  private final ApiHttp http;
  private final OkHttpClient client;
  private final URI endpoint;
  private final String region;
  private final Clock clock;

  /**
   * @param http the application's HTTP client
   * @param endpoint the storage's address, e.g. {@code https://s3.amazonaws.com} or an
   *     S3-compatible service's
   * @param region the region requests are signed for
   */
  public DvrStorage(OkHttpClient http, URI endpoint, String region, Clock clock) {
    this.http = new ApiHttp(http);
    this.client = http;
    this.endpoint = URI.create(endpoint.toString().replaceAll("/+$", ""));
    this.region = region;
    this.clock = clock;
  }

  /**
   * Every object whose key starts with {@code prefix}, in key order, following the listing's pages.
   */
  public List<StoredObject> list(String bucket, String prefix, Credentials credentials) {
    var objects = new ArrayList<StoredObject>();
    String continuation = null;
    do {
      URI page =
          URI.create(
              endpoint
                  + "/"
                  + S3Signature.encode(bucket)
                  + "?list-type=2&prefix="
                  + S3Signature.encode(prefix)
                  + (continuation == null
                      ? ""
                      : "&continuation-token=" + S3Signature.encode(continuation)));
      Document listing = listing(page, bucket, prefix, credentials);
      NodeList contents = listing.getElementsByTagName("Contents");
      for (int i = 0; i < contents.getLength(); i++) {
        Element content = (Element) contents.item(i);
        objects.add(
            new StoredObject(
                text(content, "Key"),
                Long.parseLong(text(content, "Size")),
                Instant.parse(text(content, "LastModified"))));
      }
      continuation =
          "true".equals(text(listing.getDocumentElement(), "IsTruncated"))
              ? text(listing.getDocumentElement(), "NextContinuationToken")
              : null;
    } while (continuation != null);
    return objects;
  }

  /**
   * The address at which anyone may GET {@code key} for {@code lifetime}; the plain address without
   * credentials.
   */
  public URI downloadUrl(String bucket, String key, Credentials credentials, Duration lifetime) {
    URI object =
        URI.create(
            endpoint
                + "/"
                + S3Signature.encode(bucket)
                + "/"
                + S3Signature.encode(key).replace("%2F", "/"));
    return credentials == null
        ? object
        : signature(credentials).presigned(object, clock.instant(), lifetime);
  }

  /**
   * Part of a stored file, read at its {@code url} (a {@link #downloadUrl}) with a {@code Range}
   * request: {@code length} bytes from {@code from}, fewer at the end of the file. A storage that
   * ignores the range answers the whole file, which is taken up to {@value #WHOLE_FILE_MAX} bytes.
   * A GET, so nothing at the storage changes.
   *
   * @param name how the file is named in errors: never the URL, which holds a signature
   */
  public RecordingDurations.Chunk read(URI url, long from, long length, String name) {
    var request =
        new Request.Builder()
            .url(url.toString())
            .header("Range", "bytes=" + from + "-" + (from + length - 1))
            .get()
            .build();
    String endpoint = "GET " + name;
    try (Response response = client.newCall(request).execute()) {
      int status = response.code();
      if (status >= 500 || status == 408 || status == 429) {
        throw new ApiException.Transient(
            "HTTP_" + status, endpoint + " answered HTTP " + status, null, null);
      }
      if (status == 206) {
        String range = response.header("Content-Range", "");
        long start = from;
        var matcher = java.util.regex.Pattern.compile("bytes (\\d+)-").matcher(range);
        if (matcher.find()) {
          start = Long.parseLong(matcher.group(1));
        }
        return new RecordingDurations.Chunk(start, response.body().bytes());
      }
      if (status == 200) {
        long announced = response.body().contentLength();
        if (announced > WHOLE_FILE_MAX) {
          throw new RecordingDurations.Unreadable(
              "the storage answered the whole file ("
                  + announced
                  + " bytes) instead of the range asked");
        }
        return new RecordingDurations.Chunk(0, response.body().bytes());
      }
      if (status == 416) {
        return new RecordingDurations.Chunk(from, new byte[0]);
      }
      throw new RecordingDurations.Unreadable(
          "the storage refused to read it: HTTP "
              + status
              + Optional.ofNullable(errorCode(response.body().string()))
                  .map(code -> " " + code)
                  .orElse(""));
    } catch (IOException e) {
      client.connectionPool().evictAll();
      throw new ApiException.Transient(
          "TRANSPORT", endpoint + " failed: " + e.getClass().getSimpleName(), null, null);
    }
  }

  private Document listing(URI page, String bucket, String prefix, Credentials credentials) {
    var request = new Request.Builder().url(page.toString()).get();
    if (credentials != null) {
      signature(credentials).headers(page, clock.instant()).forEach(request::header);
    }
    String endpointName = "ListObjectsV2 s3://" + bucket + "/" + prefix;
    ApiHttp.Text answer = http.text(request.build(), endpointName);
    if (answer.status() / 100 != 2) {
      String code = errorCode(answer.body());
      throw new ApiException.Rejected(
          answer.status() == 404 ? "NOT_FOUND" : "DVR_STORAGE_REFUSED",
          endpointName + " answered HTTP " + answer.status() + (code == null ? "" : " " + code),
          Map.of("status", answer.status(), "code", code == null ? "" : code));
    }
    try {
      return parse(answer.body());
    } catch (IOException | SAXException e) {
      throw new ApiException.Transient(
          "BAD_ANSWER", endpointName + " answered a listing that is not XML", null, e);
    }
  }

  private S3Signature signature(Credentials credentials) {
    return new S3Signature(region, credentials.accessKey(), credentials.secretKey());
  }

  /**
   * S3's error {@code <Code>}, such as {@code AccessDenied} or {@code NoSuchBucket}, when the body
   * has one.
   */
  private static String errorCode(String body) {
    try {
      return text(parse(body).getDocumentElement(), "Code");
    } catch (IOException | SAXException e) {
      return null;
    }
  }

  /** Parses without DTDs or external entities: the listing comes from a server, not from us. */
  private static Document parse(String xml) throws IOException, SAXException {
    try {
      var factory = DocumentBuilderFactory.newInstance();
      factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
      factory.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);
      factory.setExpandEntityReferences(false);
      return factory.newDocumentBuilder().parse(new InputSource(new StringReader(xml)));
    } catch (ParserConfigurationException e) {
      throw new IllegalStateException("The JDK's XML parser lacks a standard feature", e);
    }
  }

  /** The text of {@code parent}'s first child element named {@code name}, or null. */
  private static String text(Element parent, String name) {
    NodeList found = parent.getElementsByTagName(name);
    return found.getLength() == 0 ? null : found.item(0).getTextContent().strip();
  }
}
