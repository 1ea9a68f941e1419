package io.mediaflow.benchmark;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What the replicas asked of the engine and of the service for a batch's jobs, counted from the
 * access logs of the embedded default (the engine's REST API and the sandbox) and of the replicas
 * (the callbacks they received), each line {@code "<request line>" <status> "<user agent>"}. Engine
 * commands about one job (its completion, failure, error, or variables set on its element instance)
 * are given to the job's type; the rest per request kind. Counted over REST, where every engine
 * command is an HTTP request; over gRPC the plugin sends the same commands.
 */
final class CallCounts {

  /** Tomcat's access log pattern for the settings below: request line, status, user agent. */
  static final String PATTERN = "\"%r\" %s \"%{User-Agent}i\"";

  private static final Pattern LINE =
      Pattern.compile("\"(\\S+) (\\S+) [^\"]*\" (\\d+) \"([^\"]*)\"");
  private static final Pattern JOB_COMMAND =
      Pattern.compile("/v2/jobs/(\\d+)/(completion|failure|error)");
  private static final Pattern VARIABLES =
      Pattern.compile("/v2/element-instances/(\\d+)/variables");

  /** Where each log was read up to: the next batch counts from there. */
  private final Map<Path, Integer> read = new HashMap<>();

  /** Spring Boot's settings for an access log of this form in {@code directory}. */
  static List<String> settings(Path directory) {
    return List.of(
        "--server.tomcat.accesslog.enabled=true",
        "--server.tomcat.accesslog.directory=" + directory.toAbsolutePath(),
        "--server.tomcat.accesslog.prefix=access",
        "--server.tomcat.accesslog.suffix=.log",
        "--server.tomcat.accesslog.rotate=false",
        "--server.tomcat.accesslog.buffered=false",
        "--server.tomcat.accesslog.pattern=" + PATTERN);
  }

  /** The lines the logs gained since the last call, without counting them. */
  void skip(List<Path> logs) {
    lines(logs);
  }

  /**
   * The calls in the logs since the last call: per job type, {@code complete}, {@code fail}, {@code
   * throw} and {@code set variables} per job; per kind, the others, per instance.
   */
  Counted count(List<Path> logs, JsonNode jobs, int instances) {
    var typeOfJob = new HashMap<String, String>();
    var typeOfElement = new HashMap<String, String>();
    var jobsOfType = new TreeMap<String, Integer>();
    for (JsonNode job : jobs) {
      String type = job.path("type").asText();
      typeOfJob.put(job.path("jobKey").asText(), type);
      typeOfElement.put(job.path("elementInstanceKey").asText(), type);
      jobsOfType.merge(type, 1, Integer::sum);
    }
    var perType = new TreeMap<String, Map<String, Integer>>();
    var other = new TreeMap<String, Integer>();
    for (String line : lines(logs)) {
      Matcher request = LINE.matcher(line);
      if (!request.find()) {
        continue;
      }
      String path = request.group(2).replaceFirst("\\?.*", "");
      Matcher command = JOB_COMMAND.matcher(path);
      Matcher variables = VARIABLES.matcher(path);
      if (command.matches() && typeOfJob.containsKey(command.group(1))) {
        count(perType, typeOfJob.get(command.group(1)), command.group(2));
      } else if (variables.matches() && typeOfElement.containsKey(variables.group(1))) {
        count(perType, typeOfElement.get(variables.group(1)), "set variables");
      } else if (request.group(4).startsWith("okhttp")) {
        other.merge("service " + request.group(1) + " " + kind(path), 1, Integer::sum);
      } else if (path.startsWith("/callbacks/")) {
        other.merge("callback received " + path, 1, Integer::sum);
      } else if (path.equals("/v2/jobs/activation") || path.equals("/v2/messages/publication")) {
        other.merge("engine " + path, 1, Integer::sum);
      }
    }
    return new Counted(jobsOfType, perType, other, instances);
  }

  /** A service path without the IDs in it. */
  private static String kind(String path) {
    return path.replaceAll("/[0-9a-f-]{16,}|/\\d+", "/{id}");
  }

  private static void count(Map<String, Map<String, Integer>> perType, String type, String what) {
    perType.computeIfAbsent(type, t -> new TreeMap<>()).merge(what, 1, Integer::sum);
  }

  private List<String> lines(List<Path> logs) {
    var fresh = new java.util.ArrayList<String>();
    for (Path log : logs) {
      try {
        List<String> all = Files.exists(log) ? Files.readAllLines(log) : List.of();
        int from = read.getOrDefault(log, 0);
        fresh.addAll(all.subList(Math.min(from, all.size()), all.size()));
        read.put(log, all.size());
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
    return fresh;
  }

  /** A batch's counts. */
  record Counted(
      Map<String, Integer> jobsOfType,
      Map<String, Map<String, Integer>> perType,
      Map<String, Integer> other,
      int instances) {

    void print() {
      System.out.printf(
          "%nEngine commands per job, by job type (activations are shared: below)%n%-45s %6s %9s %6s %6s %14s%n",
          "job type", "jobs", "complete", "fail", "throw", "set variables");
      jobsOfType.forEach(
          (type, jobs) -> {
            Map<String, Integer> counts = perType.getOrDefault(type, Map.of());
            System.out.printf(
                "%-45s %6d %9.2f %6.2f %6.2f %14.2f%n",
                type,
                jobs,
                counts.getOrDefault("completion", 0) / (double) jobs,
                counts.getOrDefault("failure", 0) / (double) jobs,
                counts.getOrDefault("error", 0) / (double) jobs,
                counts.getOrDefault("set variables", 0) / (double) jobs);
          });
      System.out.printf("%nOther requests, per instance (%d instances)%n", instances);
      other.forEach(
          (what, count) -> System.out.printf("%-60s %8.2f%n", what, count / (double) instances));
    }
  }
}
