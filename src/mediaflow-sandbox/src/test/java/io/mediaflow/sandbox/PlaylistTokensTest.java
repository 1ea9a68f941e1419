package io.mediaflow.sandbox;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Set;
import org.junit.jupiter.api.Test;

/** Playlists served with a viewer's token name each entry with it, unless the variation is on. */
class PlaylistTokensTest {

  private static final String TOKEN = "h.p.s";
  private final PlaylistTokens naming = new PlaylistTokens(new SandboxProfile(Set.of()));

  @Test
  void hlsUriLinesAndUriAttributesCarryTheToken() {
    String master =
        "#EXTM3U\n"
            + "#EXT-X-MAP:URI=\"init.mp4\"\n"
            + "#EXT-X-STREAM-INF:BANDWIDTH=1\n"
            + "video_1/chunklist.m3u8\n"
            + "\n"
            + "seg.ts?part=2\n";

    assertThat(naming.serve("a/master.m3u8", master, TOKEN))
        .isEqualTo(
            "#EXTM3U\n"
                + "#EXT-X-MAP:URI=\"init.mp4?auth=h.p.s\"\n"
                + "#EXT-X-STREAM-INF:BANDWIDTH=1\n"
                + "video_1/chunklist.m3u8?auth=h.p.s\n"
                + "\n"
                + "seg.ts?part=2&auth=h.p.s\n");
  }

  @Test
  void eachLinesEndingIsKept() {
    assertThat(naming.serve("p.m3u8", "#EXTM3U\r\nseg.ts\r\nlast.ts", TOKEN))
        .isEqualTo("#EXTM3U\r\nseg.ts?auth=h.p.s\r\nlast.ts?auth=h.p.s");
  }

  @Test
  void dashTemplatesCarryTheTokenAsXml() {
    String mpd =
        "<SegmentTemplate initialization=\"init-$RepresentationID$.m4s\""
            + " media=\"chunk.m4s?x=1\"/><BaseURL>v/</BaseURL>";

    assertThat(naming.serve("a/manifest.MPD", mpd, TOKEN))
        .isEqualTo(
            "<SegmentTemplate initialization=\"init-$RepresentationID$.m4s?auth=h.p.s\""
                + " media=\"chunk.m4s?x=1&amp;auth=h.p.s\"/><BaseURL>v/</BaseURL>");
  }

  @Test
  void withoutATokenOrUnderTheVariationThePlaylistIsServedAsStored() {
    var asStored =
        new PlaylistTokens(
            new SandboxProfile(Set.of(SandboxProfile.PLAYLISTS_WITHOUT_TOKEN, "other")));
    String playlist = "#EXTM3U\nsegment_000.ts\n";

    assertThat(naming.serve("p.m3u8", playlist, null)).isEqualTo(playlist);
    assertThat(asStored.serve("p.m3u8", playlist, TOKEN)).isEqualTo(playlist);
    assertThat(PlaylistTokens.isPlaylist("a/b.M3U8")).isTrue();
    assertThat(PlaylistTokens.isPlaylist("a/b.ts")).isFalse();
  }
}
