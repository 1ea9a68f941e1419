package io.mediaflow.transcoding.internal;

import static org.assertj.core.api.Assertions.assertThat;

import io.mediaflow.api.ApiJson;
import org.junit.jupiter.api.Test;

/**
 * Document 3 does not show the metadata output's content: each plausible shape gives the same
 * properties.
 */
class SourcePropertiesTest {

  private static final SourceProperties SOURCE =
      new SourceProperties(640, 360, 4.0, "h264", "aac", 25.0, 123456L);

  @Test
  void readsFfprobesOwnReport() throws Exception {
    var report =
        ApiJson.MAPPER.readTree(
            """
        {"streams": [{"codec_type": "audio", "codec_name": "aac"},
                     {"codec_type": "video", "codec_name": "h264", "width": 640, "height": 360, "avg_frame_rate": "25/1"}],
         "format": {"duration": "4.000000", "size": "123456"}}
        """);

    assertThat(SourceProperties.of(report)).isEqualTo(SOURCE);
  }

  @Test
  void readsAFlatSummaryAtTheTopOrUnderSource() throws Exception {
    var flat =
        ApiJson.MAPPER.readTree(
            """
        {"width": 640, "height": 360, "duration": 4, "video_codec": "h264", "audio_codec": "aac", "framerate": 25,
         "size": 123456}
        """);
    // The sandbox's document: a summary under "source", ffprobe's report under "ffprobe".
    var nested =
        ApiJson.MAPPER.readTree(
            """
        {"source": {"width": 640, "height": 360, "video_codec": "h264", "audio_codec": "aac", "framerate": 25.0},
         "size": 123456, "duration": 4.0,
         "ffprobe": {"streams": [{"codec_type": "video", "width": 1920, "height": 1080}], "format": {}}}
        """);

    assertThat(SourceProperties.of(flat)).isEqualTo(SOURCE);
    assertThat(SourceProperties.of(nested))
        .as("a summary wins over the raw report")
        .isEqualTo(SOURCE);
  }

  @Test
  void anAudioOnlySourceOrAnUnknownDocumentLeavesThePictureUnknown() throws Exception {
    var audio =
        SourceProperties.of(
            ApiJson.MAPPER.readTree(
                """
        {"streams": [{"codec_type": "audio", "codec_name": "mp3"}], "format": {"duration": "n/a"}}
        """));

    assertThat(audio).isEqualTo(new SourceProperties(null, null, null, null, "mp3", null, null));
    assertThat(SourceProperties.of(ApiJson.MAPPER.readTree("{\"anything\": [1, 2]}")))
        .isEqualTo(new SourceProperties(null, null, null, null, null, null, null));
  }
}
