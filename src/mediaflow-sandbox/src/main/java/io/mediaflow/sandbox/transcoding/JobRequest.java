package io.mediaflow.sandbox.transcoding;

import java.util.List;

/**
 * A validated start: the inputs and the outputs, what a job runs. What it says back to the caller
 * ({@code callback_url}, {@code payload}) is read from its {@link JobQuery}.
 *
 * @param stitch true when {@code clips} came from {@code stitch} (then they are joined into one
 *     input)
 */
record JobRequest(
    List<SourceClip> clips, boolean stitch, List<FormatParams> formats, int encoderVersion) {

  JobRequest withFormats(List<FormatParams> replaced) {
    return new JobRequest(clips, stitch, replaced, encoderVersion);
  }
}
