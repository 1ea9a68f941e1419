package io.mediaflow.sandbox.transcoding;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.net.URI;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.crypto.Cipher;
import javax.crypto.spec.IvParameterSpec;
import javax.crypto.spec.SecretKeySpec;

/**
 * An HLS source, downloaded the way the service does: the master playlist's highest-bandwidth
 * variant, its initialization section and every segment, AES-128 segments decrypted, appended one
 * after the other to one stream (the source file) as they arrive. Any failure (a playlist or
 * segment not fetched, a media playlist given instead of a master, decryption) is the documented
 * HLS download error.
 */
final class HlsSource {

  /** Fetches one resource into {@code out}, throwing a {@link JobFailure} when it cannot. */
  interface Fetcher {
    void get(URI uri, OutputStream out);
  }

  private static final Pattern BANDWIDTH = Pattern.compile("BANDWIDTH=(\\d+)");
  private static final Pattern URI_ATTRIBUTE = Pattern.compile("URI=\"([^\"]*)\"");
  private static final Pattern METHOD = Pattern.compile("METHOD=([A-Z0-9-]+)");
  private static final Pattern IV = Pattern.compile("IV=0[xX]([0-9a-fA-F]{32})");

  private final Fetcher fetcher;
  private final long maxBytes;

  HlsSource(Fetcher fetcher, long maxBytes) {
    this.fetcher = fetcher;
    this.maxBytes = maxBytes;
  }

  /**
   * Writes the joined segments of the master playlist {@code master} to {@code out}.
   *
   * @return the variant playlist's total duration in seconds
   */
  double download(URI masterUri, byte[] master, OutputStream out) {
    try {
      return resolve(masterUri, master, new Limited(out));
    } catch (IllegalArgumentException e) {
      // a malformed URI, number or IV in a playlist
      throw fail("malformed playlist: " + e.getMessage());
    }
  }

  private double resolve(URI masterUri, byte[] master, Limited out) {
    List<String> lines = lines(master);
    URI variant = null;
    long best = -1;
    for (int i = 0; i < lines.size(); i++) {
      if (lines.get(i).startsWith("#EXT-X-STREAM-INF")) {
        Matcher bandwidth = BANDWIDTH.matcher(lines.get(i));
        long value = bandwidth.find() ? Long.parseLong(bandwidth.group(1)) : 0;
        String uri = nextUri(lines, i);
        if (uri != null && value > best) {
          best = value;
          variant = masterUri.resolve(uri);
        }
      }
    }
    if (variant == null) {
      throw fail(
          lines.stream().anyMatch(l -> l.startsWith("#EXTINF"))
              ? "a media playlist was given instead of a master playlist"
              : "the master playlist lists no variant");
    }
    List<String> media = lines(get(variant, "variant playlist"));
    if (media.stream().anyMatch(l -> l.startsWith("#EXT-X-STREAM-INF"))) {
      throw fail("the variant playlist is itself a master playlist");
    }
    return segments(variant, media, out);
  }

  private double segments(URI playlist, List<String> lines, Limited out) {
    long sequence = 0;
    double duration = 0;
    byte[] key = null;
    byte[] iv = null;
    for (int i = 0; i < lines.size(); i++) {
      String line = lines.get(i);
      if (line.startsWith("#EXT-X-MEDIA-SEQUENCE:")) {
        sequence = Long.parseLong(line.substring(line.indexOf(':') + 1).strip());
      } else if (line.startsWith("#EXT-X-KEY:")) {
        String method = attribute(METHOD, line);
        if ("NONE".equals(method)) {
          key = null;
        } else if ("AES-128".equals(method)) {
          key = get(playlist.resolve(attribute(URI_ATTRIBUTE, line)), "decryption key");
          String explicitIv = attribute(IV, line);
          iv = explicitIv == null ? null : HexFormat.of().parseHex(explicitIv);
          if (key.length != 16) {
            throw fail("the AES-128 key is not 16 bytes");
          }
        } else {
          throw fail("encryption method " + method + " cannot be decrypted");
        }
      } else if (line.startsWith("#EXT-X-MAP:")) {
        get(playlist.resolve(attribute(URI_ATTRIBUTE, line)), "initialization section", out);
      } else if (line.startsWith("#EXTINF:")) {
        String value = line.substring(8).split(",", 2)[0].strip();
        duration += Double.parseDouble(value);
        String uri = nextUri(lines, i);
        if (uri == null) {
          throw fail("a segment has no URI");
        }
        if (key == null) {
          get(playlist.resolve(uri), "segment", out);
        } else {
          var decrypting = new Decrypting(out, key, iv != null ? iv : sequenceIv(sequence));
          get(playlist.resolve(uri), "segment", decrypting);
          decrypting.finish();
        }
        sequence++;
      }
    }
    return duration;
  }

