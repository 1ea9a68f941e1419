package io.mediaflow.sandbox.transcoding;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class ContainerSnifferTest {

  static Stream<Arguments> signatures() {
    return Stream.of(
        Arguments.of(TranscodingJobTest.sample(), Container.MP4),
        Arguments.of(
            bytes(0, 0, 0, 20, 'f', 't', 'y', 'p', 'q', 't', ' ', ' ', 0, 0, 0, 0), Container.MOV),
        Arguments.of(bytes(0, 0, 0, 8, 'm', 'o', 'o', 'v'), Container.MOV),
        Arguments.of(
            concat(bytes(0x1A, 0x45, 0xDF, 0xA3, 0x9F, 0x42, 0x82, 0x84), ascii("webm")),
            Container.WEBM),
        Arguments.of(
            concat(bytes(0x1A, 0x45, 0xDF, 0xA3, 0xA3, 0x42, 0x82, 0x88), ascii("matroska")),
            Container.MATROSKA),
        Arguments.of(concat(ascii("RIFF"), bytes(0, 0, 0, 0), ascii("AVI LIST")), Container.AVI),
        Arguments.of(TestMedia.wav(1), Container.WAV),
        Arguments.of(TestMedia.transportStream(3), Container.MPEG_TS),
        Arguments.of(bytes(0, 0, 1, 0xBA, 0x44, 0, 4, 0), Container.MPEG_PS),
        Arguments.of(
            bytes(
                0x30, 0x26, 0xB2, 0x75, 0x8E, 0x66, 0xCF, 0x11, 0xA6, 0xD9, 0x00, 0xAA, 0x00, 0x62,
                0xCE, 0x6C),
            Container.ASF),
        Arguments.of(concat(ascii("FLV"), bytes(1, 5, 0, 0, 0, 9)), Container.FLV),
        Arguments.of(
            bytes(
                0x06, 0x0E, 0x2B, 0x34, 0x02, 0x05, 0x01, 0x01, 0x0D, 0x01, 0x02, 0x01, 0x01, 0x02),
            Container.MXF),
        Arguments.of(concat(ascii("OggS"), bytes(0, 2, 0, 0)), Container.OGG),
        Arguments.of(ascii("\uFEFF#EXTM3U\n#EXT-X-VERSION:3\n"), Container.HLS),
        Arguments.of(concat(ascii("ID3"), bytes(4, 0, 0, 0, 0, 0, 0)), Container.MP3),
        Arguments.of(bytes(0xFF, 0xFB, 0x90, 0x64), Container.MP3),
        Arguments.of(bytes(0xFF, 0xF1, 0x50, 0x80), Container.AAC));
  }

  @ParameterizedTest(name = "{1}")
  @MethodSource("signatures")
  void recognizesTheDocumentedContainers(byte[] data, Container expected) {
    assertThat(ContainerSniffer.sniff(data)).contains(expected);
  }

  static Stream<byte[]> notMedia() {
    return Stream.of(
        new byte[0],
        ascii("<html><body>404</body></html>"),
        bytes(0x89, 'P', 'N', 'G', 13, 10, 26, 10),
        bytes(0xFF, 0xD8, 0xFF, 0xE0),
        concat(ascii("RIFF"), bytes(0, 0, 0, 0), ascii("WEBPVP8 ")),
        ascii("G"),
        ascii("{\"error\": 1}"));
  }

  @ParameterizedTest
  @MethodSource("notMedia")
  void refusesAnythingElse(byte[] data) {
    assertThat(ContainerSniffer.sniff(data)).isEmpty();
  }

  private static byte[] bytes(int... values) {
    byte[] out = new byte[values.length];
    for (int i = 0; i < values.length; i++) {
      out[i] = (byte) values[i];
    }
    return out;
  }

  private static byte[] ascii(String text) {
    return text.getBytes(StandardCharsets.UTF_8);
  }

  private static byte[] concat(byte[]... parts) {
    var out = new ByteArrayOutputStream();
    for (byte[] part : parts) {
      out.writeBytes(part);
    }
    return out.toByteArray();
  }
}
