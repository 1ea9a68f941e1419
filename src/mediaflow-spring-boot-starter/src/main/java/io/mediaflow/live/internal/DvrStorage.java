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
import javax.xml.XMLConstants;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.parsers.ParserConfigurationException;
import okhttp3.OkHttpClient;
import okhttp3.Request;
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

  private final ApiHttp http;
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
