package io.mediaflow.transcoding.internal.check;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class DashManifestTest {

  @Test
  void aManifestListsItsVideoRepresentationsWithTheirSizeAndInitializationSegment() {
    var manifest = DashManifest.parse(Fixtures.text("dash/manifest.mpd"));

    assertThat(manifest)
        .hasValueSatisfying(
            mpd -> {
              assertThat(mpd.duration()).isEqualTo(2.0);
              assertThat(mpd.videos())
                  .as("the sound's representation is no video")
                  .containsExactly(
                      new DashManifest.Video(320, 180, "init-stream0.m4s"),
                      new DashManifest.Video(160, 90, "init-stream1.m4s"));
            });
  }

  @Test
  void aDocumentWithADoctypeOrNoXmlIsNoManifest() {
    assertThat(
            DashManifest.parse(
                "<?xml version=\"1.0\"?><!DOCTYPE MPD [<!ENTITY x SYSTEM \"file:///etc/passwd\">]><MPD>&x;</MPD>"))
        .isEmpty();
    assertThat(DashManifest.parse("#EXTM3U")).isEmpty();
  }
}
