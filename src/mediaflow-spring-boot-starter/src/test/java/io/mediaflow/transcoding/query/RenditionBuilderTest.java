package io.mediaflow.transcoding.query;

import static org.assertj.core.api.Assertions.assertThat;

import io.mediaflow.api.ApiJson;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The setters a Format and a Stream share are written once (RenditionBuilder): each still sets its
 * own field, in either builder, and keeps the builder's type for the next setter.
 */
class RenditionBuilderTest {

  @Test
  void aSharedSetterSetsItsFieldInAFormatAndInAStream() {
    Stream rung = Stream.builder().resolution(360).bitrate(800).userTag("360").build();
    Format format =
        Format.builder("advanced_hls")
            .resolution(720)
            .videoCodec("h264")
            .other("rotate", 90)
            .segmentDuration(4.0)
            .stream(List.of(rung))
            .build();

    assertThat(format.resolution()).isEqualTo(720);
    assertThat(format.videoCodec()).isEqualTo("h264");
    assertThat(format.segmentDuration()).isEqualTo(4.0);
    assertThat(format.stream()).containsExactly(rung);
    assertThat(rung.resolution()).isEqualTo(360);
    assertThat(rung.bitrate()).isEqualTo(800);
    assertThat(rung.userTag()).isEqualTo("360");
    assertThat(ApiJson.MAPPER.convertValue(format, Map.class))
        .containsEntry("output", "advanced_hls")
        .containsEntry("video_codec", "h264")
        .containsEntry("rotate", 90)
        .doesNotContainKey("bitrate");
  }

  @Test
  void whatIsNotSetStaysOutOfTheRequest() {
    assertThat(ApiJson.MAPPER.convertValue(Stream.builder().width(640).build(), Map.class))
        .containsOnlyKeys("width");
  }
}
