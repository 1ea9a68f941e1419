package io.mediaflow;

import static org.assertj.core.api.Assertions.assertThat;

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
import org.awaitility.Awaitility;
import org.awaitility.core.ConditionTimeoutException;
import org.junit.jupiter.api.Test;

/**
 * No silent stops: every process started with a bad variable either goes on (the value was usable)
 * or stops at an incident whose message names the variable the caller gave, never at a wait nobody
 * can see. Each case starts an instance; the open user tasks are worked as a person would (approve,
 * start the encoder, report the record), so a variable read late in the process is reached too.
 */
class BadVariablesTest extends MediaflowTest {

  static final String ACCESS_KEY = "AKIAIOSFODNN7EXAMPLE";
  static final String SECRET_KEY = "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY";

  /**
   * How long the instances may run before one that has neither completed nor an incident counts as
   * a silent stop; generous, since all of them run at once, and the test ends as soon as every
   * instance has an outcome.
   */
  static final Duration SILENCE = Duration.ofSeconds(90);

  static final String TRANSCODE = "transcode-with-approval";
  static final String GO_LIVE = "go-live";
  static final String CUSTOM_DOMAIN = "custom-domain-tls";
  static final String PUBLISHING = "protected-publishing";

  /**
   * One start with a bad variable, and the variable its incident must name (null: usable, the
   * instance must end).
   */
  record Case(String process, String what, Map<String, Object> variables, String named) {}

