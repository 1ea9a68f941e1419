package io.mediaflow.sandbox.transcoding;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The documented rules of the query object: error 14 names a missing field, 19 the field and the
 * rule.
 */
class QueryValidatorTest {

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final String SOURCE = "\"source\": \"https://media.example.com/in.mp4\"";

  static Stream<Arguments> refusedQueries() {
    return Stream.of(
        // inputs
        refused("{\"format\": [{\"output\": \"mp4\"}]}", 14, "'source'"),
        refused(
            "{"
                + SOURCE
                + ", \"stitch\": [\"https://a.example/1.mp4\"], \"format\": [{\"output\": \"mp4\"}]}",
            19,
            "exactly one of 'source' and 'stitch'"),
        refused(
            "{\"source\": \"ftp://media.example.com/in.mp4\", \"format\": [{\"output\": \"mp4\"}]}",
            19,
            "'source': must be an http or https URL, or tus:<file_uuid>"),
        refused("{\"source\": \"tus:\", \"format\": [{\"output\": \"mp4\"}]}", 19, "'source'"),
        refused("{\"stitch\": [], \"format\": [{\"output\": \"mp4\"}]}", 14, "stitch[0]"),
        refused(
            "{\"stitch\": [{\"start_time\": 2}], \"format\": [{\"output\": \"mp4\"}]}",
            14,
            "stitch[0].url"),
        refused(
            "{\"stitch\": [{\"url\": \"https://a.example/1.mp4\", \"duration\": 0}], \"format\": "
                + "[{\"output\": \"mp4\"}]}",
            19,
            "stitch[0].duration': must be a number above 0"),
        // format list and output
        refused("{" + SOURCE + "}", 14, "'format'"),
        refused("{" + SOURCE + ", \"format\": []}", 14, "'format'"),
        refused(format("{\"size\": \"640x360\"}"), 14, "format[0].output"),
        refused(format("{\"output\": \"mov\"}"), 19, "format[0].output': must be one of mp4, webm"),
        // task level
        refused(
            "{" + SOURCE + ", \"encoder_version\": 3, \"format\": [{\"output\": \"mp4\"}]}",
            19,
            "'encoder_version': must be one of [1, 2]"),
        refused(
            "{"
                + SOURCE
                + ", \"callback_url\": \"mailto:ops@example.com\", \"format\": [{\"output\": \"mp4\"}]}",
            19,
            "'callback_url'"),
        refused(
            "{" + SOURCE + ", \"encoder_version\": 2, \"format\": [{\"output\": \"vmaf\"}]}",
            19,
            "vmaf works with encoder_version 1 only"),
        refused(
            format("{\"output\": \"mp4\", \"video_codec\": \"lcevc_h264\"}"),
            19,
            "lcevc_h264 needs encoder_version 2"),
        refused(
            format("{\"output\": \"mp4\", \"keep_sei\": 1}"),
            19,
            "'format[0].keep_sei': needs encoder_version 2"),
        // quality, crf, keyframe, framerate
        refused(
            format("{\"output\": \"mp4\", \"quality\": -1}"),
            19,
            "format[0].quality': must be a number from 0 to 51"),
        refused(
            format("{\"output\": \"thumbnail\", \"quality\": 0}"),
            19,
            "format[0].quality': must be an integer from 1 to 100"),
        refused(
            format("{\"output\": \"mp4\", \"min_crf\": 30, \"max_crf\": 20}"),
            19,
            "must not be above max_crf"),
        refused(format("{\"output\": \"mp4\", \"max_crf\": 52}"), 19, "max_crf"),
        refused(format("{\"output\": \"mp4\", \"keyframe\": \"3m\"}"), 19, "format[0].keyframe"),
        refused(format("{\"output\": \"mp4\", \"keyframe\": 0}"), 19, "format[0].keyframe"),
        refused(
            format("{\"output\": \"mp4\", \"framerate\": 0}"),
            19,
            "format[0].framerate': must be a number above 0"),
        refused(format("{\"output\": \"mp4\", \"size\": \"1280*720\"}"), 19, "format[0].size"),
        refused(
            format("{\"output\": \"mp4\", \"video_codec\": \"h264\"}"),
            19,
            "format[0].video_codec"),
        refused(
            format("{\"output\": \"mp4\", \"bitrate\": \"fast\"}"),
            19,
            "format[0].bitrate': must be a number"),
        // streams, images, destinations, logos, subtitles
        refused(
            format("{\"output\": \"mp4\", \"stream\": [{\"resolution\": 720}]}"),
            19,
            "only for advanced_hls, advanced_dash and webm_dash"),
        refused(
            format("{\"output\": \"advanced_hls\", \"stream\": [{\"quality\": 60}]}"),
            19,
            "format[0].stream[0].quality"),
        refused(
            format("{\"output\": \"smart_thumbnail\", \"image_format\": \"webp\"}"),
            19,
            "image_format"),
        refused(
            format("{\"output\": \"thumbnails\", \"columns\": 4}"), 19, "needs sprite set to 1"),
        refused(format("{\"output\": \"thumbnail\", \"time\": 1.5}"), 19, "format[0].time"),
        refused(
            format("{\"output\": \"mp4\", \"destination\": {\"key\": \"k\"}}"),
            14,
            "format[0].destination.url"),
        refused(
            format("{\"output\": \"mp4\", \"destination\": {\"url\": \"gs://bucket/a.mp4\"}}"),
            19,
            "must start with s3://"),
        refused(
            format(
                "{\"output\": \"mp4\", \"destination\": [{\"url\": \"s3://b/a.mp4\", \"acl\": \"public\"}]}"),
            19,
            "format[0].destination[0].acl"),
        refused(
            format("{\"output\": \"mp4\", \"logo\": [{\"x\": 10}]}"),
            14,
            "format[0].logo[0].source"),
        refused(
            format(
                "{\"output\": \"mp4\", \"subtitles\": {\"sources\": [{\"source\": \"https://a.example/en.srt\"}]}}"),
            14,
            "format[0].subtitles.sources[0].language"),
        // attributes whose names the document does not show
        refused(format("{\"output\": \"mp4\", \"rotate\": 45}"), 19, "format[0].rotate"),
        refused(
            format(
                "{\"output\": \"mp4\", \"video_side_data\": {\"vr180\": true, \"full_width\": 4000,"
                    + " \"full_height\": 2000, \"cropped_width\": 3000, \"cropped_height\": 2000, \"cropped_left\": 1500}}"),
            14,
            "video_side_data.cropped_top"),
        refused(
            format(
                "{\"output\": \"mp4\", \"video_side_data\": {\"vr180\": 1, \"full_width\": 4000,"
                    + " \"full_height\": 2000, \"cropped_width\": 3000, \"cropped_height\": 2000, \"cropped_left\": 1500,"
                    + " \"cropped_top\": 0}}"),
            19,
            "cropped_left + cropped_width must not exceed full_width"),
        refused(
            format(
                "{\"output\": \"mp4\", \"video_side_data\": {\"vr180\": 1, \"full_width\": 4000,"
                    + " \"full_height\": 2000, \"cropped_width\": 0, \"cropped_height\": 2000, \"cropped_left\": 0,"
                    + " \"cropped_top\": 0}}"),
            19,
            "cropped_width"),
        refused(
            format("{\"output\": \"mp4\", \"video_codec_parameters\": {\"level\": 50}}"),
            19,
            "level"),
        refused(
            format("{\"output\": \"mp4\", \"video_codec_parameters\": {\"maxrate\": 5}}"),
            19,
            "needs bufsize"),
        refused(
            format(
                "{\"output\": \"mp4\", \"video_codec_parameters\": {\"flags2\": \"+bpyramid+turbo\"}}"),
            19,
            "'+turbo'"),
        refused(
            format("{\"output\": \"mp4\", \"lcevc_tune\": \"vq\"}"),
            19,
            "need an lcevc_* video_codec"),
        refused(
            format("{\"output\": \"mp4\", \"audio_channels_number\": 0}"),
            19,
            "audio_channels_number"));
  }

