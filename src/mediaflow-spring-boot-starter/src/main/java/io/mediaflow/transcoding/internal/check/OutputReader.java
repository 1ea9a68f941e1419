package io.mediaflow.transcoding.internal.check;

import io.mediaflow.api.ApiException;
import io.mediaflow.api.InvalidRequestException;
import io.mediaflow.api.StorageAddresses;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import okhttp3.HttpUrl;

/**
 * Reads a job's outputs as a player does, one GET per file a player opens first: an HLS master
 * playlist and each variant's media playlist (and an fMP4 variant's initialization segment when the
 * master declares no size), a DASH manifest and each video representation's initialization segment,
 * an MP4's boxes, an image's header. What it reads is a {@link Reading} per rendition; what it
 * cannot read, or finds missing, a {@link Problem}.
 */
final class OutputReader {

  /** The default name of an HLS output's master playlist in its folder (document 3). */
  static final String HLS_PLAYLIST = "playlist.m3u8";

  private static final byte[] EBML = {0x1a, 0x45, (byte) 0xdf, (byte) 0xa3};

  private final OutputFiles files;
  private final StorageAddresses storage;

  /**
   * @param storage where an {@code s3://<bucket>/<path>} output of the service's media storage is
   *     read over HTTP; null when no storage address is configured
   */
  OutputReader(OutputFiles files, StorageAddresses storage) {
    this.files = files;
    this.storage = storage;
  }

  /** Each rendition's reading, by index; null where it could not be read (a problem says why). */
  List<Reading> renditions(List<RenditionCheck.Listed> listed, List<Problem> problems) {
    var readings = new ArrayList<Reading>();
    var byUrl = new LinkedHashMap<String, List<Integer>>();
    for (int i = 0; i < listed.size(); i++) {
      readings.add(null);
      String url = listed.get(i).url();
      if (url == null || url.isBlank()) {
        throw InvalidRequestException.field(
            "renditions[" + i + "].url", "is required: the rendition's URL from the job's result");
      }
      byUrl.computeIfAbsent(url, key -> new ArrayList<>()).add(i);
    }
    byUrl.forEach(
        (url, group) -> {
          HttpUrl address = address(url, "renditions[" + group.getFirst() + "].url");
          List<String> tags = group.stream().map(i -> tagOf(listed, i)).toList();
          try {
            List<Reading> read = readOutput(address, group.size(), tags, problems);
            for (int k = 0; k < group.size(); k++) {
              readings.set(group.get(k), read.get(k));
            }
          } catch (OutputFiles.Unavailable unavailable) {
            for (String tag : tags) {
              problems.add(unavailable(tag, shown(url), unavailable.status(), "its file"));
            }
          }
        });
    return readings;
  }

  private static String tagOf(List<RenditionCheck.Listed> listed, int i) {
    String tag = listed.get(i).tag();
    return tag != null && !tag.isBlank() ? tag : "rendition " + (i + 1);
  }

