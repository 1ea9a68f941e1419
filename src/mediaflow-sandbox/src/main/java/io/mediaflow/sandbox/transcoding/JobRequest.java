package io.mediaflow.sandbox.transcoding;

import java.util.List;

/**
 * A validated start: the inputs, the outputs and the task-level attributes.
 *
 * @param stitch true when {@code clips} came from {@code stitch} (then they are joined into one input)
 * @param payload the caller's string, returned in every callback
 */
record JobRequest(List<SourceClip> clips, boolean stitch, List<FormatParams> formats, String callbackUrl,
    String payload, int encoderVersion) {

  JobRequest withFormats(List<FormatParams> replaced) {
    return new JobRequest(clips, stitch, replaced, callbackUrl, payload, encoderVersion);
  }
}
