package io.mediaflow.sandbox.live;

import java.nio.charset.StandardCharsets;
import java.util.Locale;
import org.springframework.stereotype.Component;

/**
 * DVR for the simulated ingest, which carries no media: when such a live period ends, it writes the
 * sample clip, repeated for as long as each file lasts ({@link SampleMedia#loop}), as the
 * recordings, to each destination's folder (see {@link DvrFolder}). A real RTMP push is recorded
 * from its media instead, by {@link DvrSegments}; both name and number files alike:
 *
 * <pre>{@code <scheme>://<bucket>/<folder>  ->  <folder>/<stream_id>/recording-<NNNN>.<ext>}</pre>
 *
 * <p>(or another layout, {@link DvrFolder#objectPath}).
 *
 * <p>One file is started per {@code max_file_duration} of nominal live time (a started chunk
 * counts), numbered from 0001 on and on across the stream's live periods, once per requested
 * format: {@code mp4} writes {@code .mp4}, {@code ts} writes {@code .ts}, {@code hls} writes a VOD
 * playlist {@code .m3u8} whose one segment is the {@code .ts} of the same number beside it.
 */
@Component
class DvrRecorder {

  private final DvrFolder folder;
  private final SampleMedia media;
  private final NominalTime nominalTime;

  DvrRecorder(DvrFolder folder, SampleMedia media, NominalTime nominalTime) {
    this.folder = folder;
    this.media = media;
    this.nominalTime = nominalTime;
  }

  /**
   * The recording of the simulated live period that is ending: call before the stream leaves live
   * (which ends the period), and run what it returns once it has, as a service stores the file that
   * was open at the end after it is finished.
   */
  Runnable recordSimulatedLivePeriod(LiveStream stream) {
    DvrParams dvr = stream.params().dvr();
    if (!dvr.enabled() || stream.input() != LiveStream.Input.SIMULATED) {
      return () -> {};
    }
    double seconds = stream.liveSince().map(nominalTime::secondsSince).orElse(0.0);
    return () -> record(stream, dvr, seconds);
  }

  private void record(LiveStream stream, DvrParams dvr, double seconds) {
    for (double start = 0; start < seconds; start += dvr.maxFileDuration()) {
      int chunk = stream.nextChunkNumber();
      double duration = Math.min(dvr.maxFileDuration(), seconds - start);
      boolean last = start + dvr.maxFileDuration() >= seconds;
      folder.transfer(
          chunk,
          last,
          () -> {
            for (LiveDvrDestination destination : dvr.destinations()) {
              for (String format : dvr.formats()) {
                stream.addRecording(write(stream, destination, chunk, format, duration));
              }
            }
          });
    }
  }

  private Recording write(
      LiveStream stream,
      LiveDvrDestination destination,
      int chunk,
      String format,
      double duration) {
    String name = String.format(Locale.ROOT, "recording-%04d", chunk);
    String path = folder.objectPath(destination, stream, name);
    switch (format) {
      case "mp4" -> media(destination, path + ".mp4", "mp4", duration);
      case "ts" -> media(destination, path + ".ts", "ts", duration);
      case "hls" -> {
        double seconds = media(destination, path + ".ts", "ts", duration);
        byte[] playlist =
            HlsPlaylist.vod(path.substring(path.lastIndexOf('/') + 1) + ".ts", seconds)
                .getBytes(StandardCharsets.UTF_8);
        folder.write(destination.bucket(), path + ".m3u8", playlist);
      }
      default -> throw new IllegalStateException("DVR format " + format + " passed validation");
    }
    return folder.recording(destination, path + "." + extension(format), format, duration);
  }

  /**
   * Writes a media file of the clip repeated for {@code duration} seconds, or the clip alone when
   * it is as long or ffmpeg cannot run: the seconds it plays.
   */
  private double media(
      LiveDvrDestination destination, String path, String container, double duration) {
    if (duration > SampleMedia.CLIP_SECONDS
        && media.loop(container, duration, folder.file(destination.bucket(), path))) {
      folder.written(destination.bucket(), path);
      return duration;
    }
    folder.write(destination.bucket(), path, container.equals("mp4") ? media.mp4() : media.ts());
    return SampleMedia.CLIP_SECONDS;
  }

  /** The file a format's recording is listed by: an HLS recording by its playlist. */
  static String extension(String format) {
    return format.equals("hls") ? "m3u8" : format;
  }
}
