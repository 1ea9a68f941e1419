package io.mediaflow.sandbox.transcoding;

/** What a format's encode reports to its job while ffmpeg runs. */
interface Progress {

  /** The share of the format written so far, 0 to 1. */
  void done(double share);

  /** ffmpeg succeeded but printed errors: the source could not be decoded cleanly. */
  void decodingErrors(String details);
}
