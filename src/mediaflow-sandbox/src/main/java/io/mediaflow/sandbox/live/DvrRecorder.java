package io.mediaflow.sandbox.live;

import io.mediaflow.sandbox.storage.MediaStorage;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import org.springframework.stereotype.Component;

/**
 * Writes a stream's DVR recording when it leaves live, to media storage under each destination:
 *
 * <pre>{@code <scheme>://<bucket>/<folder>  ->  bucket <bucket>, <folder>/<stream_id>/recording-<NNNN>.<ext>}</pre>
 *
 * <p>One file is started per {@code max_file_duration} of nominal live time (a started chunk counts), numbered
 * from 0001 on and on across the stream's live periods, once per requested format: {@code mp4} writes
 * {@code .mp4}, {@code ts} writes {@code .ts}, {@code hls} writes a VOD playlist {@code .m3u8} whose one segment is
 * the {@code .ts} of the same number beside it. The sample clip stands in for the ingested media.
 */
@Component
class DvrRecorder {

  private final MediaStorage storage;
  private final SampleMedia media;
  private final NominalTime nominalTime;

  DvrRecorder(MediaStorage storage, SampleMedia media, NominalTime nominalTime) {
    this.storage = storage;
    this.media = media;
    this.nominalTime = nominalTime;
  }

  /** Records the live period that is ending; call before the stream leaves live. */
  void recordLivePeriod(LiveStream stream) {
    DvrParams dvr = stream.params().dvr();
    if (!dvr.enabled()) {
      return;
    }
    stream.liveSince().ifPresent(since -> {
      double seconds = nominalTime.secondsSince(since);
      for (double start = 0; start < seconds; start += dvr.maxFileDuration()) {
        int chunk = stream.nextChunkNumber();
        double duration = Math.min(dvr.maxFileDuration(), seconds - start);
        for (DvrDestination destination : dvr.destinations()) {
          for (String format : dvr.formats()) {
            stream.addRecording(write(stream, destination, chunk, format, duration));
          }
        }
      }
    });
  }

  private Recording write(LiveStream stream, DvrDestination destination, int chunk, String format, double duration) {
    String folder = (destination.folder().isEmpty() ? "" : destination.folder() + "/") + stream.id() + "/";
    String name = String.format(Locale.ROOT, "recording-%04d", chunk);
    String path = switch (format) {
      case "mp4" -> put(destination, folder + name + ".mp4", media.mp4(), "video/mp4");
      case "ts" -> put(destination, folder + name + ".ts", media.ts(), "video/mp2t");
      case "hls" -> {
        put(destination, folder + name + ".ts", media.ts(), "video/mp2t");
        byte[] playlist = HlsPlaylist.vod(name + ".ts").getBytes(StandardCharsets.UTF_8);
        yield put(destination, folder + name + ".m3u8", playlist, HlsPlaylist.CONTENT_TYPE);
      }
      default -> throw new IllegalStateException("DVR format " + format + " passed validation");
    };
    return new Recording(destination.scheme() + "://" + destination.bucket() + "/" + path,
        destination.bucket(), path, format, duration);
  }

  private String put(DvrDestination destination, String path, byte[] content, String contentType) {
    return storage.put(destination.bucket(), path, content, contentType).path();
  }
}