  /** The {@code count} renditions one URL lists, read. */
  private List<Reading> readOutput(
      HttpUrl address, int count, List<String> tags, List<Problem> problems) {
    String path = address.encodedPath().toLowerCase(Locale.ROOT);
    if (path.endsWith("/")) {
      // an output folder: its master playlist under the default name
      address = address.resolve(HLS_PLAYLIST);
      path = address.encodedPath().toLowerCase(Locale.ROOT);
    }
    if (path.endsWith(".m3u8")) {
      return hls(address, files.text(address), count, tags, problems);
    }
    if (path.endsWith(".mpd")) {
      return dash(address, files.text(address), count, tags, problems);
    }
    try (OutputFiles.RangedFile file = files.file(address)) {
      byte[] start = file.read(0, OutputFiles.WINDOW);
      String text = new String(start, StandardCharsets.UTF_8);
      if (HlsPlaylist.isPlaylist(text)) {
        String whole = start.length < OutputFiles.WINDOW ? text : files.text(address);
        return hls(address, whole, count, tags, problems);
      }
      if (DashManifest.isManifest(text)) {
        String whole = start.length < OutputFiles.WINDOW ? text : files.text(address);
        return dash(address, whole, count, tags, problems);
      }
      var readings = new ArrayList<Reading>();
      Reading reading;
      if (IsoBmffMovie.isIsoBmff(start)) {
        Optional<IsoBmffMovie> movie = IsoBmffMovie.read(file);
        if (movie.isEmpty()) {
          for (String tag : tags) {
            problems.add(
                new Problem(
                    tag,
                    shown(address),
                    "an MP4 file without a readable moov box",
                    "a complete MP4 file",
                    "encode again on a new task"));
          }
          return nulls(count);
        }
        reading =
            new Reading(
                shown(address),
                movie.get().width(),
                movie.get().height(),
                movie.get().duration(),
                null,
                null,
                movie.get().width() == null ? "no video track" : null);
      } else if (start.length >= 4 && java.util.Arrays.equals(start, 0, 4, EBML, 0, 4)) {
        reading =
            new Reading(
                shown(address),
                null,
                null,
                null,
                null,
                null,
                "a Matroska/WebM file: its picture size and duration are not read");
      } else {
        for (String tag : tags) {
          problems.add(
              new Problem(
                  tag,
                  shown(address),
                  start.length == 0 ? "an empty file" : "a file of no media type read here",
                  "an HLS playlist, a DASH manifest, an MP4 or a WebM file",
                  "check the output's format; encode again on a new task"));
        }
        return nulls(count);
      }
      for (int k = 0; k < count; k++) {
        readings.add(reading);
      }
      return readings;
    }
  }

  private List<Reading> hls(
      HttpUrl address, String text, int count, List<String> tags, List<Problem> problems) {
    if (!HlsPlaylist.isPlaylist(text)) {
      for (String tag : tags) {
        problems.add(
            new Problem(
                tag,
                shown(address),
                "no #EXTM3U header",
                "an HLS playlist",
                "encode again on a new task"));
      }
      return nulls(count);
    }
    HlsPlaylist playlist = HlsPlaylist.parse(text);
    var readings = new ArrayList<Reading>();
    if (!playlist.master()) {
      // the URL names one rendition's media playlist
      Reading media = media(address, playlist, null, null);
      for (int k = 0; k < count; k++) {
        readings.add(k == 0 ? media : null);
        if (k > 0) {
          problems.add(
              new Problem(
                  tags.get(k),
                  shown(address),
                  "one media playlist listed for " + count + " renditions",
                  "a master playlist with a variant per rendition",
                  "encode again on a new task"));
        }
      }
      return readings;
    }
    for (int k = 0; k < count; k++) {
      if (k >= playlist.variants().size()) {
        problems.add(
            new Problem(
                tags.get(k),
                shown(address),
                "a master playlist of " + playlist.variants().size() + " variants",
                "a variant for each of the " + count + " renditions it is listed for",
                "encode again on a new task"));
        readings.add(null);
        continue;
      }
      HlsPlaylist.Variant variant = playlist.variants().get(k);
      HttpUrl variantUrl = resolve(address, variant.uri());
      if (variantUrl == null) {
        problems.add(
            new Problem(
                tags.get(k),
                shown(address),
                "a variant URI that is no URL",
                "a variant playlist",
                "encode again on a new task"));
        readings.add(null);
        continue;
      }
      try {
        String media = files.text(variantUrl);
        if (!HlsPlaylist.isPlaylist(media) || HlsPlaylist.parse(media).master()) {
          problems.add(
              new Problem(
                  tags.get(k),
                  shown(variantUrl),
                  "no media playlist",
                  "the variant's media playlist",
                  "encode again on a new task"));
          readings.add(null);
          continue;
        }
        readings.add(
            media(variantUrl, HlsPlaylist.parse(media), variant.width(), variant.height()));
      } catch (OutputFiles.Unavailable unavailable) {
        problems.add(
            unavailable(
                tags.get(k), shown(variantUrl), unavailable.status(), "its media playlist"));
        readings.add(null);
      }
    }
    return readings;
  }

