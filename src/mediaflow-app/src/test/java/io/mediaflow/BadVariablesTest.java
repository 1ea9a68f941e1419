package io.mediaflow;

import static org.assertj.core.api.Assertions.assertThat;

import io.camunda.client.api.response.ActivatedJob;
import io.camunda.zeebe.protocol.record.Record;
import io.camunda.zeebe.protocol.record.intent.IncidentIntent;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.regex.Pattern;
import java.util.stream.StreamSupport;
import org.junit.jupiter.api.Test;

/**
 * No silent stops: every process started with a bad variable either goes on (the value was usable) or stops at an
 * incident whose message names the variable the caller gave, never at a wait nobody can see. Each case starts an
 * instance; the open user tasks are worked as a person would (approve, start the encoder, report the record), so a
 * variable read late in the process is reached too.
 */
class BadVariablesTest extends MediaflowTest {

  static final String ACCESS_KEY = "AKIAIOSFODNN7EXAMPLE";
  static final String SECRET_KEY = "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY";
  /**
   * How long the instances may run before one that has neither completed nor an incident counts as a silent stop;
   * generous, since all of them run at once, and the test ends as soon as every instance has an outcome.
   */
  static final Duration SILENCE = Duration.ofSeconds(90);

  /** One start with a bad variable, and the variable its incident must name (null: it must complete). */
  record Case(String process, String what, Map<String, Object> variables, String named) {}

  private String sample() {
    return baseUrl() + "/sandbox/samples/bars.mp4";
  }

