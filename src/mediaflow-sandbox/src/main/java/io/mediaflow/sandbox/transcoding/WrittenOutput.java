package io.mediaflow.sandbox.transcoding;

import java.util.List;

/**
 * What a format produced.
 *
 * @param folder where the files are, inside the job's working folder
 * @param extension the file type of a file output ({@code mp4}, {@code png}), for its default name
 * @param main the file the status's {@code url} points at: empty for a file output, the playlist,
 *     VTT index or result document of a folder output
 * @param measurements one per rendition, in the plan's order
 */
record WrittenOutput(
    OutputFolder folder,
    String extension,
    List<OutputFile> files,
    String main,
    List<Measurement> measurements) {}
