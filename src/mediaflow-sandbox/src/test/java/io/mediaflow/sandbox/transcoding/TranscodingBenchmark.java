package io.mediaflow.sandbox.transcoding;

import static io.mediaflow.sandbox.transcoding.SandboxClient.query;

import com.fasterxml.jackson.databind.JsonNode;
import io.mediaflow.sandbox.SandboxTest;
import io.mediaflow.sandbox.media.FfmpegPrograms;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;

/**
 * Seconds of 1080p source transcoded per second of wall-clock time for a four-rung HLS ladder,
 * through the sandbox (create task, start, download, encode, measure, store, until {@code
 * completed}) and directly with the same ffmpeg binary in one run. Prints the figures and their
 * ratio; asserts nothing.
 *
 * <pre>
 * mvn -B -pl src/mediaflow-sandbox test -Dtest=TranscodingBenchmark -Dbenchmark.seconds=10 -Dbenchmark.runs=2
 * </pre>
 */
class TranscodingBenchmark extends SandboxTest {

  /** Height and video kbps of each rung. */
  private static final int[][] LADDER = {{1080, 5000}, {720, 2800}, {480, 1400}, {360, 800}};

  private static final int SEGMENT = 4;

  private final SandboxClient sandbox = new SandboxClient(baseUrl());

  @Test
  void ladderThroughTheSandboxBesideFfmpegDirectly() throws Exception {
    int seconds = Integer.getInteger("benchmark.seconds", 10);
    int runs = Integer.getInteger("benchmark.runs", 2);
    byte[] source = MediaTools.source(1920, 1080, seconds);
    Path work = Files.createTempDirectory("mediaflow-benchmark-");
    Path input = Files.write(work.resolve("source.mp4"), source);
    var direct = new ArrayList<Double>();
    var throughSandbox = new ArrayList<Double>();
    try (var server = new TestServer().file("/source.mp4", source, "video/mp4")) {
      for (int run = 0; run < runs; run++) {
        direct.add(direct(input, work.resolve("direct-" + run)));
        throughSandbox.add(throughSandbox(server.url("/source.mp4")));
      }
    } finally {
      try (var files = Files.walk(work)) {
        files.sorted(java.util.Comparator.reverseOrder()).forEach(file -> file.toFile().delete());
      }
    }
    double bestDirect = direct.stream().mapToDouble(Double::doubleValue).min().orElseThrow();
    double bestSandbox =
        throughSandbox.stream().mapToDouble(Double::doubleValue).min().orElseThrow();
    System.out.printf(
        Locale.ROOT,
        "%nTranscoding benchmark: %d s of 1920x1080 source, ladder 1080/720/480/360 HLS,"
            + " %d cores%n",
        seconds,
        Runtime.getRuntime().availableProcessors());
    System.out.printf(
        Locale.ROOT,
        "  ffmpeg directly (one run): %s s -> %.2f source s per s%n",
        direct,
        seconds / bestDirect);
    System.out.printf(
        Locale.ROOT,
        "  through the sandbox:       %s s -> %.2f source s per s%n",
        throughSandbox,
        seconds / bestSandbox);
    System.out.printf(
        Locale.ROOT, "  sandbox / direct rate (best runs): %.2f%n%n", bestDirect / bestSandbox);
  }

  /** Seconds from {@code start_encode2} to {@code completed}. */
  private double throughSandbox(String sourceUrl) {
    var streams = new ArrayList<String>();
    for (int[] rung : LADDER) {
      streams.add("{\"resolution\": " + rung[0] + ", \"bitrate\": " + rung[1] + "}");
    }
    String task = sandbox.createTask();
    long started = System.nanoTime();
    JsonNode answer =
        sandbox.startEncode2(
            task,
            query(
                sourceUrl,
                "{\"output\": \"advanced_hls\", \"segment_duration\": "
                    + SEGMENT
                    + ", \"stream\": ["
                    + String.join(", ", streams)
                    + "]}"));
    if (answer.path("error").asInt() != 0) {
      throw new IllegalStateException(answer.toString());
    }
    while (true) {
      JsonNode status = sandbox.status(task);
      String state = status.path("status").asText();
      if (state.equals("completed")) {
        return (System.nanoTime() - started) / 1e9;
      }
      if (state.equals("error")) {
        throw new IllegalStateException(status.toString());
      }
      sleep();
    }
  }

  /** The same ladder in one ffmpeg run: one decode, four scaled encodes, four HLS renditions. */
  private static double direct(Path input, Path folder) throws IOException, InterruptedException {
    Files.createDirectories(folder);
    var graph = new StringBuilder("[0:v:0]split=" + LADDER.length);
    for (int i = 0; i < LADDER.length; i++) {
      graph.append("[s").append(i).append(']');
    }
    var arguments =
        new ArrayList<>(
            List.of("-v", "error", "-y", "-i", input.toString(), "-filter_complex", ""));
    for (int i = 0; i < LADDER.length; i++) {
      int height = LADDER[i][0];
      graph
          .append(";[s")
          .append(i)
          .append("]scale=")
          .append(Math.round(height * 16 / 9.0 / 2) * 2)
          .append(':')
          .append(height)
          .append("[v")
          .append(i)
          .append(']');
      Path rendition = Files.createDirectories(folder.resolve("video_" + (i + 1)));
      arguments.addAll(
          List.of(
              "-map",
              "[v" + i + "]",
              "-map",
              "0:a:0",
              "-c:v",
              "libopenh264",
              "-rc_mode",
              "bitrate",
              "-b:v",
              LADDER[i][1] + "k",
              "-g",
              "90",
              "-force_key_frames",
              "expr:gte(t,n_forced*" + SEGMENT + ")",
              "-c:a",
              "aac",
              "-b:a",
              "64k",
              "-f",
              "hls",
              "-hls_time",
              "" + SEGMENT,
              "-hls_playlist_type",
              "vod",
              "-hls_segment_filename",
              rendition.resolve("segment_%03d.ts").toString(),
              rendition.resolve("chunklist.m3u8").toString()));
    }
    arguments.set(arguments.indexOf("-filter_complex") + 1, graph.toString());
    long started = System.nanoTime();
    Process process =
        FfmpegPrograms.process(FfmpegPrograms.ffmpeg(arguments.toArray(String[]::new)))
            .inheritIO()
            .start();
    if (process.waitFor() != 0) {
      throw new IllegalStateException("ffmpeg failed");
    }
    return (System.nanoTime() - started) / 1e9;
  }

  private static void sleep() {
    try {
      Thread.sleep(50);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }
}
