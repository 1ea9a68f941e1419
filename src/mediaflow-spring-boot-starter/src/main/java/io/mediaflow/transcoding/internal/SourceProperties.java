package io.mediaflow.transcoding.internal;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.MissingNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import java.util.stream.Stream;

/**
 * What a {@code metadata} output says about a job's source, as a process reads it (e.g. to fit a
 * ladder to the source). Document 3 names the output but not its content, so every plausible shape
 * is read: ffprobe's own report ({@code streams} and {@code format}), a summary with flat fields
 * ({@code width}, {@code height}, {@code duration}, {@code video_codec}, ...), and either of them
 * under {@code source}, {@code metadata} or {@code ffprobe}. A property no shape gives is null.
 *
 * @param duration seconds
 * @param size the source's size in bytes
 */
record SourceProperties(
    Integer width,
    Integer height,
    Double duration,
    String videoCodec,
    String audioCodec,
    Double frameRate,
    Long size) {

  /** Where a summary or a report may sit in the document, the document itself first. */
  private static final List<String> PLACES = List.of("source", "metadata", "ffprobe");

  private static final JsonNode MISSING = MissingNode.getInstance();

  public static SourceProperties of(JsonNode document) {
    List<JsonNode> places = places(document);
    JsonNode video = stream(places, "video");
    JsonNode audio = stream(places, "audio");
    JsonNode format =
        places.stream()
            .map(place -> place.path("format"))
            .filter(JsonNode::isObject)
            .findFirst()
            .orElse(MISSING);
    return new SourceProperties(
        first(places, video, "width").map(Double::intValue).orElse(null),
        first(places, video, "height").map(Double::intValue).orElse(null),
        first(places, format, "duration").or(() -> number(video.path("duration"))).orElse(null),
        text(places, "video_codec").or(() -> text(video.path("codec_name"))).orElse(null),
        text(places, "audio_codec").or(() -> text(audio.path("codec_name"))).orElse(null),
        first(places, "framerate", "frame_rate")
            .or(() -> rate(video.path("avg_frame_rate")))
            .orElse(null),
        first(places, format, "size").map(Double::longValue).orElse(null));
  }

  private static List<JsonNode> places(JsonNode document) {
    var places = new ArrayList<JsonNode>();
    places.add(document);
    for (String name : PLACES) {
      JsonNode place = document.path(name);
      // a stitched source may be described clip by clip: the first clip stands for the picture
      place = place.isArray() ? place.path(0) : place;
      if (place.isObject()) {
        places.add(place);
      }
    }
    return places;
  }

  /**
   * The first stream of this {@code codec_type} in ffprobe's {@code streams}, wherever the report
   * is.
   */
  private static JsonNode stream(List<JsonNode> places, String codecType) {
    return places.stream()
        .flatMap(place -> elements(place.path("streams")))
        .filter(stream -> codecType.equals(stream.path("codec_type").asText()))
        .findFirst()
        .orElse(MISSING);
  }

  /** The elements of an array; none of anything else. */
  private static Stream<JsonNode> elements(JsonNode array) {
    var items = new ArrayList<JsonNode>();
    if (array.isArray()) {
      array.forEach(items::add);
    }
    return items.stream();
  }

  /** A flat field of a summary, else the same field of ffprobe's stream or format object. */
  private static Optional<Double> first(List<JsonNode> places, JsonNode fallback, String name) {
    return first(places, name).or(() -> number(fallback.path(name)));
  }

  private static Optional<Double> first(List<JsonNode> places, String... names) {
    return places.stream()
        .flatMap(place -> Stream.of(names).map(place::path))
        .map(SourceProperties::number)
        .flatMap(Optional::stream)
        .findFirst();
  }

  private static Optional<String> text(List<JsonNode> places, String name) {
    return places.stream()
        .map(place -> place.path(name))
        .map(SourceProperties::text)
        .flatMap(Optional::stream)
        .findFirst();
  }

  private static Optional<String> text(JsonNode value) {
    return value.isTextual() && !value.asText().isBlank()
        ? Optional.of(value.asText())
        : Optional.empty();
  }

  /** A JSON number, or a number written as text, as ffprobe writes durations and sizes. */
  private static Optional<Double> number(JsonNode value) {
    if (value.isNumber()) {
      return Optional.of(value.asDouble());
    }
    return value.isTextual() ? parse(value.asText(), Double::parseDouble) : Optional.empty();
  }

  /** ffprobe's {@code 30000/1001}; nothing for {@code 0/0}. */
  private static Optional<Double> rate(JsonNode value) {
    String[] parts = value.asText("").split("/");
    if (parts.length != 2) {
      return Optional.empty();
    }
    return parse(parts[0], Double::parseDouble)
        .flatMap(
            numerator ->
                parse(parts[1], Double::parseDouble)
                    .filter(denominator -> denominator != 0)
                    .map(denominator -> numerator / denominator));
  }

  private static <T> Optional<T> parse(String text, Function<String, T> parser) {
    try {
      return Optional.of(parser.apply(text.strip()));
    } catch (NumberFormatException e) {
      return Optional.empty();
    }
  }
}