  private List<Case> cases() {
    var cases = new ArrayList<Case>();
    String bucket = "bad-vars-" + UUID.randomUUID().toString().substring(0, 8);
    // transcode-with-approval
    cases.add(new Case("transcode-with-approval", "no source", Map.of(), "source"));
    cases.add(new Case("transcode-with-approval", "source an object", Map.of("source", Map.of("url", sample())), "source"));
    cases.add(new Case("transcode-with-approval", "source a list", Map.of("source", List.of(sample())), "source"));
    cases.add(new Case("transcode-with-approval", "ladder not a list", vars("source", sample(), "ladder", "720p"), "ladder"));
    cases.add(new Case("transcode-with-approval", "ladder empty", vars("source", sample(), "ladder", List.of()), "ladder"));
    cases.add(new Case("transcode-with-approval", "ladder entry not an object",
        vars("source", sample(), "ladder", List.of(720)), "ladder[0]"));
    cases.add(new Case("transcode-with-approval", "ladder resolution a word",
        vars("source", sample(), "ladder", List.of(Map.of("resolution", 720), Map.of("resolution", "high"))), "ladder[1].resolution"));
    cases.add(new Case("transcode-with-approval", "ladder resolution negative",
        vars("source", sample(), "ladder", List.of(Map.of("resolution", 720), Map.of("resolution", -360))), "ladder[1].resolution"));
    cases.add(new Case("transcode-with-approval", "pollSeconds a word", vars("source", sample(), "pollSeconds", "x"), "pollSeconds"));
    cases.add(new Case("transcode-with-approval", "pollSeconds negative", vars("source", sample(), "pollSeconds", -5), "pollSeconds"));
    cases.add(new Case("transcode-with-approval", "pollSeconds a list", vars("source", sample(), "pollSeconds", List.of(5)), "pollSeconds"));
    cases.add(new Case("transcode-with-approval", "publishBucket a number",
        vars("source", sample(), "publishBucket", 42, "ladder", List.of(Map.of("resolution", 360))), "publishBucket"));
    cases.add(new Case("transcode-with-approval", "publishBucket not a bucket name",
        vars("source", sample(), "publishBucket", "Not A Bucket", "ladder", List.of(Map.of("resolution", 360))), null));
    cases.add(new Case("transcode-with-approval", "allowedOrigin a number",
        vars("source", sample(), "publishBucket", bucket, "allowedOrigin", 7, "ladder", List.of(Map.of("resolution", 360))), "allowedOrigin"));
    cases.add(new Case("transcode-with-approval", "allowedOrigin not an origin", vars("source", sample(), "publishBucket", bucket + "-t2",
        "allowedOrigin", "player.example.com", "ladder", List.of(Map.of("resolution", 360))), "allowedOrigin"));
    // go-live
    cases.add(new Case("go-live", "no streamName", vars("streamTimeout", 3000), "streamName"));
    cases.add(new Case("go-live", "streamName an object", vars("streamName", Map.of("a", 1), "streamTimeout", 3000), "streamName"));
    cases.add(new Case("go-live", "dvr not an object", vars("streamName", "show", "dvr", "yes", "streamTimeout", 3000), "dvr"));
    cases.add(new Case("go-live", "dvr destination without keys", vars("streamName", "show", "streamTimeout", 3000,
        "dvr", Map.of("enabled", 1, "destination", Map.of("url", "s3://recordings/shows"))), "dvr.destination"));
    cases.add(new Case("go-live", "dvr format unknown", vars("streamName", "show", "streamTimeout", 3000,
        "dvr", Map.of("enabled", 1, "format", List.of("mkv"), "destination",
            Map.of("url", "s3://recordings/shows", "access_key", ACCESS_KEY, "secret_key", SECRET_KEY))), "dvr.format"));
    cases.add(new Case("go-live", "dvr destinations without keys", vars("streamName", "show", "streamTimeout", 3000,
        "dvr", Map.of("enabled", 1, "destination", List.of(Map.of("url", "s3://recordings/a"), Map.of("url", "s3://recordings/b")))),
        "dvr.destination[1]"));
    cases.add(new Case("go-live", "dvr destination with the access key only", vars("streamName", "show", "streamTimeout", 3000,
        "dvr", Map.of("enabled", 1, "destination", Map.of("url", "s3://recordings/shows", "access_key", ACCESS_KEY))),
        "dvr.destination"));
    cases.add(new Case("go-live", "dvr keys named like simulcast keys", vars("streamName", "show", "streamTimeout", 3000,
        "dvr", Map.of("enabled", 1, "destination", Map.of("url", "s3://recordings/shows", "accessKey", ACCESS_KEY, "secretKey", SECRET_KEY))),
        "dvr.destination"));
    cases.add(new Case("go-live", "dvr to an ftp destination without credentials (usable)", vars("streamName", "show", "streamTimeout", 3000,
        "dvr", Map.of("enabled", 1, "destination", Map.of("url", "ftp://recordings.example.com/shows"))), null));
    cases.add(new Case("go-live", "dvr to a b2 destination without keys (usable)", vars("streamName", "show", "streamTimeout", 3000,
        "dvr", Map.of("enabled", 1, "destination", Map.of("url", "b2://recordings/shows"))), null));
    cases.add(new Case("go-live", "dvr to an azblob destination without keys (usable)", vars("streamName", "show", "streamTimeout", 3000,
        "dvr", Map.of("enabled", true, "destination", Map.of("url", "azblob://recordings/shows"))), null));
    cases.add(new Case("go-live", "simulcastTargets not a list", vars("streamName", "show", "streamTimeout", 3000,
        "simulcastTargets", "rtmp://a.rtmp.youtube.com/live2"), "simulcastTargets"));
    cases.add(new Case("go-live", "simulcastTargets entry without key", vars("streamName", "show", "streamTimeout", 3000,
        "simulcastTargets", List.of(Map.of("url", "rtmp://a.rtmp.youtube.com/live2", "streamKey", "k1"),
            Map.of("url", "rtmp://b.example.com/live"))), "simulcastTargets[1].streamKey"));
    cases.add(new Case("go-live", "simulcastTargets entry with a bad url", vars("streamName", "show", "streamTimeout", 3000,
        "simulcastTargets", List.of(Map.of("url", "http://b.example.com/live", "streamKey", "k2"))), "simulcastTargets[0].url"));
    cases.add(new Case("go-live", "streamTimeout a word", vars("streamName", "show", "streamTimeout", "long"), "streamTimeout"));
    cases.add(new Case("go-live", "streamTimeout zero", vars("streamName", "show", "streamTimeout", 0), "streamTimeout"));
    cases.add(new Case("go-live", "inputFormat unknown", vars("streamName", "show", "streamTimeout", 3000, "inputFormat", "hdmi"), "inputFormat"));
    cases.add(new Case("go-live", "playbackPolicy unknown", vars("streamName", "show", "streamTimeout", 3000, "playbackPolicy", "secret"), "playbackPolicy"));
    cases.add(new Case("go-live", "playbackPolicy a number", vars("streamName", "show", "streamTimeout", 3000, "playbackPolicy", 1), "playbackPolicy"));
    cases.add(new Case("go-live", "goLiveTimeout a word", vars("streamName", "show", "streamTimeout", 3000, "goLiveTimeout", "ten minutes"), "goLiveTimeout"));
    cases.add(new Case("go-live", "goLiveTimeout a number", vars("streamName", "show", "streamTimeout", 3000, "goLiveTimeout", 600), "goLiveTimeout"));
    cases.add(new Case("go-live", "playbackDomain not a domain", vars("streamName", "show", "streamTimeout", 3000, "playbackDomain", "live"), "playbackDomain"));
    cases.add(new Case("go-live", "callbackUrl not a URL", vars("streamName", "show", "streamTimeout", 3000, "callbackUrl", "somewhere"), "callbackUrl"));
    // custom-domain-tls
    cases.add(new Case("custom-domain-tls", "no domainName", vars("type", "live"), "domainName"));
    cases.add(new Case("custom-domain-tls", "domainName not a domain", vars("domainName", "not a domain", "type", "live"), "domainName"));
    cases.add(new Case("custom-domain-tls", "no type", vars("domainName", unique("video")), "type"));
    cases.add(new Case("custom-domain-tls", "type unknown", vars("domainName", unique("video"), "type", "cdn"), "type"));
    cases.add(new Case("custom-domain-tls", "vod without bucketName", vars("domainName", unique("video"), "type", "vod"), "bucketName"));
    cases.add(new Case("custom-domain-tls", "verificationTimeout a word",
        vars("domainName", unique("video"), "type", "live", "verificationTimeout", "a day"), "verificationTimeout"));
    cases.add(new Case("custom-domain-tls", "verificationTimeout a number",
        vars("domainName", unique("video"), "type", "live", "verificationTimeout", 60), "verificationTimeout"));
    // protected-publishing
    cases.add(new Case("protected-publishing", "no bucketName", vars("paths", List.of("a.m3u8")), "bucketName"));
    cases.add(new Case("protected-publishing", "bucketName a number", vars("bucketName", Map.of("name", "media")), "bucketName"));
    cases.add(new Case("protected-publishing", "paths not a list", vars("bucketName", bucket + "-p1", "paths", "a/b.m3u8"), "paths"));
    cases.add(new Case("protected-publishing", "paths of numbers", vars("bucketName", bucket + "-p2", "paths", List.of(1, 2)), null));
    cases.add(new Case("protected-publishing", "tokenLifetime a word",
        vars("bucketName", bucket + "-p3", "paths", List.of("a.m3u8"), "tokenLifetime", "a day"), "tokenLifetime"));
    cases.add(new Case("protected-publishing", "allowedOrigin a number", vars("bucketName", bucket + "-p4", "allowedOrigin", 7), "allowedOrigin"));
    cases.add(new Case("protected-publishing", "domainName a number",
        vars("bucketName", bucket + "-p5", "paths", List.of("a.m3u8"), "domainName", Map.of("name", "video.example.com")), "domainName"));
    return cases;
  }

