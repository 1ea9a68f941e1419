package io.mediaflow.sandbox.transcoding;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import javax.crypto.Cipher;
import javax.crypto.spec.IvParameterSpec;
import javax.crypto.spec.SecretKeySpec;

/** Small media files built in the tests: WAV audio, MPEG-TS packets, AES-128 HLS segments. */
final class TestMedia {

  private TestMedia() {}

  /** A PCM WAV file of {@code seconds} of silence, 8 kHz, 16-bit mono (16000 bytes per second). */
  static byte[] wav(int seconds) {
    int data = 16_000 * seconds;
    var wav = ByteBuffer.allocate(44 + data).order(ByteOrder.LITTLE_ENDIAN);
    wav.put("RIFF".getBytes(StandardCharsets.US_ASCII))
        .putInt(36 + data)
        .put("WAVE".getBytes(StandardCharsets.US_ASCII));
    wav.put("fmt ".getBytes(StandardCharsets.US_ASCII))
        .putInt(16)
        .putShort((short) 1)
        .putShort((short) 1)
        .putInt(8000)
        .putInt(16_000)
        .putShort((short) 2)
        .putShort((short) 16);
    wav.put("data".getBytes(StandardCharsets.US_ASCII)).putInt(data);
    return wav.array();
  }

  /** {@code packets} MPEG-TS packets of 188 bytes, each starting with the sync byte. */
  static byte[] transportStream(int packets) {
    byte[] ts = new byte[packets * 188];
    for (int i = 0; i < packets; i++) {
      ts[i * 188] = 0x47;
      ts[i * 188 + 1] = 0x1F;
      ts[i * 188 + 2] = (byte) 0xFF;
    }
    return ts;
  }

  static byte[] aes128(byte[] plain, byte[] key, byte[] iv) {
    try {
      var cipher = Cipher.getInstance("AES/CBC/PKCS5Padding");
      cipher.init(Cipher.ENCRYPT_MODE, new SecretKeySpec(key, "AES"), new IvParameterSpec(iv));
      return cipher.doFinal(plain);
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException(e);
    }
  }
}
