package io.mediaflow.transcoding.internal.check;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class ImageHeaderTest {

  @Test
  void eachImageFormatOfTheThumbnailOutputsDeclaresItsSize() {
    assertThat(ImageHeader.read(Fixtures.bytes("thumbnail.jpg")))
        .contains(new ImageHeader("jpeg", 64, 36));
    assertThat(ImageHeader.read(Fixtures.bytes("thumbnail.png")))
        .contains(new ImageHeader("png", 64, 36));
    assertThat(ImageHeader.read(Fixtures.bytes("thumbnail.webp")))
        .contains(new ImageHeader("webp", 64, 36));
  }

  @Test
  void anythingElseIsNoImage() {
    assertThat(ImageHeader.read("<Error>NoSuchKey</Error>".getBytes())).isEmpty();
    assertThat(ImageHeader.read(new byte[0])).isEmpty();
    assertThat(ImageHeader.read(Fixtures.bytes("vertical.mp4"))).isEmpty();
  }
}
