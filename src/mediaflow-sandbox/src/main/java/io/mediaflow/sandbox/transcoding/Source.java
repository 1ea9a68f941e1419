package io.mediaflow.sandbox.transcoding;

import java.nio.file.Path;
import java.util.List;

/**
 * A job's downloaded input: one clip for {@code source}, one per item for {@code stitch}, each a
 * file in the job's working folder.
 *
 * @param clips in order; a stitch job's output starts with the first
 * @param folder the job's working folder, where the clips are and the outputs are encoded
 */
record Source(List<Clip> clips, Path folder) {

  /** One downloaded input with what ffprobe read from it. */
  record Clip(SourceClip request, Path file, MediaInfo info) {

    /**
     * Seconds this clip contributes: its {@code duration}, else what follows its {@code
     * start_time}.
     */
    Double contributes() {
      Double whole = info.duration();
      double start = start();
      Double rest = whole == null ? null : Math.max(0, whole - start);
      if (request.duration() != null) {
        return rest == null ? request.duration() : Math.min(request.duration(), rest);
      }
      return rest;
    }

    double start() {
      return request.startTime() == null ? 0 : request.startTime();
    }
  }

  Clip first() {
    return clips.getFirst();
  }

  boolean stitched() {
    return clips.size() > 1;
  }

  /**
   * The input's picture and codecs: those of the first clip (a stitch job takes its frame rate from
   * it too).
   */
  MediaInfo info() {
    return first().info();
  }

  /** {@code message}, or its stitching variant for joined clips, where the document has one. */
  String failure(String message) {
    return stitched() ? JobFailure.STITCHING.getOrDefault(message, message) : message;
  }

  /**
   * Fails with the document's stitch split error when a clip cannot be cut: a {@code start_time} at
   * or beyond its end leaves nothing of it to join (ffmpeg would leave it out without a word).
   */
  void requireCuts() {
    for (int i = 0; i < clips.size(); i++) {
      Clip clip = clips.get(i);
      Double whole = clip.info().duration();
      if (whole != null && clip.request().startTime() != null && clip.start() >= whole) {
        throw new JobFailure(
            JobFailure.SPLIT_STITCHING,
            "stitch["
                + i
                + "]: start_time "
                + FilterGraph.number(clip.start())
                + " is at or beyond the clip's end ("
                + FilterGraph.number(whole)
                + " s)");
      }
    }
  }

  /** Audio in the joined input: a stitch job keeps audio only when every clip has some. */
  boolean hasAudio() {
    return clips.stream().allMatch(clip -> clip.info().hasAudio());
  }

  long size() {
    return clips.stream().mapToLong(clip -> clip.info().size()).sum();
  }

  /** Total seconds of the joined input, or null when a clip's duration is unknown. */
  Double duration() {
    double total = 0;
    for (Clip clip : clips) {
      Double seconds = clip.contributes();
      if (seconds == null) {
        return null;
      }
      total += seconds;
    }
    return total;
  }
}
