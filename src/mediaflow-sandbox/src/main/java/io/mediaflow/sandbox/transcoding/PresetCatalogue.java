package io.mediaflow.sandbox.transcoding;

import java.util.Map;

/**
 * The transcoding profiles and transfer methods of the sandbox's one project, used by preset jobs
 * ({@code /v1/start_encode}). The service keeps these in the account and does not show their
 * fields: here a profile is a format object (as in a custom job) plus an output path whose {@code
 * {placeholders}} are filled from {@code output_path_variables}; a transfer method is a destination
 * prefix.
 */
final class PresetCatalogue {

  /**
   * @param format the format object the profile stands for, as JSON
   * @param outputPath where the profile's outputs go under a transfer method
   */
  record Profile(String format, String outputPath) {}

  static final Map<String, Profile> PROFILES =
      Map.of(
          "hls-ladder",
              new Profile(
                  """
          {"output": "advanced_hls", "segment_duration": 6, "stream": [
            {"resolution": 1080, "bitrate": 5000, "audio_bitrate": 128},
            {"resolution": 720, "bitrate": 3000, "audio_bitrate": 128},
            {"resolution": 480, "bitrate": 1500, "audio_bitrate": 96},
            {"resolution": 360, "bitrate": 800, "audio_bitrate": 64}]}""",
                  "videos/{video_id}/hls/"),
          "mp4-720p",
              new Profile(
                  """
          {"output": "mp4", "resolution": 720, "video_codec": "libx264", "quality": 23, "audio_bitrate": 128}""",
                  "videos/{video_id}/mp4/"),
          "thumbnail",
              new Profile(
                  """
          {"output": "thumbnail", "image_format": "jpg", "width": 320, "time": 0.5}""",
                  "videos/{video_id}/thumbnails/"));

  /**
   * Transfer methods: the destination prefix each one writes under (into the sandbox's media
   * storage).
   */
  static final Map<String, String> TRANSFER_METHODS =
      Map.of("sandbox-storage", "s3://sandbox-transfer/");

  private PresetCatalogue() {}
}
