package io.mediaflow.transcoding.internal;

import static org.assertj.core.api.Assertions.assertThat;

import io.mediaflow.api.ApiJson;
import io.mediaflow.transcoding.JobStatus;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The small result a process keeps of a job's status. */
class JobResultTest {

  @Test
  void keepsWhatTheReviewFormShowsAndLeavesTheRestOfTheStatus() throws Exception {
    JobStatus status =
        ApiJson.MAPPER.readValue(
            """
        {"status": "completed", "percent": 100, "duration": 12.5, "source_size": 99,
         "videos": [{"status": "completed", "user_tag": "720p", "meta": "{\\"width\\": 1280.0, \\"height\\": 720}",
                     "bitrate": 2800, "size": 4096, "url": "s3://b/720.m3u8", "storage": {"bucket": "b"}},
                    {"user_tag": "audio-less", "url": "s3://b/x.m3u8"}],
         "images": [{"url": "s3://b/thumbnail.jpg", "meta": {"width": 320}}],
         "warnings": [{"code": "low_bitrate"}]}
        """,
            JobStatus.class);

    java.time.Instant seen = java.time.Instant.parse("2026-11-27T21:00:00.250Z");
    JobResult result = JobResult.of(status, seen);

    assertThat(result.status()).isEqualTo("completed");
    assertThat(result.expiresAt())
        .as("outputs without a destination are downloadable for 24 hours")
        .isEqualTo("2026-11-28T21:00:00Z");
    assertThat(result.percent()).as("no progress once finished").isNull();
    assertThat(result.duration()).isEqualTo(12.5);
    assertThat(result.renditions())
        .containsExactly(
            new JobResult.Rendition("720p", "1280x720", 2800.0, 4096L, "s3://b/720.m3u8"),
            new JobResult.Rendition("audio-less", null, null, null, "s3://b/x.m3u8"));
    assertThat(result.thumbnails()).containsExactly("s3://b/thumbnail.jpg");
    assertThat(result.warnings()).containsExactly(Map.of("code", "low_bitrate"));
  }

  @Test
  void everyOutputListTheStatusGivesIsKeptWithItsUrlTagsAndStorage() throws Exception {
    JobStatus status =
        ApiJson.MAPPER.readValue(
            """
        {"status": "completed", "error": 0,
         "videos": [{"user_tag": "720p", "tag": "video-0-0", "url": "s3://b/720.mp4"}],
         "audios": [{"tag": "audio-1-0", "user_tag": "podcast", "url": "s3://b/a.mp3", "output_format": "mp3",
                     "storage": {"bucket": "b", "type": "s3", "key": "a.mp3"}},
                    {"tag": "audio-2-0", "url": "s3://b/hls/playlist.m3u8", "download_url": "https://dl/x.zip"}],
         "texts": [{"tag": "text-3-0", "url": "s3://b/stt/", "output_format": "speech_to_text"}],
         "archives": [{"tag": "zip-4-0", "download_url": "https://dl/all.zip"}],
         "source_info": {"codec": "h264"}}
        """,
            JobStatus.class);

    JobResult result = JobResult.of(status, java.time.Instant.now());

    assertThat(result.outputs())
        .containsExactly(
            new JobResult.Output("videos", null, "video-0-0", "720p", "s3://b/720.mp4", null, null),
            new JobResult.Output(
                "audios",
                "mp3",
                "audio-1-0",
                "podcast",
                "s3://b/a.mp3",
                null,
                Map.of("bucket", "b", "type", "s3", "key", "a.mp3")),
            new JobResult.Output(
                "audios",
                null,
                "audio-2-0",
                null,
                "s3://b/hls/playlist.m3u8",
                "https://dl/x.zip",
                null),
            new JobResult.Output(
                "texts", "speech_to_text", "text-3-0", null, "s3://b/stt/", null, null),
            new JobResult.Output(
                "archives", null, "zip-4-0", null, null, "https://dl/all.zip", null));
    assertThat(ApiJson.MAPPER.convertValue(status, Map.class))
        .as("the complete status keeps what it was sent")
        .containsKeys("archives", "source_info")
        .doesNotContainKey("other");
  }

  @Test
  void aJobStillEncodingHasItsProgressAndEmptyLists() {
    var status =
        new JobStatus(
            "encoding", null, 40.0, 0, null, null, null, null, null, null, null, null, null);

    JobResult result = JobResult.of(status, java.time.Instant.now());

    assertThat(result.percent()).isEqualTo(40.0);
    assertThat(result.expiresAt()).as("nothing to download yet").isNull();
    assertThat(result.renditions()).isEmpty();
    assertThat(result.thumbnails()).isEmpty();
    assertThat(result.warnings()).isEqualTo(List.of());
  }

  @Test
  void failedOutputsAreListedWithTheirErrorsAndTheDocumentsRetryFailuresAreToldApart()
      throws Exception {
    JobStatus status =
        ApiJson.MAPPER.readValue(
            """
        {"status": "error", "error": 1, "error_description": "An error occurred while processing the video.",
         "videos": [{"user_tag": "720p", "error": 1, "error_description": "Video convert error."},
                    {"user_tag": "360p", "error": 0}],
         "images": [{"tag": "image-0-0", "error": 1, "error_description": "Image extract error."}]}
        """,
            JobStatus.class);

    assertThat(JobResult.of(status, java.time.Instant.now()).outputErrors())
        .containsExactly(
            new JobResult.OutputError("720p", "Video convert error."),
            new JobResult.OutputError("image-0-0", "Image extract error."));
    assertThat(status.failedTransiently()).isTrue();
    var download =
        new JobStatus(
            "error",
            null,
            null,
            1,
            "Download error: unable to download the specified source file/URL.",
            null,
            null,
            null,
            null,
            null,
            null,
            null,
            null);
    assertThat(download.failedTransiently()).as("another source is needed, not a retry").isFalse();
  }
}
