package io.mediaflow.transcoding.query;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mediaflow.api.ApiJson;
import io.mediaflow.api.InvalidRequestException;
import io.mediaflow.api.Violation;
import io.mediaflow.api.internal.Constraints;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Every documented rule of a custom job's Query object, each named by field and rule when broken.
 */
class QueryRulesTest {

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      textBlock =
          """
      neither source nor stitch  | {"format":[{"output":"mp4"}]}                                                          | source: is required, unless stitch is given
      both source and stitch     | {"source":"https://a/b.mp4","stitch":["https://a/c.mp4"],"format":[{"output":"mp4"}]} | source: give exactly one of source and stitch
      source not a url           | {"source":"/tmp/in.mp4","format":[{"output":"mp4"}]}                                  | source: must be a URL or tus:<file_uuid>
      no format                  | {"source":"https://a/b.mp4","format":[]}                                              | format: needs at least one output
      unknown output             | {"source":"https://a/b.mp4","format":[{"output":"avi"}]}                              | format[0].output: must be one of
      video quality above 51     | {"source":"https://a/b.mp4","format":[{"output":"mp4","quality":52}]}                 | format[0].quality: is a constant rate factor for video, from 0 to 51
      image quality 0            | {"source":"https://a/b.mp4","format":[{"output":"thumbnail","quality":0}]}            | format[0].quality: is JPEG quality for images, from 1 to 100
      min_crf above max_crf      | {"source":"https://a/b.mp4","format":[{"output":"mp4","min_crf":30,"max_crf":20}]}    | format[0].min_crf: must not be above max_crf
      crf out of range           | {"source":"https://a/b.mp4","format":[{"output":"mp4","max_crf":60}]}                 | format[0].max_crf: must be from 0 to 51
      keyframe word              | {"source":"https://a/b.mp4","format":[{"output":"mp4","keyframe":"often"}]}           | format[0].keyframe: must be a positive number of frames
      keyframe zero              | {"source":"https://a/b.mp4","format":[{"output":"mp4","keyframe":0}]}                 | format[0].keyframe: must be a positive number of frames
      vmaf with encoder 2        | {"source":"https://a/b.mp4","encoder_version":2,"format":[{"output":"vmaf"}]}         | format[0].output: vmaf works with encoder_version 1 only
      lcevc with encoder 1       | {"source":"https://a/b.mp4","format":[{"output":"mp4","video_codec":"lcevc_h264"}]}   | format[0].video_codec: lcevc_h264 needs encoder_version 2
      keep_sei with encoder 1    | {"source":"https://a/b.mp4","format":[{"output":"mp4","keep_sei":1}]}                 | format[0].keep_sei: needs encoder_version 2
      encoder version 3          | {"source":"https://a/b.mp4","encoder_version":3,"format":[{"output":"mp4"}]}          | encoder_version: must be 1 or 2
      unknown codec              | {"source":"https://a/b.mp4","format":[{"output":"mp4","video_codec":"h264"}]}         | format[0].video_codec: must be one of
      stream on mp4              | {"source":"https://a/b.mp4","format":[{"output":"mp4","stream":[{"resolution":720}]}]} | format[0].stream: is for advanced_dash, advanced_hls, webm_dash only
      stream quality             | {"source":"https://a/b.mp4","format":[{"output":"advanced_hls","stream":[{"quality":70}]}]} | format[0].stream[0].quality: is a constant rate factor for video
      size form                  | {"source":"https://a/b.mp4","format":[{"output":"mp4","size":"720p"}]}                | format[0].size: must be <width>x<height> in pixels
      thumbnail time             | {"source":"https://a/b.mp4","format":[{"output":"thumbnail","time":2}]}               | format[0].time: is a fraction of the duration, from 0 to 1
      smart thumbnail webp       | {"source":"https://a/b.mp4","format":[{"output":"smart_thumbnail","image_format":"webp"}]} | format[0].image_format: must be one of jpg, png
      columns without sprite     | {"source":"https://a/b.mp4","format":[{"output":"thumbnails","columns":4}]}           | format[0].columns: needs sprite 1
      destination prefix         | {"source":"https://a/b.mp4","format":[{"output":"mp4","destination":{"url":"http://x/y.mp4"}}]} | format[0].destination[0].url: must start with one of
      destination acl            | {"source":"https://a/b.mp4","format":[{"output":"mp4","destination":{"url":"s3://b/y.mp4","acl":"public"}}]} | format[0].destination[0].acl: must be one of
      stitch clip without url    | {"stitch":[{"start_time":3}],"format":[{"output":"mp4"}]}                             | stitch[0].url: is required and must be a URL
      subtitles language         | {"source":"https://a/b.mp4","format":[{"output":"mp4","subtitles":{"sources":[{"source":"https://a/s.srt"}]}}]} | format[0].subtitles.sources[0].language: is required
      vr180 needs crop           | {"source":"https://a/b.mp4","format":[{"output":"mp4","video_side_data":{"vr180":true,"full_width":100,"full_height":100,"cropped_width":50,"cropped_height":50,"cropped_top":0}}]} | format[0].video_side_data.cropped_left: is required when vr180 is true
      vr180 crop too wide        | {"source":"https://a/b.mp4","format":[{"output":"mp4","video_side_data":{"vr180":true,"full_width":100,"full_height":100,"cropped_width":80,"cropped_height":50,"cropped_left":30,"cropped_top":0}}]} | cropped_left + cropped_width must not exceed full_width
      width above the cap        | {"source":"https://a/b.mp4","format":[{"output":"mp4","width":16385}]}                | format[0].width: must be from 1 to 16384 pixels
      height 0                   | {"source":"https://a/b.mp4","format":[{"output":"mp4","height":0}]}                   | format[0].height: must be from 1 to 16384 pixels
      stream resolution above cap | {"source":"https://a/b.mp4","format":[{"output":"advanced_hls","stream":[{"resolution":720},{"resolution":16385}]}]} | format[0].stream[1].resolution: must be from 1 to 16384 pixels
      one logo without source    | {"source":"https://a/b.mp4","format":[{"output":"mp4","logo":{"x":1}}]}               | format[0].logo.source: is required
      stream codec needs lcevc encoder | {"source":"https://a/b.mp4","format":[{"output":"advanced_hls","stream":[{"video_codec":"lcevc_hevc"}]}]} | format[0].stream[0].video_codec: lcevc_hevc needs encoder_version 2
      flag not 0 or 1            | {"source":"https://a/b.mp4","format":[{"output":"advanced_hls","fmp4":2}]}            | format[0].fmp4: must be 0 or 1
      """)
  void brokenRuleIsNamed(String rule, String json, String message) throws Exception {
    Query query = ApiJson.MAPPER.readValue(json, Query.class);
    assertThatThrownBy(() -> Constraints.check(query))
        .isInstanceOf(InvalidRequestException.class)
        .hasMessageContaining(message);
  }

  @Test
  void eachViolationIsOneFieldWithItsRuleAndNeverTheValue() throws Exception {
    Query query =
        ApiJson.MAPPER.readValue(
            "{\"source\":\"https://a/b.mp4\",\"format\":[{\"output\":\"mp4\","
                + "\"destination\":{\"url\":\"http://x/y.mp4\",\"key\":\"AKIA\",\"secret\":\"s3cr3t\",\"acl\":\"s3cr3t\"}}]}",
            Query.class);

    assertThatThrownBy(() -> Constraints.check(query))
        .isInstanceOfSatisfying(
            InvalidRequestException.class,
            e -> {
              assertThat(e.violations())
                  .extracting(Violation::field)
                  .containsExactly("format[0].destination[0].acl", "format[0].destination[0].url");
              assertThat(e.getMessage()).doesNotContain("s3cr3t").doesNotContain("http://x");
            });
  }

  @Test
  void everyBrokenRuleIsListedAtOnce() throws Exception {
    Query query =
        ApiJson.MAPPER.readValue(
            "{\"source\":\"https://a/b.mp4\",\"format\":[{\"output\":\"mp4\",\"quality\":99,\"keyframe\":\"x\"}]}",
            Query.class);
    assertThatThrownBy(() -> Constraints.check(query))
        .hasMessageContaining("format[0].quality")
        .hasMessageContaining("format[0].keyframe");
  }

  @Test
  void aFullValidQueryPassesAndUnnamedAttributesTravelUnchanged() throws Exception {
    String json =
        """
        {"source":"https://a/b.mp4","encoder_version":2,"callback_url":"https://hooks.example.com/t",
         "format":[
           {"output":"advanced_hls","segment_duration":6,"fmp4":1,"stream":[
              {"resolution":1080,"bitrate":5000,"keyframe":"2s","video_codec":"libx265","keep_sei":1,"user_tag":"1080p"},
              {"size":"1280x720","quality":23,"keyframe":48}]},
           {"output":"mp4","resolution":480,"min_crf":18,"max_crf":28,"optimize_bitrate":1,"rotate":90,
            "destination":[{"url":"s3://bucket/out/a.mp4","permissions":"public-read"},{"url":"sftp://host/a.mp4"}]},
           {"output":"thumbnails","interval":5,"sprite":1,"columns":4,"image_format":"webp","quality":80},
           {"output":"mp4","video_side_data":{"vr180":true,"full_width":4000,"full_height":2000,"cropped_width":3000,"cropped_height":2000,"cropped_left":500,"cropped_top":0}}
         ]}""";
    Query query = ApiJson.MAPPER.readValue(json, Query.class);

    assertThatCode(() -> Constraints.check(query)).doesNotThrowAnyException();
    String sent = ApiJson.MAPPER.writeValueAsString(query);
    assertThat(sent)
        .contains("\"rotate\":90")
        .contains("\"keyframe\":\"2s\"")
        .contains("\"keyframe\":48")
        .contains("\"video_side_data\":{")
        .contains("\"encoder_version\":2");
  }
}