  @ParameterizedTest(name = "[{index}] {2}")
  @MethodSource("refusedQueries")
  void refusesWithTheDocumentedCode(String query, int code, String message) {
    assertThatThrownBy(() -> QueryValidator.validate("{\"query\": " + query + "}", JSON))
        .isInstanceOfSatisfying(
            TranscodingApiError.class,
            error -> {
              assertThat(error.code()).isEqualTo(code);
              assertThat(error.getMessage()).contains(message);
            });
  }

  @Test
  void acceptsTheDocumentedShapesAndIgnoresUnknownAttributes() {
    JobRequest request =
        QueryValidator.validate(
            "{\"query\": {\"stitch\": [\"https://a.example/1.mp4\","
                + " {\"url\": \"https://a.example/1.mp4\", \"start_time\": 2, \"duration\": \"3.5\"}],"
                + " \"encoder_version\": 2, \"callback_url\": \"https://hooks.example.com/t\", \"no_such_field\": 1,"
                + " \"format\": [{\"output\": \"advanced_hls\", \"keep_sei\": 1, \"stream\": [{\"resolution\": 720,"
                + " \"keyframe\": \"2s\", \"video_codec\": \"lcevc_h264\", \"lcevc_tune\": \"vmaf\"}]},"
                + " {\"output\": \"thumbnails\", \"sprite\": 1, \"columns\": 5, \"quality\": 90, \"image_format\": \"webp\"},"
                + " {\"output\": \"mp4\", \"destination\": [{\"url\": \"s3:///bucket/x/y.mp4\"}], \"min_crf\": 18,"
                + " \"max_crf\": 18, \"video_side_data\": {\"vr180\": true, \"full_width\": 4000, \"full_height\": 2000,"
                + " \"cropped_width\": 2000, \"cropped_height\": 2000, \"cropped_left\": 2000, \"cropped_top\": 0}}]}}",
            JSON);
    assertThat(request.stitch()).isTrue();
    assertThat(request.clips()).extracting(SourceClip::duration).containsExactly(null, 3.5);
    assertThat(request.encoderVersion()).isEqualTo(2);
    assertThat(request.formats())
        .extracting(FormatParams::kind)
        .containsExactly(OutputKind.ADVANCED_HLS, OutputKind.THUMBNAILS, OutputKind.MP4);
    assertThat(request.formats().get(2).destinations().getFirst())
        .isEqualTo(new OutputDestination("s3", "bucket", "x/y.mp4"));
  }

  /**
   * An FTP host is a host name, any case; an object storage's bucket is kept as written, to be
   * checked when saving.
   */
  @Test
  void ftpHostsAreLowerCasedButBucketNamesAreKept() {
    assertThat(
            OutputDestination.parse("sftp://user@Backup.Example.com/shows").orElseThrow().bucket())
        .isEqualTo("backup.example.com");
    assertThat(OutputDestination.parse("s3://Not_A_Bucket/a.mp4").orElseThrow().bucket())
        .isEqualTo("Not_A_Bucket");
  }

  @Test
  void payloadsAboveOneThousandCharactersAreError9() {
    QueryValidator.checkPayload("x".repeat(1000));
    assertThatThrownBy(() -> QueryValidator.checkPayload("x".repeat(1001)))
        .isInstanceOfSatisfying(
            TranscodingApiError.class, error -> assertThat(error.code()).isEqualTo(9));
  }

  private static Arguments refused(String query, int code, String message) {
    return Arguments.of(query, code, message);
  }

  private static String format(String format) {
    return "{" + SOURCE + ", \"format\": [" + format + "]}";
  }
}
