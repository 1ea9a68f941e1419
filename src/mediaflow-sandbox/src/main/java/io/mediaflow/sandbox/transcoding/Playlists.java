package io.mediaflow.sandbox.transcoding;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * HLS and DASH outputs: a real master playlist (or MPD) and one folder per rendition ({@code video_1},
 * {@code video_2}, ...) with a media playlist whose segments are byte ranges of a copy of the source file. The
 * sandbox does not re-encode or re-segment: the playlists are well-formed and consistent with the status (one
 * rendition per stream, the reported sizes and bitrates, {@code segment_duration}), but the media is the source
 * itself, in its own container.
 */
final class Playlists {

  private static final String CHUNKLIST = "chunklist.m3u8";

  private record Segment(long offset, long length, double duration) {}

  private Playlists() {}

  static WrittenOutput hls(OutputPlanner.Plan plan, Source source) {
    byte[] media = source.first().bytes();
    Container container = source.first().info().container();
    boolean audio = plan.format().kind() == OutputKind.HLS_AUDIO;
    var files = new ArrayList<OutputFile>();
    var sizes = new ArrayList<Long>();
    var master = new StringBuilder("#EXTM3U\n#EXT-X-VERSION:4\n#EXT-X-INDEPENDENT-SEGMENTS\n");
    for (int i = 0; i < plan.renditions().size(); i++) {
      OutputPlanner.Rendition rendition = plan.renditions().get(i);
      String folder = (audio ? "audio_" : "video_") + (i + 1);
      String mediaName = "media." + container.extension();
      List<Segment> segments = segments(media.length, container, rendition.item().duration,
          plan.format().segmentDuration());
      byte[] chunklist = chunklist(segments, mediaName).getBytes(StandardCharsets.UTF_8);
      files.add(new OutputFile(folder + "/" + mediaName, media, container.contentType()));
      files.add(new OutputFile(folder + "/" + CHUNKLIST, chunklist, "application/vnd.apple.mpegurl"));
      sizes.add((long) media.length + chunklist.length);
      master.append("#EXT-X-STREAM-INF:BANDWIDTH=").append(bandwidth(rendition, media.length));
      Picture picture = rendition.picture();
      if (!audio && picture.width() != null && picture.height() != null) {
        master.append(",RESOLUTION=").append(picture.width()).append('x').append(picture.height());
      }
      master.append('\n').append(folder).append('/').append(CHUNKLIST).append('\n');
    }
    String name = plan.format().playlistName();
    files.addFirst(new OutputFile(name, master.toString().getBytes(StandardCharsets.UTF_8),
        "application/vnd.apple.mpegurl"));
    return new WrittenOutput("m3u8", files, name, sizes);
  }

  static WrittenOutput dash(OutputPlanner.Plan plan, Source source) {
    byte[] media = source.first().bytes();
    Container container = source.first().info().container();
    double segmentDuration = plan.format().segmentDuration();
    Double total = plan.renditions().getFirst().item().duration;
    var files = new ArrayList<OutputFile>();
    var sizes = new ArrayList<Long>();
    var mpd = new StringBuilder("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n")
        .append("<MPD xmlns=\"urn:mpeg:dash:schema:mpd:2011\" profiles=\"urn:mpeg:dash:profile:full:2011\"")
        .append(" type=\"static\" minBufferTime=\"PT").append(seconds(segmentDuration)).append("S\"");
    if (total != null) {
      mpd.append(" mediaPresentationDuration=\"PT").append(seconds(total)).append("S\"");
    }
    mpd.append(">\n  <Period id=\"0\" start=\"PT0S\">\n    <AdaptationSet id=\"0\" contentType=\"video\" mimeType=\"")
        .append(container.contentType()).append("\" segmentAlignment=\"true\">\n");
    for (int i = 0; i < plan.renditions().size(); i++) {
      OutputPlanner.Rendition rendition = plan.renditions().get(i);
      String folder = "video_" + (i + 1);
      String mediaName = folder + "/media." + container.extension();
      files.add(new OutputFile(mediaName, media, container.contentType()));
      sizes.add((long) media.length);
      mpd.append("      <Representation id=\"").append(folder).append("\" bandwidth=\"")
          .append(bandwidth(rendition, media.length)).append('"');
      Picture picture = rendition.picture();
      if (picture.width() != null && picture.height() != null) {
        mpd.append(" width=\"").append(picture.width()).append("\" height=\"").append(picture.height()).append('"');
      }
      mpd.append(">\n        <BaseURL>").append(mediaName).append("</BaseURL>\n")
          .append("        <SegmentList timescale=\"1000\" duration=\"").append(Math.round(segmentDuration * 1000))
          .append("\">\n");
      for (Segment segment : segments(media.length, container, rendition.item().duration, segmentDuration)) {
        mpd.append("          <SegmentURL mediaRange=\"").append(segment.offset()).append('-')
            .append(segment.offset() + segment.length() - 1).append("\"/>\n");
      }
      mpd.append("        </SegmentList>\n      </Representation>\n");
    }
    mpd.append("    </AdaptationSet>\n  </Period>\n</MPD>\n");
    String name = plan.format().playlistName();
    files.addFirst(new OutputFile(name, mpd.toString().getBytes(StandardCharsets.UTF_8), "application/dash+xml"));
    return new WrittenOutput("mpd", files, name, sizes);
  }

  /** Splits the file into one byte range per segment duration (whole TS packets for a transport stream). */
  private static List<Segment> segments(long size, Container container, Double duration, double segmentDuration) {
    int count = duration == null || duration <= 0 ? 1 : (int) Math.max(1, Math.ceil(duration / segmentDuration));
    int unit = container == Container.MPEG_TS ? 188 : 1;
    long units = Math.max(1, size / unit);
    var segments = new ArrayList<Segment>();
    long offset = 0;
    for (int i = 0; i < count && offset < size; i++) {
      long end = i == count - 1 ? size : Math.min(size, (units * (i + 1) / count) * unit);
      double seconds = duration == null ? segmentDuration
          : i == count - 1 ? duration - segmentDuration * (count - 1) : segmentDuration;
      if (end > offset) {
        segments.add(new Segment(offset, end - offset, seconds));
      }
      offset = end;
    }
    return segments;
  }

  private static String chunklist(List<Segment> segments, String mediaName) {
    double longest = segments.stream().mapToDouble(Segment::duration).max().orElse(0);
    var out = new StringBuilder("#EXTM3U\n#EXT-X-VERSION:4\n#EXT-X-TARGETDURATION:")
        .append((long) Math.ceil(longest)).append("\n#EXT-X-MEDIA-SEQUENCE:0\n#EXT-X-PLAYLIST-TYPE:VOD\n");
    for (Segment segment : segments) {
      out.append("#EXTINF:").append(seconds(segment.duration())).append(",\n")
          .append("#EXT-X-BYTERANGE:").append(segment.length()).append('@').append(segment.offset()).append('\n')
          .append(mediaName).append('\n');
    }
    return out.append("#EXT-X-ENDLIST\n").toString();
  }

  /** Bits per second: the rendition's bitrate, else the file's average. */
  private static long bandwidth(OutputPlanner.Rendition rendition, long bytes) {
    Double duration = rendition.item().duration;
    if (rendition.bitrate() != null) {
      return rendition.bitrate() * 1000L;
    }
    return duration == null || duration <= 0 ? 1 : Math.max(1, Math.round(bytes * 8 / duration));
  }

  private static String seconds(double value) {
    return String.format(Locale.ROOT, "%.3f", value);
  }
}