  /**
   * A media playlist's rendition: the size its master declares, else its fMP4 initialization
   * segment's; TS segments' pictures are not read.
   */
  private Reading media(HttpUrl address, HlsPlaylist playlist, Integer width, Integer height) {
    String notRead = null;
    if (width == null && playlist.map() != null) {
      HttpUrl init = resolve(address, playlist.map());
      if (init != null) {
        try (OutputFiles.RangedFile file = files.file(init)) {
          Optional<IsoBmffMovie> movie = IsoBmffMovie.read(file);
          width = movie.map(IsoBmffMovie::width).orElse(null);
          height = movie.map(IsoBmffMovie::height).orElse(null);
        } catch (OutputFiles.Unavailable unavailable) {
          notRead = "its initialization segment answered HTTP " + unavailable.status();
        }
      }
    }
    if (width == null && notRead == null) {
      notRead = "the picture size: neither the master playlist nor an fMP4 segment declares it";
    }
    return new Reading(
        shown(address),
        width,
        height,
        playlist.duration(),
        playlist.segments(),
        playlist.ended(),
        notRead);
  }

  /**
   * A DASH output's renditions: the manifest's video representations in order, each sized by its
   * initialization segment's {@code tkhd} (the file a player fetches first), else by the size the
   * manifest declares.
   */
  private List<Reading> dash(
      HttpUrl address, String text, int count, List<String> tags, List<Problem> problems) {
    Optional<DashManifest> manifest = DashManifest.parse(text);
    if (manifest.isEmpty()) {
      for (String tag : tags) {
        problems.add(
            new Problem(
                tag,
                shown(address),
                "no readable MPD",
                "a DASH manifest",
                "encode again on a new task"));
      }
      return nulls(count);
    }
    var readings = new ArrayList<Reading>();
    List<DashManifest.Video> videos = manifest.get().videos();
    for (int k = 0; k < count; k++) {
      if (k >= videos.size()) {
        problems.add(
            new Problem(
                tags.get(k),
                shown(address),
                "a manifest of " + videos.size() + " video representations",
                "one for each of the " + count + " renditions it is listed for",
                "encode again on a new task"));
        readings.add(null);
        continue;
      }
      DashManifest.Video video = videos.get(k);
      Integer width = video.width();
      Integer height = video.height();
      String read = shown(address);
      HttpUrl init =
          video.initialization() == null ? null : resolve(address, video.initialization());
      if (init != null) {
        try (OutputFiles.RangedFile file = files.file(init)) {
          Optional<IsoBmffMovie> movie = IsoBmffMovie.read(file);
          if (movie.isPresent() && movie.get().width() != null) {
            width = movie.get().width();
            height = movie.get().height();
            read = shown(init);
          }
        } catch (OutputFiles.Unavailable unavailable) {
          problems.add(
              unavailable(
                  tags.get(k), shown(init), unavailable.status(), "its initialization segment"));
          readings.add(null);
          continue;
        }
      }
      readings.add(
          new Reading(
              read,
              width,
              height,
              manifest.get().duration(),
              null,
              null,
              width == null ? "the representation declares no size" : null));
    }
    return readings;
  }

