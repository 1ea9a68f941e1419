package io.mediaflow.sandbox.live;

import jakarta.servlet.http.HttpServletRequest;
import java.nio.charset.StandardCharsets;
import java.time.format.DateTimeFormatter;
import java.util.Base64;
import java.util.List;
import java.util.Optional;
import org.springframework.core.io.FileSystemResource;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.util.HtmlUtils;
import org.springframework.web.util.UriUtils;

/**
 * The storage DVR destinations stand for, answering as an S3-compatible service does (path-style,
 * at {@code {publicUrl}/dvr}): ListObjectsV2 ({@code GET
 * /<bucket>?list-type=2&prefix=&continuation-token=&max-keys=}) and GET of an object (Range
 * answered), each allowed by {@link DvrAccess}. Errors are S3's XML documents.
 */
@RestController
class DvrStorageController {

  private static final String PATH = "/sandbox" + DvrFolder.DOWNLOAD_PATH;
  private static final int MAX_KEYS = 1000;

  private final DvrFolder folder;
  private final DvrAccess access;

  DvrStorageController(DvrFolder folder, DvrAccess access) {
    this.folder = folder;
    this.access = access;
  }

  @GetMapping(value = PATH + "/{bucket}", produces = MediaType.APPLICATION_XML_VALUE)
  ResponseEntity<String> list(
      @PathVariable String bucket,
      HttpServletRequest request,
      @RequestParam(name = "list-type", required = false) String listType,
      @RequestParam(defaultValue = "") String prefix,
      @RequestParam(name = "continuation-token", required = false) String continuation,
      @RequestParam(name = "max-keys", defaultValue = "1000") int maxKeys) {
    if (!"2".equals(listType)) {
      return error(
          HttpStatus.BAD_REQUEST,
          "InvalidArgument",
          "Only ListObjectsV2 (list-type=2) is answered here");
    }
    if (maxKeys < 0) {
      return error(HttpStatus.BAD_REQUEST, "InvalidArgument", "max-keys must not be negative");
    }
    Optional<ResponseEntity<String>> refused = refused(request, bucket, null);
    if (refused.isPresent()) {
      return refused.get();
    }
    String after =
        continuation == null
            ? ""
            : new String(Base64.getUrlDecoder().decode(continuation), StandardCharsets.UTF_8);
    List<DvrFolder.StoredObject> objects =
        folder.list(bucket, prefix).stream()
            .filter(object -> object.key().compareTo(after) > 0)
            .toList();
    int count = Math.min(Math.min(maxKeys, MAX_KEYS), objects.size());
    var xml =
        new StringBuilder(
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
                + "<ListBucketResult xmlns=\"http://s3.amazonaws.com/doc/2006-03-01/\">");
    element(xml, "Name", bucket);
    element(xml, "Prefix", prefix);
    element(xml, "KeyCount", Integer.toString(count));
    element(xml, "MaxKeys", Integer.toString(Math.min(maxKeys, MAX_KEYS)));
    element(xml, "IsTruncated", Boolean.toString(count < objects.size()));
    for (DvrFolder.StoredObject object : objects.subList(0, count)) {
      xml.append("<Contents>");
      element(xml, "Key", object.key());
      element(xml, "LastModified", DateTimeFormatter.ISO_INSTANT.format(object.lastModified()));
      element(xml, "Size", Long.toString(object.size()));
      element(xml, "StorageClass", "STANDARD");
      xml.append("</Contents>");
    }
    if (count < objects.size()) {
      element(
          xml,
          "NextContinuationToken",
          Base64.getUrlEncoder()
              .encodeToString(objects.get(count - 1).key().getBytes(StandardCharsets.UTF_8)));
    }
    xml.append("</ListBucketResult>");
    return ResponseEntity.ok().contentType(MediaType.APPLICATION_XML).body(xml.toString());
  }

  /** An object, by its bucket and key. */
  @GetMapping(PATH + "/{bucket}/**")
  ResponseEntity<?> object(@PathVariable String bucket, HttpServletRequest request) {
    String prefix = request.getContextPath() + PATH + "/" + bucket + "/";
    String key =
        UriUtils.decode(request.getRequestURI().substring(prefix.length()), StandardCharsets.UTF_8);
    Optional<ResponseEntity<String>> refused = refused(request, bucket, key);
    if (refused.isPresent()) {
      return refused.get();
    }
    return folder
        .existing(bucket, key)
        .<ResponseEntity<?>>map(
            file ->
                ResponseEntity.ok()
                    .contentType(contentType(file.getFileName().toString()))
                    .body(new FileSystemResource(file)))
        .orElseGet(
            () -> error(HttpStatus.NOT_FOUND, "NoSuchKey", "The specified key does not exist."));
  }

  private Optional<ResponseEntity<String>> refused(
      HttpServletRequest request, String bucket, String key) {
    if (!folder.hasBucket(bucket)) {
      return Optional.of(
          error(HttpStatus.NOT_FOUND, "NoSuchBucket", "The specified bucket does not exist"));
    }
    return access
        .refusal(request, bucket, key)
        .map(
            code ->
                error(
                    HttpStatus.FORBIDDEN,
                    code,
                    switch (code) {
                      case "InvalidAccessKeyId" ->
                          "The AWS Access Key Id you provided does not exist in our records.";
                      case "SignatureDoesNotMatch" ->
                          "The request signature we calculated does not match the signature you"
                              + " provided, or the request has expired.";
                      default -> "Access Denied";
                    }));
  }

  private static ResponseEntity<String> error(HttpStatus status, String code, String message) {
    var xml = new StringBuilder("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<Error>");
    element(xml, "Code", code);
    element(xml, "Message", message);
    xml.append("</Error>");
    return ResponseEntity.status(status)
        .contentType(MediaType.APPLICATION_XML)
        .body(xml.toString());
  }

  private static void element(StringBuilder xml, String name, String text) {
    xml.append('<')
        .append(name)
        .append('>')
        .append(HtmlUtils.htmlEscape(text, "UTF-8"))
        .append("</")
        .append(name)
        .append('>');
  }

  static MediaType contentType(String name) {
    String extension = name.substring(name.lastIndexOf('.') + 1);
    return switch (extension) {
      case "mp4" -> MediaType.parseMediaType("video/mp4");
      case "ts" -> MediaType.parseMediaType("video/mp2t");
      case "m3u8" -> MediaType.parseMediaType(HlsPlaylist.CONTENT_TYPE);
      default -> MediaType.APPLICATION_OCTET_STREAM;
    };
  }
}
