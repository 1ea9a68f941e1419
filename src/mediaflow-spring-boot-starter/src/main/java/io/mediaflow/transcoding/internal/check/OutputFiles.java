package io.mediaflow.transcoding.internal.check;

import io.mediaflow.api.ApiException;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import okhttp3.HttpUrl;
import okhttp3.OkHttpClient;
import okhttp3.Request;
import okhttp3.Response;

/**
 * Reads a job's output files as their users do: a plain HTTP GET of the address, nothing the
 * service counts as work and nothing that changes state. A playlist or manifest is read whole; a
 * media file only in the parts its reader asks for ({@link ByteRanges}), with HTTP {@code Range}
 * requests where the server serves them.
 *
 * <p>An answer that says the file is not there or may not be read (any 4xx but 408 and 429) is
 * {@link Unavailable}, for the check to report; a server error, 408, 429 or a failed connection is
 * {@link ApiException.Transient}, so the job is tried again later.
 */
public final class OutputFiles {

  /** Larger than any playlist or manifest of one output. */
  static final int MAX_TEXT = 8 * 1024 * 1024;

  /** What a ranged read asks for at least: a file's first boxes or headers in one request. */
  static final int WINDOW = 64 * 1024;

  /** How a request is named in failures: never the URL, which may carry a token. */
  static final String ENDPOINT = "GET output file";

  private final OkHttpClient client;

  public OutputFiles(OkHttpClient client) {
    this.client = client;
  }

  /** A file that answered other than with its content. */
  public static final class Unavailable extends RuntimeException {
    private final int status;

    Unavailable(int status) {
      super("answered HTTP " + status, null, false, false);
      this.status = status;
    }

    public int status() {
      return status;
    }
  }

  /** The whole text at {@code url}. */
  public String text(HttpUrl url) {
    try (Response response =
        client.newCall(new Request.Builder().url(url).get().build()).execute()) {
      checked(response);
      return new String(limited(response.body().byteStream(), MAX_TEXT), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw transport(e);
    }
  }

  /**
   * The file at {@code url}, read in parts as they are asked for; nothing is requested before the
   * first read. Close it to end a download the server sends whole.
   */
  public RangedFile file(HttpUrl url) {
    return new RangedFile(url);
  }

  /**
   * A file at a URL: each read outside the bytes held asks for {@code bytes=offset-...} of at least
   * {@link #WINDOW} bytes. A server that answers a range request with the whole file (200) is read
   * on from that answer, forward only, skipping what is not asked for.
   */
  public final class RangedFile implements ByteRanges, AutoCloseable {
    private final HttpUrl url;
    private byte[] held = new byte[0];
    private long heldFrom;
    private InputStream whole;
    private Response wholeResponse;
    private long wholePosition;
    private boolean ended;

    private RangedFile(HttpUrl url) {
      this.url = url;
    }

    @Override
    public byte[] read(long offset, int length) {
      if (offset >= heldFrom && offset + length <= heldFrom + held.length) {
        return slice(offset, length);
      }
      try {
        if (whole == null) {
          fetch(offset, length);
        }
        if (whole != null) {
          readOn(offset, length);
        }
      } catch (IOException e) {
        throw transport(e);
      }
      return slice(offset, length);
    }

    private void fetch(long offset, int length) throws IOException {
      long last = offset + Math.max(length, WINDOW) - 1;
      Response response =
          client
              .newCall(
                  new Request.Builder()
                      .url(url)
                      .header("Range", "bytes=" + offset + "-" + last)
                      .get()
                      .build())
              .execute();
      if (response.code() == 416) {
        // past the end of the file
        response.close();
        held = new byte[0];
        heldFrom = offset;
        return;
      }
      if (response.code() == 206) {
        try (response) {
          held = limited(response.body().byteStream(), (int) (last - offset + 1));
          heldFrom = offset;
        }
        return;
      }
      try {
        checked(response);
      } catch (RuntimeException failed) {
        response.close();
        throw failed;
      }
      // The whole file, from its first byte.
      wholeResponse = response;
      whole = response.body().byteStream();
      wholePosition = 0;
      held = new byte[0];
      heldFrom = 0;
    }

    /** Reads the whole answer on to {@code offset + length}, keeping only what is asked for. */
    private void readOn(long offset, int length) throws IOException {
      if (offset < heldFrom) {
        throw new IllegalStateException("a forward-only read was asked to go back");
      }
      if (offset >= wholePosition) {
        long skip = offset - wholePosition;
        while (skip > 0 && !ended) {
          long skipped = whole.skip(skip);
          if (skipped <= 0) {
            if (whole.read() < 0) {
              ended = true;
              break;
            }
            skipped = 1;
          }
          skip -= skipped;
          wholePosition += skipped;
        }
        held = new byte[0];
        heldFrom = wholePosition;
      } else {
        // keep the part of what is held from offset on
        held = slice(offset, (int) (heldFrom + held.length - offset));
        heldFrom = offset;
      }
      long want = offset + length - wholePosition;
      if (want > 0 && !ended) {
        byte[] more = limited(whole, (int) Math.min(want, Integer.MAX_VALUE - 8));
        if (more.length < want) {
          ended = true;
        }
        byte[] joined = new byte[held.length + more.length];
        System.arraycopy(held, 0, joined, 0, held.length);
        System.arraycopy(more, 0, joined, held.length, more.length);
        held = joined;
        wholePosition += more.length;
      }
    }

    private byte[] slice(long offset, int length) {
      int from = (int) Math.max(0, offset - heldFrom);
      int to = (int) Math.min(held.length, offset - heldFrom + (long) length);
      return from >= to ? new byte[0] : java.util.Arrays.copyOfRange(held, from, to);
    }

    @Override
    public void close() {
      if (wholeResponse != null) {
        wholeResponse.close();
      }
    }
  }

  private static void checked(Response response) {
    int status = response.code();
    if (status == 429) {
      throw ApiException.Transient.busy(
          "HTTP_429",
          ENDPOINT + " answered HTTP 429 (too many requests)",
          retryAfter(response.header("Retry-After")));
    }
    if (status >= 500 || status == 408) {
      throw new ApiException.Transient(
          "HTTP_" + status, ENDPOINT + " answered HTTP " + status, null, null);
    }
    if (status < 200 || status >= 300) {
      throw new Unavailable(status);
    }
  }

  private static byte[] limited(InputStream in, int max) throws IOException {
    var out = new ByteArrayOutputStream();
    byte[] buffer = new byte[16 * 1024];
    int total = 0;
    while (total < max) {
      int read = in.read(buffer, 0, Math.min(buffer.length, max - total));
      if (read < 0) {
        break;
      }
      out.write(buffer, 0, read);
      total += read;
    }
    return out.toByteArray();
  }

  private static Duration retryAfter(String header) {
    try {
      return header == null ? null : Duration.ofSeconds(Long.parseLong(header.strip()));
    } catch (NumberFormatException e) {
      return null;
    }
  }

  /** The kind of fault, not OkHttp's message, which can name the URL. */
  private static ApiException.Transient transport(IOException e) {
    return new ApiException.Transient(
        "TRANSPORT",
        ENDPOINT
            + " failed: "
            + (e instanceof java.net.SocketTimeoutException
                ? "timed out"
                : e.getClass().getSimpleName()),
        null,
        null);
  }
}
