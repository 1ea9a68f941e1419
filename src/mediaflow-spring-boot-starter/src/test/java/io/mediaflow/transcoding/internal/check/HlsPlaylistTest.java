package io.mediaflow.transcoding.internal.check;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class HlsPlaylistTest {

  @Test
  void aMasterPlaylistListsItsVariantsWithTheirResolutionInOrder() {
    HlsPlaylist master =
        HlsPlaylist.parse(
            """
            #EXTM3U
            #EXT-X-VERSION:3
            #EXT-X-INDEPENDENT-SEGMENTS
            #EXT-X-STREAM-INF:BANDWIDTH=5000000,CODECS="avc1.640028,mp4a.40.2",RESOLUTION=1920x1080
            video_1/chunklist.m3u8
            #EXT-X-STREAM-INF:AVERAGE-BANDWIDTH=900000,BANDWIDTH=1000000
            video_2/chunklist.m3u8
            """);

    assertThat(master.master()).isTrue();
    assertThat(master.variants())
        .containsExactly(
            new HlsPlaylist.Variant("video_1/chunklist.m3u8", 1920, 1080, 5_000_000L),
            new HlsPlaylist.Variant("video_2/chunklist.m3u8", null, null, 1_000_000L));
  }

  @Test
  void aMediaPlaylistSumsItsSegmentsDurationsAndSaysWhetherItIsComplete() {
    HlsPlaylist media = HlsPlaylist.parse(Fixtures.text("hls/chunklist.m3u8"));

    assertThat(media.master()).isFalse();
    assertThat(media.segments()).isEqualTo(2);
    assertThat(media.duration()).isEqualTo(2.0);
    assertThat(media.ended()).isTrue();
    assertThat(media.map()).isEqualTo("init.mp4");
  }

  @Test
  void aPlaylistWithoutItsEndlistIsNotComplete() {
    HlsPlaylist media =
        HlsPlaylist.parse("#EXTM3U\n#EXTINF:9.0,\nsegment_000.ts\n#EXTINF:4.5,\nsegment_001.ts\n");

    assertThat(media.ended()).isFalse();
    assertThat(media.segments()).isEqualTo(2);
    assertThat(media.duration()).isEqualTo(13.5);
  }

  @Test
  void onlyTextStartingWithExtm3uIsAPlaylist() {
    assertThat(HlsPlaylist.isPlaylist("\n#EXTM3U\n")).isTrue();
    assertThat(HlsPlaylist.isPlaylist("<html>not found</html>")).isFalse();
  }
}