  /** A playlist or key, small enough to hold. */
  private byte[] get(URI uri, String what) {
    var bytes = new ByteArrayOutputStream();
    get(uri, what, bytes);
    return bytes.toByteArray();
  }

  private void get(URI uri, String what, OutputStream out) {
    try {
      fetcher.get(uri, out);
    } catch (JobFailure e) {
      if (!e.getMessage().equals(JobFailure.DOWNLOAD_HLS)) {
        throw e; // the sandbox could not write the source: not a download error
      }
      throw fail(what + " not fetched: " + e.details());
    }
  }

  /** The source stream, which fails once the segments written to it exceed the largest source. */
  private final class Limited extends OutputStream {
    private final OutputStream out;
    private long written;

    Limited(OutputStream out) {
      this.out = out;
    }

    @Override
    public void write(int b) throws IOException {
      write(new byte[] {(byte) b}, 0, 1);
    }

    @Override
    public void write(byte[] bytes, int offset, int length) throws IOException {
      if (written + length > maxBytes) {
        throw fail("the stream is larger than " + maxBytes + " bytes");
      }
      out.write(bytes, offset, length);
      written += length;
    }
  }

  /**
   * Decrypts an AES-128 segment on its way to {@code out}; {@link #finish()} checks its padding.
   */
  private static final class Decrypting extends OutputStream {
    private final OutputStream out;
    private final Cipher cipher;

    Decrypting(OutputStream out, byte[] key, byte[] iv) {
      this.out = out;
      try {
        cipher = Cipher.getInstance("AES/CBC/PKCS5Padding");
        cipher.init(Cipher.DECRYPT_MODE, new SecretKeySpec(key, "AES"), new IvParameterSpec(iv));
      } catch (GeneralSecurityException e) {
        throw fail("segment decryption failed");
      }
    }

    @Override
    public void write(int b) throws IOException {
      write(new byte[] {(byte) b}, 0, 1);
    }

    @Override
    public void write(byte[] bytes, int offset, int length) throws IOException {
      byte[] plain = cipher.update(bytes, offset, length);
      if (plain != null) {
        out.write(plain);
      }
    }

    void finish() {
      try {
        out.write(cipher.doFinal());
      } catch (GeneralSecurityException e) {
        throw fail("segment decryption failed");
      } catch (IOException e) {
        throw Downloader.cannotWrite(e);
      }
    }
  }

  /**
   * Without an IV attribute, the IV is the segment's media sequence number, big-endian in 16 bytes.
   */
  private static byte[] sequenceIv(long sequence) {
    return ByteBuffer.allocate(16).putLong(8, sequence).array();
  }

  private static String nextUri(List<String> lines, int from) {
    for (int i = from + 1; i < lines.size(); i++) {
      if (!lines.get(i).isEmpty() && !lines.get(i).startsWith("#")) {
        return lines.get(i);
      }
    }
    return null;
  }

  private static String attribute(Pattern pattern, String line) {
    Matcher matcher = pattern.matcher(line);
    return matcher.find() ? matcher.group(1) : null;
  }

  private static List<String> lines(byte[] playlist) {
    var lines = new ArrayList<String>();
    for (String line : new String(playlist, StandardCharsets.UTF_8).split("\\R")) {
      lines.add(line.strip());
    }
    return lines;
  }

  private static JobFailure fail(String details) {
    return new JobFailure(JobFailure.DOWNLOAD_HLS, details);
  }
}
