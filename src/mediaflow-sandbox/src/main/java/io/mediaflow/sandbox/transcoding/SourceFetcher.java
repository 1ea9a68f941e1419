package io.mediaflow.sandbox.transcoding;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Locale;
import java.util.Optional;
import org.springframework.stereotype.Component;

/**
 * The {@code downloading} stage for real: streams each input over HTTP with the {@link Downloader}
 * (or copies the task's TUS upload) into a file in the job's working folder, never holding it in
 * memory, then recognizes its container from the file's first bytes and probes it with ffprobe.
 * Failures carry the service's documented download and media messages; a source that failed in
 * passing at every try is the "maximum number of download attempts" one.
 */
@Component
class SourceFetcher {

  private final UploadStore uploads;
  private final Downloader downloader;

  SourceFetcher(UploadStore uploads, Downloader downloader) {
    this.uploads = uploads;
    this.downloader = downloader;
  }

  /**
   * Downloads every clip of {@code request} into {@code folder}. When one fails, the files of the
   * others are removed too: the folder is left as it was given.
   */
  Source fetch(String taskToken, JobRequest request, Path folder) {
    var clips = new ArrayList<Source.Clip>();
    try {
      for (SourceClip clip : request.clips()) {
        clips.add(fetch(taskToken, clip, folder.resolve("source-" + clips.size())));
      }
    } catch (RuntimeException e) {
      clips.forEach(clip -> delete(clip.file()));
      throw e;
    }
    return new Source(clips, folder);
  }

  /**
   * Writes the clip to {@code file}, which is renamed with its container's extension once probed.
   */
  private Source.Clip fetch(String taskToken, SourceClip clip, Path file) {
    try {
      if (clip.uploaded()) {
        copyUpload(taskToken, clip.uploadId(), file);
        return probe(clip, file, false);
      }
      URI uri = URI.create(clip.url().strip());
      boolean googleDrive = isGoogleDrive(uri);
      downloader.download(
          uri,
          file,
          googleDrive ? JobFailure.DOWNLOAD_GOOGLE_DRIVE : JobFailure.DOWNLOAD,
          JobFailure.DOWNLOAD_ATTEMPTS);
      if (sniff(file).orElse(null) == Container.HLS) {
        return joinHls(clip, uri, file);
      }
      return probe(clip, file, googleDrive);
    } catch (RuntimeException e) {
      delete(file);
      throw e;
    }
  }

  /** Replaces the master playlist in {@code file} by its variant's segments, joined. */
  private Source.Clip joinHls(SourceClip clip, URI uri, Path file) {
    byte[] master = read(file);
    var hls =
        new HlsSource(
            (segment, out) -> downloader.get(segment, JobFailure.DOWNLOAD_HLS, out),
            downloader.maxBytes());
    double duration = Downloader.write(file, out -> hls.download(uri, master, out));
    Source.Clip joined = probe(clip, file, false);
    MediaInfo info =
        joined.info().duration() == null ? joined.info().withDuration(duration) : joined.info();
    return new Source.Clip(clip, joined.file(), info);
  }

  private void copyUpload(String taskToken, String uploadId, Path file) {
    Path upload =
        uploads
            .completed(taskToken, uploadId)
            .orElseThrow(
                () ->
                    new JobFailure(
                        JobFailure.DOWNLOAD, "no completed upload " + uploadId + " for this task"));
    try {
      Files.copy(upload, file, StandardCopyOption.REPLACE_EXISTING);
    } catch (IOException e) {
      // the upload expired meanwhile, or the disk is full
      throw new JobFailure(
          JobFailure.DOWNLOAD,
          "upload " + uploadId + " not copied: " + e.getClass().getSimpleName());
    }
  }

  /**
   * Names {@code file} {@code file.<ext>} and probes it; a file without a media stream is
   * unsupported (and removed).
   */
  private static Source.Clip probe(SourceClip clip, Path file, boolean googleDrive) {
    Container container =
        sniff(file)
            .orElseThrow(
                () ->
                    googleDrive
                        // Drive answers a page (confirmation, quota, not shared) instead of the
                        // file
                        ? new JobFailure(
                            JobFailure.DOWNLOAD_GOOGLE_DRIVE,
                            "Google Drive answered a page, not the file")
                        : new JobFailure(
                            JobFailure.UNSUPPORTED_MEDIA, "no recognized container signature"));
    if (container == Container.HLS) {
      throw new JobFailure(
          JobFailure.DOWNLOAD_HLS, "an HLS playlist where media segments were expected");
    }
    Path named = file.resolveSibling(file.getFileName() + "." + container.extension());
    try {
      Files.move(file, named, StandardCopyOption.REPLACE_EXISTING);
    } catch (IOException e) {
      throw Downloader.cannotWrite(e);
    }
    try {
      Ffprobe.Media media = Ffprobe.probe(named);
      if (media == null) {
        throw new JobFailure(
            JobFailure.UNSUPPORTED_MEDIA,
            "ffprobe finds no audio or video stream in the " + container.extension() + " file");
      }
      return new Source.Clip(clip, named, MediaInfo.of(container, media));
    } catch (RuntimeException e) {
      delete(named);
      throw e;
    }
  }

  private static Optional<Container> sniff(Path file) {
    try {
      return ContainerSniffer.sniff(file);
    } catch (IOException e) {
      throw new JobFailure(JobFailure.PROCESSING, "cannot read the source: " + e.getMessage());
    }
  }

  private static byte[] read(Path file) {
    try {
      return Files.readAllBytes(file);
    } catch (IOException e) {
      throw new JobFailure(JobFailure.PROCESSING, "cannot read the source: " + e.getMessage());
    }
  }

  private static void delete(Path file) {
    try {
      Files.deleteIfExists(file);
    } catch (IOException ignored) {
      // the job's working folder goes with it
    }
  }

  private static boolean isGoogleDrive(URI uri) {
    String host = uri.getHost() == null ? "" : uri.getHost().toLowerCase(Locale.ROOT);
    return host.equals("drive.google.com")
        || host.equals("docs.google.com")
        || host.equals("drive.usercontent.google.com");
  }
}
