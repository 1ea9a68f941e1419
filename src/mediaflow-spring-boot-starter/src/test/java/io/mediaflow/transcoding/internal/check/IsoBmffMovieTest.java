package io.mediaflow.transcoding.internal.check;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

class IsoBmffMovieTest {

  @Test
  void aMovieWhoseMoovFollowsItsMediaIsReadFromTheBoxHeadersAndTheMoovAlone() {
    byte[] file = Fixtures.bytes("moov-at-end.mp4");
    var asked = new ArrayList<long[]>();

    var movie =
        IsoBmffMovie.read(
            (offset, length) -> {
              asked.add(new long[] {offset, length});
              return ByteRanges.of(file).read(offset, length);
            });

    assertThat(movie).contains(new IsoBmffMovie(2.0, 320, 180));
    assertThat(asked)
        .as("the headers of ftyp, free and mdat, then moov's: the media is never asked for")
        .allMatch(range -> range[1] <= 16 || range[0] > 80_000);
  }

  @Test
  void aVerticalMovieHasItsTrackHeadersSize() {
    assertThat(IsoBmffMovie.read(ByteRanges.of(Fixtures.bytes("vertical.mp4"))))
        .contains(new IsoBmffMovie(1.0, 180, 320));
  }

  @Test
  void anFmp4InitializationSegmentHasASizeAndNoDuration() {
    assertThat(IsoBmffMovie.read(ByteRanges.of(Fixtures.bytes("hls/init.mp4"))))
        .contains(new IsoBmffMovie(null, 256, 144));
  }

  @Test
  void aFileCutBeforeItsMoovHasNoMovie() {
    byte[] file = Fixtures.bytes("moov-at-end.mp4");

    assertThat(IsoBmffMovie.read(ByteRanges.of(Arrays.copyOf(file, 80_000)))).isEmpty();
    assertThat(IsoBmffMovie.isIsoBmff(file)).isTrue();
    assertThat(IsoBmffMovie.isIsoBmff("#EXTM3U\n".getBytes())).isFalse();
  }

  @Test
  void onlyTheVideoTracksSizeCounts() {
    // moov-at-end.mp4 has a sound track too, whose tkhd says 0x0
    assertThat(IsoBmffMovie.read(ByteRanges.of(Fixtures.bytes("moov-at-end.mp4"))))
        .hasValueSatisfying(
            movie -> assertThat(List.of(movie.width(), movie.height())).containsExactly(320, 180));
  }
}