  private List<Case> cases() {
    var oneRendition = List.of(Map.of("resolution", 360));
    var dvrKeys = Map.of("access_key", ACCESS_KEY, "secret_key", SECRET_KEY);
    return List.of(
        new Case(TRANSCODE, "no source", Map.of(), "source"),
        transcode("source an object", "source", "source", Map.of("url", sample())),
        transcode("source a list", "source", "source", List.of(sample())),
        transcode("ladder not a list", "ladder", "ladder", "720p"),
        transcode("ladder empty", "ladder", "ladder", List.of()),
        transcode("ladder entry not an object", "ladder[0]", "ladder", List.of(720)),
        transcode(
            "ladder resolution a word",
            "ladder[1].resolution",
            "ladder",
            List.of(Map.of("resolution", 720), Map.of("resolution", "high"))),
        transcode(
            "ladder resolution negative",
            "ladder[1].resolution",
            "ladder",
            List.of(Map.of("resolution", 720), Map.of("resolution", -360))),
        transcode("pollSeconds a word", "pollSeconds", "pollSeconds", "x"),
        transcode("pollSeconds negative", "pollSeconds", "pollSeconds", -5),
        transcode("pollSeconds a list", "pollSeconds", "pollSeconds", List.of(5)),
        transcode("jobTimeout a word", "jobTimeout", "jobTimeout", "soon", "ladder", oneRendition),
        transcode("jobTimeout a number", "jobTimeout", "jobTimeout", 3600, "ladder", oneRendition),
        transcode(
            "publishBucket a number", "publishBucket", "publishBucket", 42, "ladder", oneRendition),
        transcode(
            "publishBucket not a bucket name",
            "publishBucket",
            "publishBucket",
            "Not A Bucket",
            "ladder",
            oneRendition),
        transcode(
            "allowedOrigin a number",
            "allowedOrigin",
            "publishBucket",
            bucket(),
            "allowedOrigin",
            7,
            "ladder",
            oneRendition),
        transcode(
            "allowedOrigin not an origin",
            "allowedOrigin",
            "publishBucket",
            bucket(),
            "allowedOrigin",
            "player.example.com",
            "ladder",
            oneRendition),
        new Case(GO_LIVE, "no streamName", Map.of(), "streamName"),
        goLive("streamName an object", "streamName", "streamName", Map.of("a", 1)),
        goLive("dvr not an object", "dvr", "dvr", "yes"),
        goLive(
            "dvr destination without keys",
            "dvr.destination",
            "dvr",
            Map.of("enabled", 1, "destination", Map.of("url", "s3://recordings/shows"))),
        goLive(
            "dvr destinations without keys",
            "dvr.destination[1]",
            "dvr",
            Map.of(
                "enabled",
                1,
                "destination",
                List.of(Map.of("url", "s3://recordings/a"), Map.of("url", "s3://recordings/b")))),
        goLive(
            "dvr destination with the access key only",
            "dvr.destination",
            "dvr",
            Map.of(
                "enabled",
                1,
                "destination",
                Map.of("url", "s3://recordings/shows", "access_key", ACCESS_KEY))),
        goLive(
            "dvr keys named like simulcast keys",
            "dvr.destination",
            "dvr",
            Map.of(
                "enabled",
                1,
                "destination",
                Map.of(
                    "url",
                    "s3://recordings/shows",
                    "accessKey",
                    ACCESS_KEY,
                    "secretKey",
                    SECRET_KEY))),
        goLive(
            "dvr format unknown",
            "dvr.format",
            "dvr",
            Map.of(
                "enabled",
                1,
                "format",
                List.of("mkv"),
                "destination",
                with(dvrKeys, "url", "s3://recordings/shows"))),
        goLive(
            "dvr to ftp:// without credentials (usable)",
            null,
            "dvr",
            Map.of(
                "enabled", 1, "destination", Map.of("url", "ftp://recordings.example.com/shows"))),
        goLive(
            "dvr to b2:// without keys (usable)",
            null,
            "dvr",
            Map.of("enabled", 1, "destination", Map.of("url", "b2://recordings/shows"))),
        goLive(
            "dvr to azblob:// without keys (usable)",
            null,
            "dvr",
            Map.of("enabled", true, "destination", Map.of("url", "azblob://recordings/shows"))),
        goLive(
            "simulcastTargets not a list",
            "simulcastTargets",
            "simulcastTargets",
            "rtmp://a.rtmp.youtube.com/live2"),
        goLive(
            "simulcastTargets entry without key",
            "simulcastTargets[1].streamKey",
            "simulcastTargets",
            List.of(
                Map.of("url", "rtmp://a.rtmp.youtube.com/live2", "streamKey", "k1"),
                Map.of("url", "rtmp://b.example.com/live"))),
        goLive(
            "simulcastTargets entry with a bad url",
            "simulcastTargets[0].url",
            "simulcastTargets",
            List.of(Map.of("url", "http://b.example.com/live", "streamKey", "k2"))),
        goLive("streamTimeout a word", "streamTimeout", "streamTimeout", "long"),
        goLive("streamTimeout zero", "streamTimeout", "streamTimeout", 0),
        goLive("inputFormat unknown", "inputFormat", "inputFormat", "hdmi"),
        goLive("playbackPolicy unknown", "playbackPolicy", "playbackPolicy", "secret"),
        goLive("playbackPolicy a number", "playbackPolicy", "playbackPolicy", 1),
        goLive("goLiveTimeout a word", "goLiveTimeout", "goLiveTimeout", "ten minutes"),
        goLive("goLiveTimeout a number", "goLiveTimeout", "goLiveTimeout", 600),
        goLive("playbackDomain not a domain", "playbackDomain", "playbackDomain", "live"),
        goLive("callbackUrl not a URL", "callbackUrl", "callbackUrl", "somewhere"),
        new Case(CUSTOM_DOMAIN, "no domainName", Map.of("type", "live"), "domainName"),
        customDomain("domainName not a domain", "domainName", "domainName", "not a domain"),
        new Case(CUSTOM_DOMAIN, "no type", Map.of("domainName", domain()), "type"),
        customDomain("type unknown", "type", "type", "cdn"),
        customDomain("vod without bucketName", "bucketName", "type", "vod"),
        customDomain(
            "verificationTimeout a word", "verificationTimeout", "verificationTimeout", "a day"),
        customDomain(
            "verificationTimeout a number", "verificationTimeout", "verificationTimeout", 60),
        new Case(PUBLISHING, "no bucketName", Map.of("paths", List.of("a.m3u8")), "bucketName"),
        publishing("bucketName an object", "bucketName", "bucketName", Map.of("name", "media")),
        publishing("paths not a list", "paths", "paths", "a/b.m3u8"),
        publishing("paths of numbers", "paths", "paths", List.of(1, 2)),
        new Case(
            PUBLISHING,
            "pathsToSign not a list",
            Map.of("bucketName", bucket(), "pathsToSign", "a.m3u8"),
            "pathsToSign"),
        publishing("tokenLifetime a word", "tokenLifetime", "tokenLifetime", "a day"),
        publishing("allowedOrigin a number", "allowedOrigin", "allowedOrigin", 7),
        publishing("checkTimeout a word", "checkTimeout", "checkTimeout", "soon"),
        publishing(
            "domainName an object",
            "domainName",
            "domainName",
            Map.of("name", "video.example.com")));
  }

  private Case transcode(String what, String named, Object... variables) {
    return new Case(TRANSCODE, what, with(Map.of("source", sample()), variables), named);
  }

  /** A clip that encodes in a moment. */
  private static String sample() {
    return baseUrl() + "/sandbox/samples/bars.mp4";
  }

  /**
   * A stream the service never stops for lack of input during the test (3000 s at time scale 0.01).
   */
  private static Case goLive(String what, String named, Object... variables) {
    return new Case(
        GO_LIVE, what, with(Map.of("streamName", "show", "streamTimeout", 3000), variables), named);
  }

  private static Case customDomain(String what, String named, Object... variables) {
    return new Case(
        CUSTOM_DOMAIN,
        what,
        with(Map.of("domainName", domain(), "type", "live"), variables),
        named);
  }

  private static Case publishing(String what, String named, Object... variables) {
    return new Case(
        PUBLISHING,
        what,
        with(Map.of("bucketName", bucket(), "paths", List.of("a.m3u8")), variables),
        named);
  }

