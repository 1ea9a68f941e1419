package io.mediaflow.sandbox.transcoding;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;

/** The folder one format is encoded into, and the files found there afterwards. */
record OutputFolder(Path path) {

  static OutputFolder create(Path parent, String name) {
    try {
      return new OutputFolder(Files.createDirectories(parent.resolve(name)));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  Path resolve(String name) {
    return path.resolve(name);
  }

  /**
   * Creates {@code name} as a sub-folder (ffmpeg's HLS muxer writes into existing folders only).
   */
  Path folder(String name) {
    try {
      return Files.createDirectories(path.resolve(name));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * The files under {@code under} (a sub-folder, or "" for all) whose names match {@code glob}, by
   * name.
   */
  List<Path> files(String under, String glob) {
    var matcher = path.getFileSystem().getPathMatcher("glob:" + glob);
    try (Stream<Path> files = Files.walk(path.resolve(under))) {
      return files
          .filter(Files::isRegularFile)
          .filter(file -> matcher.matches(file.getFileName()))
          .sorted(Comparator.comparing(Path::toString))
          .toList();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * Every file written, named by its path in the folder; {@code single} names the one file of a
   * file output.
   */
  List<OutputFile> list(String single) {
    return files("", "*").stream()
        .map(
            file -> {
              String name = path.relativize(file).toString();
              return new OutputFile(name.equals(single) ? "" : name, file, contentType(name));
            })
        .toList();
  }

  static String contentType(String name) {
    String extension = name.substring(name.lastIndexOf('.') + 1).toLowerCase(Locale.ROOT);
    return switch (extension) {
      case "mp4", "m4s" -> "video/mp4";
      case "m4a" -> "audio/mp4";
      case "webm" -> "video/webm";
      case "ts" -> "video/mp2t";
      case "m3u8" -> "application/vnd.apple.mpegurl";
      case "mpd" -> "application/dash+xml";
      case "mp3" -> "audio/mpeg";
      case "flac" -> "audio/flac";
      case "png" -> "image/png";
      case "jpg" -> "image/jpeg";
      case "webp" -> "image/webp";
      case "gif" -> "image/gif";
      case "vtt" -> "text/vtt";
      case "json" -> "application/json";
      default -> "application/octet-stream";
    };
  }
}