  @Test
  void everyBadVariableStopsAtAnIncidentThatNamesIt() {
    var started = new LinkedHashMap<Long, Case>();
    for (Case c : cases()) {
      started.put(start(c.process(), c.variables()), c);
    }
    var outcomes = new LinkedHashMap<Long, String>();
    long deadline = System.nanoTime() + SILENCE.toNanos();
    while (outcomes.size() < started.size() && System.nanoTime() < deadline) {
      for (var entry : started.entrySet()) {
        if (!outcomes.containsKey(entry.getKey())) {
          outcome(entry.getKey()).ifPresentOrElse(o -> outcomes.put(entry.getKey(), o), () -> work(entry.getKey()));
        }
      }
      sleep(Duration.ofMillis(200));
    }
    var report = new ArrayList<String>();
    var wrong = new ArrayList<String>();
    for (var entry : started.entrySet()) {
      Case c = entry.getValue();
      String outcome = outcomes.getOrDefault(entry.getKey(), "SILENT: " + instance(entry.getKey()).whereItIs());
      boolean right = c.named() == null ? outcome.equals("completed") : outcome.startsWith("incident") && mentions(outcome, c.named());
      String line = c.process() + " / " + c.what() + " -> " + outcome;
      report.add((right ? "ok    " : "WRONG ") + line);
      if (!right) {
        wrong.add(line + " (expected " + (c.named() == null ? "completion" : "an incident naming " + c.named()) + ")");
      }
    }
    System.out.println(String.join("\n", report));
    assertThat(wrong).as(String.join("\n", report)).isEmpty();
  }

