package io.mediaflow.sandbox.transcoding;

import java.util.List;
import java.util.Map;

/**
 * A job that cannot go on: its status becomes {@code error} with {@code error: 1} and this message,
 * one of the service's documented job failure messages (document 3, section 7).
 */
class JobFailure extends RuntimeException {

  static final String PROCESSING = "An error occurred while processing the video.";
  static final String DOWNLOAD =
      "Download error: unable to download the specified source file/URL.";
  static final String DOWNLOAD_HLS =
      "Download error: failed to download the source with additional details on the cause.";
  static final String DOWNLOAD_GOOGLE_DRIVE =
      "Download error: failed to download the file from the specified Google Drive URL.";
  static final String DOWNLOAD_ATTEMPTS =
      "Download error: maximum number of download attempts reached.";
  static final String UNSUPPORTED_MEDIA = "Unsupported media type.";
  static final String EXTRACT_VIDEO = "Extract video error.";
  static final String IMAGE_EXTRACT = "Image extract error.";
  static final String VIDEO_CONVERT = "Video convert error.";
  static final String EXTRACT_AUDIO = "Extract audio error.";
  static final String CONVERT_AUDIO = "Convert audio error.";
  static final String SPLIT_HLS = "Split video error (HLS).";
  static final String REPACK = "Repack video error.";
  static final String REPACK_STITCHING = "Repack stitching error.";
  static final String SPLIT_STITCHING = "Split stitching video error.";
  static final String STITCHING_IMAGE_EXTRACT = "Stitching image extract error.";
  static final String STITCHING_EXTRACT_AUDIO = "Stitching extract audio error.";
  static final String STITCHING_THUMBNAILS_EXTRACT = "Stitching thumbnails extract error.";
  static final String STITCHING_THUMBNAILS_VTT = "Stitching thumbnails create vtt error.";
  static final String MERGE = "Merge video and audio error.";
  static final String THUMBNAILS_EXTRACT = "Thumbnails extract error.";
  static final String THUMBNAILS_VTT = "Thumbnails create vtt error.";
  static final String METADATA = "Get metadata video error.";
  static final String SUBTITLES_HLS = "Subtitles prepare error (HLS).";
  static final String SUBTITLES_DASH = "Subtitles prepare error (DASH).";
  static final String SAVE =
      "Error saving video: the output could not be saved to the destination.";

  /** Every message above: the ones a test control may make a job fail with. */
  static final List<String> MESSAGES =
      List.of(
          PROCESSING,
          DOWNLOAD,
          DOWNLOAD_HLS,
          DOWNLOAD_GOOGLE_DRIVE,
          DOWNLOAD_ATTEMPTS,
          UNSUPPORTED_MEDIA,
          EXTRACT_VIDEO,
          IMAGE_EXTRACT,
          VIDEO_CONVERT,
          EXTRACT_AUDIO,
          CONVERT_AUDIO,
          SPLIT_HLS,
          REPACK,
          REPACK_STITCHING,
          SPLIT_STITCHING,
          STITCHING_IMAGE_EXTRACT,
          STITCHING_EXTRACT_AUDIO,
          STITCHING_THUMBNAILS_EXTRACT,
          STITCHING_THUMBNAILS_VTT,
          MERGE,
          THUMBNAILS_EXTRACT,
          THUMBNAILS_VTT,
          METADATA,
          SUBTITLES_HLS,
          SUBTITLES_DASH,
          SAVE);

  /**
   * The stitching variant of each message that has one in the document: what a stitch job fails
   * with.
   */
  static final Map<String, String> STITCHING =
      Map.of(
          REPACK, REPACK_STITCHING,
          IMAGE_EXTRACT, STITCHING_IMAGE_EXTRACT,
          EXTRACT_AUDIO, STITCHING_EXTRACT_AUDIO,
          THUMBNAILS_EXTRACT, STITCHING_THUMBNAILS_EXTRACT,
          THUMBNAILS_VTT, STITCHING_THUMBNAILS_VTT);

  private final String details;

  /**
   * @param message the documented message shown in {@code error_description}
   * @param details the cause, for the sandbox's log and warnings; never contains credentials
   */
  JobFailure(String message, String details) {
    super(message, null, false, false);
    this.details = details;
  }

  String details() {
    return details;
  }
}
