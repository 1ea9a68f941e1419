package io.mediaflow.sandbox.transcoding;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Arrays;
import org.junit.jupiter.api.Test;

class MediaProbeTest {

  @Test
  void readsTheSampleClipsBoxes() {
    MediaInfo info = MediaProbe.probe(Container.MP4, TranscodingJobTest.sample());
    assertThat(info.width()).isEqualTo(640);
    assertThat(info.height()).isEqualTo(360);
    assertThat(info.duration()).isEqualTo(4.0);
    assertThat(info.videoCodec()).isEqualTo("avc1");
    assertThat(info.audioCodec()).isEqualTo("mp4a");
    assertThat(info.frameCount()).isEqualTo(100);
    assertThat(info.frameRate()).isEqualTo(25.0);
    assertThat(info.truncated()).isFalse();
  }

  @Test
  void notesATruncatedFileAndRefusesOneWithoutMovieHeader() {
    byte[] sample = TranscodingJobTest.sample();
    assertThat(MediaProbe.probe(Container.MP4, Arrays.copyOf(sample, 2000)).truncated()).isTrue();
    assertThatThrownBy(() -> MediaProbe.probe(Container.MP4, Arrays.copyOf(sample, 40)))
        .isInstanceOf(JobFailure.class).hasMessage("Unsupported media type.");
  }

  @Test
  void readsTheDurationOfAWav() {
    MediaInfo info = MediaProbe.probe(Container.WAV, TestMedia.wav(3));
    assertThat(info.duration()).isEqualTo(3.0);
    assertThat(info.hasVideo()).isFalse();
  }
}