  /**
   * The message says what is wrong with the variable, as {@code name: rule} or {@code name[1].field: rule}; quoting an
   * expression that merely uses the variable is not enough.
   */
  private static boolean mentions(String message, String name) {
    return Pattern.compile("(?<![\\w.\\[])" + Pattern.quote(name) + "(\\[\\d+]|\\.[\\w-]+)*: ").matcher(message).find();
  }

  private Optional<String> outcome(long key) {
    var records = records();
    // A called process (protected-publishing from transcode-with-approval) stops in an instance of its own.
    var instances = StreamSupport.stream(records.processInstanceRecords().spliterator(), false)
        .filter(r -> r.getValue().getProcessInstanceKey() == key || r.getValue().getParentProcessInstanceKey() == key)
        .map(r -> r.getValue().getProcessInstanceKey())
        .collect(java.util.stream.Collectors.toSet());
    var incident = stable(() -> StreamSupport.stream(records.incidentRecords().spliterator(), false)
        .filter(r -> r.getIntent() == IncidentIntent.CREATED && instances.contains(r.getValue().getProcessInstanceKey()))
        .map(Record::getValue)
        .findFirst());
    if (incident.isPresent()) {
      return Optional.of("incident at " + incident.get().getElementId() + " (" + incident.get().getErrorType() + "): "
          + incident.get().getErrorMessage());
    }
    return instance(key).isActiveNow() ? Optional.empty() : Optional.of("completed");
  }

  /** Works the instance's open user tasks the way its people would, so the process goes as far as it can. */
  private void work(long key) {
    for (ActivatedJob task : userTasks.list()) {
      if (task.getProcessInstanceKey() != key) {
        continue;
      }
      String name = describeTask(task).path("name").asText();
      switch (name) {
        case "Review renditions" -> completeUserTask(task, Map.of("approved", true));
        case "Start your encoder" -> {
          String streamId = describeTask(task).path("variables").path("streamId").asText();
          post("/sandbox/live-streams/" + streamId + "/ingest", Map.of("action", "start"));
          completeUserTask(task, Map.of());
        }
        case "End the broadcast" -> completeUserTask(task, Map.of());
        case "Create the DNS record" -> completeUserTask(task, Map.of("dnsRecordCreated", true));
        case "Resolve the failed verification" -> completeUserTask(task, Map.of("decision", "give-up"));
        case "Decide on the failed job" -> completeUserTask(task, Map.of("decision", "give-up"));
        default -> { }
      }
    }
  }

  private static String unique(String prefix) {
    return prefix + "-" + UUID.randomUUID().toString().substring(0, 8) + ".example.com";
  }

  private static Map<String, Object> vars(Object... keysAndValues) {
    var map = new HashMap<String, Object>();
    for (int i = 0; i < keysAndValues.length; i += 2) {
      map.put((String) keysAndValues[i], keysAndValues[i + 1]);
    }
    return map;
  }
}
