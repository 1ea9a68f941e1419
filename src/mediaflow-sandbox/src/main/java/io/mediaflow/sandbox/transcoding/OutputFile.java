package io.mediaflow.sandbox.transcoding;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A file of an output, where ffmpeg (or the writer) left it in the job's output folder. Outputs
 * travel as files, not bytes: a rendition of a large source can be hundreds of megabytes, and the
 * heap is not the place for it.
 *
 * @param name the path inside the output's folder ({@code video_1/chunklist.m3u8}); empty for the
 *     single file of a file output, whose name the destination or the default naming gives
 * @param file the file on disk, valid until the job's working folder is deleted after {@code
 *     saving}
 */
record OutputFile(String name, Path file, String contentType) {

  long size() {
    try {
      return Files.size(file);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
