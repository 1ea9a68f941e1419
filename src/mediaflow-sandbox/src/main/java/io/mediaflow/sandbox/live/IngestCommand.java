package io.mediaflow.sandbox.live;

import io.mediaflow.sandbox.media.FfmpegPrograms;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * The ffmpeg command line of one RTMP ingest session: listen for one publisher at {@code
 * rtmp://127.0.0.1:<port>/live/<stream_key>} and copy what it pushes (no re-encoding) to a tee of
 * outputs:
 *
 * <ul>
 *   <li>the live HLS output: {@code playlist.m3u8} and {@code segment-<n>.ts} of about {@value
 *       #HLS_SECONDS} s in a sliding window, in the session's own folder;
 *   <li>per DVR destination and container, a segment muxer (see {@link DvrSegments});
 *   <li>per simulcast target, an RTMP relay to {@code <url>/<stream_key>}. A target that refuses or
 *       drops the connection is left out ({@code onfail=ignore}) and the rest goes on, so one bad
 *       target never ends a show.
 * </ul>
 *
 * <p>Progress goes to stdout as {@code key=value} blocks every half second; {@code q} on stdin ends
 * the session cleanly (files finished), which SIGTERM does not while a publisher keeps sending.
 */
final class IngestCommand {

  static final String HOST = "127.0.0.1";
  static final String APP = "live";
  static final String PLAYLIST = "playlist.m3u8";
  static final int HLS_SECONDS = 2;

  /** Segments the live playlist shows; older ones are deleted. */
  static final int HLS_WINDOW = 6;

  private IngestCommand() {}

  /**
   * @param listenFor how long to wait for a publisher before ffmpeg gives up (and the sandbox
   *     listens anew), so that a listener left behind by a crashed sandbox does not live on
   */
  static List<String> of(
      LiveStream stream, Duration listenFor, Path hls, List<DvrSegments> dvr, int startNumber) {
    var slaves = new ArrayList<String>();
    slaves.add(
        slave(
            "f=hls:hls_time="
                + HLS_SECONDS
                + ":hls_list_size="
                + HLS_WINDOW
                + ":hls_flags=delete_segments:hls_segment_filename="
                + option(hls.resolve("segment-%d.ts").toString()),
            hls.resolve(PLAYLIST).toString()));
    int seconds = stream.params().dvr().maxFileDuration();
    for (DvrSegments output : dvr) {
      slaves.add(
          slave(
              "f=segment:segment_format="
                  + output.muxer()
                  + ":segment_time="
                  + seconds
                  + ":reset_timestamps=1:segment_start_number="
                  + startNumber
                  + ":segment_list_type=csv:segment_list="
                  + option(output.list().toString()),
              output.filePattern().toString()));
    }
    stream
        .simulcastTargets()
        .orElse(List.of())
        .forEach(target -> slaves.add(slave("f=flv:onfail=ignore", relayUrl(target))));
    return FfmpegPrograms.ffmpeg(
        "-hide_banner",
        "-nostats",
        "-loglevel",
        "warning",
        "-progress",
        "pipe:1",
        "-stats_period",
        "0.5",
        "-timeout",
        Long.toString(listenFor.toSeconds()),
        "-listen",
        "1",
        "-i",
        "rtmp://" + HOST + ":" + stream.rtmpPort() + "/" + APP + "/" + stream.streamKey(),
        "-map",
        "0",
        "-c",
        "copy",
        "-f",
        "tee",
        String.join("|", slaves));
  }

  /**
   * Where a simulcast target receives the stream: its URL, then its stream key as the last path
   * segment.
   */
  static String relayUrl(LiveSimulcastTarget target) {
    return target.url().replaceAll("/+$", "") + "/" + target.streamKey();
  }

  /**
   * One output of the tee, {@code [options]file}. The tee muxer unescapes a slave once when it
   * splits the list at {@code |}, and its options once more when it splits them at {@code :} and
   * {@code =}.
   */
  private static String slave(String options, String file) {
    return escape("[" + options + "]" + file, "|");
  }

  private static String option(String value) {
    return escape(value, ":=");
  }

  private static String escape(String value, String special) {
    var escaped = new StringBuilder();
    for (char c : value.toCharArray()) {
      if (c == '\\' || c == '\'' || special.indexOf(c) >= 0) {
        escaped.append('\\');
      }
      escaped.append(c);
    }
    return escaped.toString();
  }
}
