package io.mediaflow.sandbox.transcoding;

import java.util.List;

/**
 * A job's downloaded input: one clip for {@code source}, one per item for {@code stitch}.
 *
 * @param clips in order; a stitch job's output starts with the first
 */
record Source(List<Clip> clips) {

  /** One downloaded input with what the probe read from it. */
  record Clip(SourceClip request, byte[] bytes, MediaInfo info) {

    /** Seconds this clip contributes: its {@code duration}, else what follows its {@code start_time}. */
    Double contributes() {
      Double whole = info.duration();
      double start = request.startTime() == null ? 0 : request.startTime();
      Double rest = whole == null ? null : Math.max(0, whole - start);
      if (request.duration() != null) {
        return rest == null ? request.duration() : Math.min(request.duration(), rest);
      }
      return rest;
    }
  }

  Clip first() {
    return clips.getFirst();
  }

  /** The input's picture and codecs: those of the first clip (a stitch job takes its frame rate from it too). */
  MediaInfo info() {
    return first().info();
  }

  long size() {
    return clips.stream().mapToLong(clip -> clip.bytes().length).sum();
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
