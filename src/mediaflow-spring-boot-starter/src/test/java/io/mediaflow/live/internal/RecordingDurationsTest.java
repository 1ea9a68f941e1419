package io.mediaflow.live.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.offset;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A recording's length from a few of its bytes, in each of document 2's formats; the expected
 * values are ffprobe's {@code format.duration} of the same files (made with ffmpeg from the
 * sandbox's sample clip), or the headers the synthetic files were given.
 */
class RecordingDurationsTest {

  /** A stored file that counts the reads made of it and answers each range as S3 does. */
  private static final class Stored implements RecordingDurations.Ranges {
    private final byte[] content;
    private final List<long[]> reads = new ArrayList<>();

    Stored(byte[] content) {
      this.content = content;
    }

    @Override
    public RecordingDurations.Chunk read(long from, long length) {
      reads.add(new long[] {from, length});
      int end = (int) Math.min(content.length, from + length);
      return new RecordingDurations.Chunk(from, Arrays.copyOfRange(content, (int) from, end));
    }

    double seconds(String name) {
      return RecordingDurations.seconds(name, content.length, this);
    }
  }

  @Test
  void anMp4WithItsMovieHeaderLastIsReadInOneRequest() throws IOException {
    var file = new Stored(resource("moov-last.mp4"));

    // mvhd says 2.16 s, ffprobe 2.08 s: its edit list starts the video 0.08 s (two frames) into
    // the media, which ffprobe leaves out. Within the check's tolerance.
    assertThat(file.seconds("shows/s1/recording-0001.mp4")).isCloseTo(2.08, offset(0.1));
    assertThat(file.reads).hasSize(1);
  }

  @Test
  void anMp4WithItsMovieHeaderFirstIsReadToo() throws IOException {
    var file = new Stored(resource("faststart.mp4"));

    assertThat(file.seconds("recording-0001.MP4")).isCloseTo(4.0, offset(0.01));
  }

  @Test
  void aLongRecordingIsReadFromItsLastMegabyteAlone() {
    byte[] content =
        concat(
            box("ftyp", "isom".getBytes(StandardCharsets.US_ASCII)),
            mdat(3 << 20),
            moov(mvhd0(90_000, 90_000L * 3600)));
    var file = new Stored(content);

    assertThat(file.seconds("recording-0001.mp4")).isEqualTo(3600.0);
    assertThat(file.reads).hasSize(1);
    assertThat(file.reads.get(0)[0]).isEqualTo(content.length - RecordingDurations.MP4_TAIL);
  }

  @Test
  void aLongRecordingWhoseMovieHeaderComesFirstIsFoundByWalkingTheBoxes() {
    byte[] content = concat(box("ftyp", new byte[8]), moov(mvhd1(1000, 7_200_500L)), mdat(3 << 20));
    var file = new Stored(content);

    assertThat(file.seconds("recording-0001.mp4")).isEqualTo(7200.5);
    assertThat(file.reads).as("the tail, then the start").hasSize(2);
  }

  @Test
  void aFragmentedMp4GivesItsLengthInMehd() {
    byte[] mvex = box("mvex", box("mehd", concat(new byte[4], u32(48_000 * 10))));
    byte[] content =
        concat(box("ftyp", new byte[8]), moov(concat(mvhd0(48_000, 0), mvex)), mdat(64));

    assertThat(new Stored(content).seconds("a.mp4")).isEqualTo(10.0);
  }

  @Test
  void anUnfinishedMp4IsUnreadableAndSaysWhy() {
    byte[] content = concat(box("ftyp", new byte[8]), mdat(4096));

    assertThatThrownBy(() -> new Stored(content).seconds("a.mp4"))
        .isInstanceOf(RecordingDurations.Unreadable.class)
        .hasMessageContaining("no movie header (moov)");
  }

  @Test
  void aTransportStreamSpansItsTimeStampsPlusAFrame() throws IOException {
    var file = new Stored(resource("two.ts"));

    assertThat(file.seconds("recording-0001.ts")).isCloseTo(2.18, offset(0.05));
    assertThat(file.reads).hasSize(1);
  }

  @Test
  void aLargeTransportStreamIsReadAtBothEnds() throws IOException {
    byte[] clip = resource("two.ts");
    byte[] nulls = new byte[188 * 4000];
    for (int i = 0; i < nulls.length; i += 188) {
      nulls[i] = 0x47;
      nulls[i + 1] = 0x1F;
      nulls[i + 2] = (byte) 0xFF;
      nulls[i + 3] = 0x10;
    }
    var file = new Stored(concat(clip, nulls, clip));

    assertThat(file.seconds("recording-0001.ts")).isCloseTo(2.18, offset(0.05));
    assertThat(file.reads).hasSize(2);
  }

  @Test
  void anHlsRecordingIsTheSumOfItsSegments() {
    String playlist =
        "#EXTM3U\n#EXT-X-VERSION:3\n#EXT-X-TARGETDURATION:10\n#EXTINF:10.000,\nrecording-0001-0.ts\n"
            + "#EXTINF:4.5,\nrecording-0001-1.ts\n#EXT-X-ENDLIST\n";
    var file = new Stored(playlist.getBytes(StandardCharsets.UTF_8));

    assertThat(file.seconds("recording-0001.m3u8")).isEqualTo(14.5);
    assertThat(file.reads).hasSize(1);
  }

  @Test
  void aMasterPlaylistOrAnotherFormatIsUnreadable() {
    var master =
        new Stored(
            "#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=1\nv.m3u8\n".getBytes(StandardCharsets.UTF_8));

    assertThatThrownBy(() -> master.seconds("a.m3u8")).hasMessageContaining("master playlist");
    assertThatThrownBy(() -> new Stored(new byte[10]).seconds("a.flv"))
        .hasMessageContaining("not a recording format");
  }

  private static byte[] resource(String name) throws IOException {
    try (InputStream in = RecordingDurationsTest.class.getResourceAsStream(name)) {
      return in.readAllBytes();
    }
  }

  private static byte[] moov(byte[] children) {
    return box("moov", children);
  }

  private static byte[] mvhd0(int timescale, long duration) {
    return box(
        "mvhd", concat(new byte[4], new byte[8], u32(timescale), u32(duration), new byte[80]));
  }

  private static byte[] mvhd1(int timescale, long duration) {
    byte[] version = {1, 0, 0, 0};
    return box(
        "mvhd",
        concat(
            version,
            new byte[16],
            u32(timescale),
            ByteBuffer.allocate(8).putLong(duration).array(),
            new byte[80]));
  }

  private static byte[] mdat(int size) {
    return box("mdat", new byte[size]);
  }

  private static byte[] box(String type, byte[] payload) {
    return concat(u32(8 + payload.length), type.getBytes(StandardCharsets.US_ASCII), payload);
  }

  private static byte[] u32(long value) {
    return ByteBuffer.allocate(4).putInt((int) value).array();
  }

  private static byte[] concat(byte[]... parts) {
    var out = new ByteArrayOutputStream();
    for (byte[] part : parts) {
      out.writeBytes(part);
    }
    return out.toByteArray();
  }
}
