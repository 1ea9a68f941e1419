package io.mediaflow.transcoding.internal.check;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import javax.xml.XMLConstants;
import javax.xml.parsers.DocumentBuilderFactory;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/**
 * A DASH manifest (MPD, ISO/IEC 23009-1) as a player reads it: its {@code
 * mediaPresentationDuration}, and for each video {@code Representation}, in document order, the
 * picture size it declares (its own {@code width} and {@code height}, else its {@code
 * AdaptationSet}'s) and where its initialization segment is, the first file a player fetches of it.
 *
 * @param duration seconds, null when the manifest declares none (a live one)
 * @param videos the video representations, in document order
 */
public record DashManifest(Double duration, List<Video> videos) {

  /**
   * @param initialization the initialization segment's URI, relative to the manifest ({@code
   *     SegmentTemplate@initialization} with {@code $RepresentationID$} and {@code $Bandwidth$}
   *     filled in, or {@code SegmentBase/Initialization@sourceURL}); null when it declares none
   */
  public record Video(Integer width, Integer height, String initialization) {}

  public static boolean isManifest(String text) {
    return text != null && text.contains("<MPD");
  }

  /** The manifest, or empty when the text is not XML. */
  public static Optional<DashManifest> parse(String text) {
    Element mpd;
    try {
      DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
      // A manifest from a URL is untrusted: no DTDs, no external entities.
      factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
      factory.setAttribute(XMLConstants.ACCESS_EXTERNAL_DTD, "");
      factory.setAttribute(XMLConstants.ACCESS_EXTERNAL_SCHEMA, "");
      factory.setNamespaceAware(false);
      mpd =
          factory
              .newDocumentBuilder()
              .parse(new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8)))
              .getDocumentElement();
    } catch (Exception notXml) {
      return Optional.empty();
    }
    var videos = new ArrayList<Video>();
    NodeList representations = mpd.getElementsByTagName("Representation");
    for (int i = 0; i < representations.getLength(); i++) {
      var representation = (Element) representations.item(i);
      var set = (Element) representation.getParentNode();
      String type = attribute(representation, set, "mimeType");
      String contentType = attribute(representation, set, "contentType");
      Integer width = number(attribute(representation, set, "width"));
      Integer height = number(attribute(representation, set, "height"));
      boolean video =
          (type != null && type.startsWith("video"))
              || "video".equals(contentType)
              || (type == null && contentType == null && width != null);
      if (video) {
        videos.add(new Video(width, height, initialization(representation, set)));
      }
    }
    return Optional.of(
        new DashManifest(seconds(mpd.getAttribute("mediaPresentationDuration")), videos));
  }

  private static String initialization(Element representation, Element set) {
    Element template = child(representation, "SegmentTemplate");
    if (template == null && set != null) {
      template = child(set, "SegmentTemplate");
    }
    if (template != null && template.hasAttribute("initialization")) {
      return template
          .getAttribute("initialization")
          .replace("$RepresentationID$", representation.getAttribute("id"))
          .replace("$Bandwidth$", representation.getAttribute("bandwidth"));
    }
    Element base = child(representation, "SegmentBase");
    Element initialization = base == null ? null : child(base, "Initialization");
    return initialization != null && initialization.hasAttribute("sourceURL")
        ? initialization.getAttribute("sourceURL")
        : null;
  }

  private static Element child(Element parent, String name) {
    NodeList children = parent.getChildNodes();
    for (int i = 0; i < children.getLength(); i++) {
      if (children.item(i) instanceof Element element && name.equals(element.getTagName())) {
        return element;
      }
    }
    return null;
  }

  private static String attribute(Element representation, Element set, String name) {
    if (representation.hasAttribute(name)) {
      return representation.getAttribute(name);
    }
    return set != null && set.hasAttribute(name) ? set.getAttribute(name) : null;
  }

  private static Integer number(String text) {
    try {
      return text == null ? null : Integer.valueOf(text.strip());
    } catch (NumberFormatException e) {
      return null;
    }
  }

  /** An xs:duration as MPDs write it ({@code PT4.0S}, {@code PT0H1M2.5S}, {@code P0DT1H}). */
  private static Double seconds(String text) {
    if (text == null || text.isBlank()) {
      return null;
    }
    String value = text.strip().replaceFirst("^P(?:0Y)?(?:0M)?(\\d+D)?", "P$1");
    try {
      return Duration.parse(value.equals("P") ? "PT0S" : value).toNanos() / 1e9;
    } catch (DateTimeParseException e) {
      return null;
    }
  }
}