  /** The image outputs proved; a problem for each that is not an image. */
  List<RenditionCheck.ProvedImage> images(List<String> urls, List<Problem> problems) {
    var proved = new ArrayList<RenditionCheck.ProvedImage>();
    if (urls == null) {
      return proved;
    }
    for (int i = 0; i < urls.size(); i++) {
      String url = urls.get(i);
      HttpUrl address = address(url, "images[" + i + "]");
      try (OutputFiles.RangedFile file = files.file(address)) {
        Optional<ImageHeader> header = ImageHeader.read(file.read(0, ImageHeader.NEEDED));
        if (header.isEmpty()) {
          problems.add(
              new Problem(
                  "image " + (i + 1),
                  shown(url),
                  "no JPEG, PNG, WebP or GIF header",
                  "an image",
                  "encode again on a new task"));
          continue;
        }
        proved.add(
            new RenditionCheck.ProvedImage(
                shown(url),
                header.get().format(),
                header.get().width() + "x" + header.get().height()));
      } catch (OutputFiles.Unavailable unavailable) {
        problems.add(
            unavailable("image " + (i + 1), shown(url), unavailable.status(), "the image"));
      }
    }
    return proved;
  }

  /**
   * The HTTP address of an output: an http(s) URL as given, an {@code s3://<bucket>/<path>} of the
   * service's media storage at its default address. Anything else is no address this check can
   * read: an incident naming the input.
   */
  private HttpUrl address(String url, String field) {
    if (url == null || url.isBlank()) {
      throw InvalidRequestException.field(field, "is required");
    }
    if (url.startsWith("s3://")) {
      String rest = url.substring("s3://".length());
      int slash = rest.indexOf('/');
      if (slash <= 0 || slash == rest.length() - 1) {
        throw InvalidRequestException.field(field, "must be s3://<bucket>/<path>");
      }
      if (storage == null) {
        throw new ApiException.Misconfigured(
            "NO_STORAGE_ADDRESS",
            field
                + " is in the media storage ("
                + url
                + "), which this application cannot read: set mediaflow.delivery.storage-url (the"
                + " buckets' default address) and leave mediaflow.delivery.enabled on");
      }
      HttpUrl address =
          HttpUrl.parse(storage.ofObject(rest.substring(0, slash), rest.substring(slash + 1)));
      if (address == null) {
        throw new ApiException.Misconfigured(
            "NO_STORAGE_ADDRESS",
            "mediaflow.delivery.storage-url does not give an http(s) address");
      }
      return address;
    }
    HttpUrl address = HttpUrl.parse(url);
    if (address == null) {
      throw InvalidRequestException.field(
          field,
          "must be an http(s) URL or s3://<bucket>/<path> of the media storage: this check reads"
              + " the outputs as their users do, and no other address");
    }
    return address;
  }

  /**
   * A URL a playlist names, resolved against the playlist's; given the playlist's query when it has
   * none, as a player carries a token on every request.
   */
  private static HttpUrl resolve(HttpUrl base, String uri) {
    HttpUrl resolved = base.resolve(uri);
    if (resolved != null && resolved.query() == null && base.query() != null) {
      resolved = resolved.newBuilder().encodedQuery(base.encodedQuery()).build();
    }
    return resolved;
  }

  private static Problem unavailable(String tag, String url, int status, String what) {
    String todo =
        switch (status) {
          case 404 ->
              "check again later if the storage shows files late; otherwise encode again on a new task";
          case 410 ->
              "the service keeps outputs without a destination for 24 hours: encode again on a new"
                  + " task";
          case 401, 403 ->
              "the address refuses reading (an authenticated bucket, or an expired token): make it"
                  + " readable, or encode to a public bucket";
          default -> "encode again on a new task";
        };
    return new Problem(tag, url, what + " answered HTTP " + status, what + " (HTTP 200)", todo);
  }

  /** A URL as a message shows it: without its query, which may hold a token. */
  static String shown(String url) {
    HttpUrl address = url == null ? null : HttpUrl.parse(url);
    return address == null ? url : shown(address);
  }

  static String shown(HttpUrl address) {
    return address.newBuilder().query(null).build().toString();
  }

  private static List<Reading> nulls(int count) {
    var none = new ArrayList<Reading>();
    for (int k = 0; k < count; k++) {
      none.add(null);
    }
    return none;
  }
}