  @Test
  void noBadVariableStopsAnInstanceSilently() {
    var started = new LinkedHashMap<Long, Case>();
    for (Case c : cases()) {
      started.put(start(c.process(), c.variables()), c);
    }
    var outcomes = new LinkedHashMap<Long, String>();
    try {
      Awaitility.await("an outcome for every case")
          .atMost(SILENCE)
          .pollInterval(Duration.ofMillis(200))
          .until(
              () -> {
                for (var entry : started.entrySet()) {
                  if (!outcomes.containsKey(entry.getKey())) {
                    outcome(entry.getKey())
                        .ifPresentOrElse(
                            o -> outcomes.put(entry.getKey(), o), () -> work(entry.getKey()));
                  }
                }
                return outcomes.size() == started.size();
              });
    } catch (ConditionTimeoutException silence) {
      // The instances without an outcome are reported below, each with where it stands.
    }
    var report = new ArrayList<String>();
    var wrong = new ArrayList<String>();
    for (var entry : started.entrySet()) {
      Case c = entry.getValue();
      String outcome =
          outcomes.getOrDefault(entry.getKey(), "SILENT: " + instance(entry.getKey()).whereItIs());
      boolean right =
          c.named() == null
              ? outcome.equals("ended")
              : outcome.startsWith("incident") && mentions(outcome, c.named());
      String line = c.process() + " / " + c.what() + " -> " + outcome;
      report.add((right ? "ok    " : "WRONG ") + line);
      if (!right) {
        wrong.add(
            line
                + " (expected "
                + (c.named() == null ? "the instance to end" : "an incident naming " + c.named())
                + ")");
      }
    }
    System.out.println(String.join("\n", report));
    assertThat(wrong).as(String.join("\n", report)).isEmpty();
  }

  /**
   * The message says what is wrong with the variable, as {@code name: rule} or {@code
   * name[1].field: rule}; quoting an expression that merely uses the variable is not enough.
   */
  private static boolean mentions(String message, String name) {
    return Pattern.compile("(?<![\\w.\\[])" + Pattern.quote(name) + "(\\[\\d+]|\\.[\\w-]+)*: ")
        .matcher(message)
        .find();
  }

  private Optional<String> outcome(long key) {
    var records = records();
    // A called process (protected-publishing from transcode-with-approval) stops in an instance of
    // its own.
    var instances =
        StreamSupport.stream(records.processInstanceRecords().spliterator(), false)
            .filter(
                r ->
                    r.getValue().getProcessInstanceKey() == key
                        || r.getValue().getParentProcessInstanceKey() == key)
            .map(r -> r.getValue().getProcessInstanceKey())
            .collect(java.util.stream.Collectors.toSet());
    var incident =
        StreamSupport.stream(records.incidentRecords().spliterator(), false)
            .filter(
                r ->
                    r.getIntent() == IncidentIntent.CREATED
                        && instances.contains(r.getValue().getProcessInstanceKey()))
            .map(Record::getValue)
            .findFirst();
    if (incident.isPresent()) {
      return Optional.of(
          "incident at "
              + incident.get().getElementId()
              + " ("
              + incident.get().getErrorType()
              + "): "
              + incident.get().getErrorMessage());
    }
    return instance(key).isActiveNow() ? Optional.empty() : Optional.of("ended");
  }

  /**
   * Works the instance's open user tasks the way its people would, so the process goes as far as it
   * can.
   */
  private void work(long key) {
    for (UserTask task : openUserTasks(Map.of("processInstanceKey", Long.toString(key)))) {
      switch (task.name()) {
        case "Review renditions" -> completeUserTask(task, Map.of("approved", true));
        case "Start your encoder" -> {
          String streamId = describeTask(task).path("variables").path("streamId").asText();
          post("/sandbox/live-streams/" + streamId + "/ingest", Map.of("action", "start"));
          completeUserTask(task, Map.of());
        }
        case "End the broadcast" -> completeUserTask(task, Map.of());
        case "Create the DNS record" -> completeUserTask(task, Map.of("dnsRecordCreated", true));
        case "Resolve the failed verification" ->
            completeUserTask(task, Map.of("decision", "give-up"));
        case "Decide on the failed job" -> completeUserTask(task, Map.of("decision", "give-up"));
        case "Resolve the unproven publishing" ->
            completeUserTask(task, Map.of("decision", "abandon"));
        default -> {}
      }
    }
  }

  private static String domain() {
    return "video-" + UUID.randomUUID().toString().substring(0, 8) + ".example.com";
  }

  private static String bucket() {
    return "bad-vars-" + UUID.randomUUID().toString().substring(0, 8);
  }

  /** The base variables with some replaced or added. */
  private static Map<String, Object> with(Map<String, ?> base, Object... keysAndValues) {
    var variables = new HashMap<String, Object>(base);
    for (int i = 0; i < keysAndValues.length; i += 2) {
      variables.put((String) keysAndValues[i], keysAndValues[i + 1]);
    }
    return variables;
  }
}
