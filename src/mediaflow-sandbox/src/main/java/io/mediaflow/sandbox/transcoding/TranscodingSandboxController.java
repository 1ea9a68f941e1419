package io.mediaflow.sandbox.transcoding;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.mediaflow.sandbox.SandboxProfile;
import io.mediaflow.sandbox.SandboxProperties;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * The transcoding API (document 3) at {@code /sandbox/transcoding}: form-encoded POSTs, JSON
 * answers with {@code error} 0 on success and the service's error codes otherwise (HTTP 200 either
 * way). The master hosts that {@code status_url} points at are {@code
 * /sandbox/transcoding/master/<n>}: a job is handed to another one at every stage, so only the last
 * {@code status_url} returned reads the complete status.
 */
@RestController
@RequestMapping("/sandbox/transcoding")
class TranscodingSandboxController {

  private final SessionTokens sessions;
  private final Tasks tasks;
  private final JobLauncher launcher;
  private final PresetJobs presets;
  private final SandboxProperties sandbox;
  private final ObjectMapper json;
  private final SandboxProfile profile;

  TranscodingSandboxController(
      SessionTokens sessions,
      Tasks tasks,
      JobLauncher launcher,
      PresetJobs presets,
      SandboxProperties sandbox,
      ObjectMapper json,
      SandboxProfile profile) {
    this.profile = profile;
    this.sessions = sessions;
    this.tasks = tasks;
    this.launcher = launcher;
    this.presets = presets;
    this.sandbox = sandbox;
    this.json = json;
  }

  @PostMapping("/v1/access_token")
  Map<String, Object> accessToken(@RequestParam(name = "api_key", required = false) String apiKey) {
    SessionTokens.Issued issued = sessions.issue(apiKey);
    return ok("token", issued.token(), "expire", issued.expire());
  }

  /**
   * {@code upload_url} is the TUS endpoint, as the service answers it; clients upload to {@code
   * {upload_url}/{task_token}}.
   */
  @PostMapping("/v1/create_task")
  Map<String, Object> createTask(@RequestParam(name = "token", required = false) String token) {
    sessions.check(token);
    Tasks.Task task = tasks.create();
    return ok(
        "upload_url", sandbox.publicUrl() + "/upload/v1/upload_file", "task_token", task.token());
  }

  @PostMapping("/v1/start_encode2")
  Map<String, Object> startEncode2(
      @RequestParam(name = "task_token", required = false) String taskToken,
      @RequestParam(name = "query", required = false) String query,
      @RequestParam(name = "payload", required = false) String payload) {
    Tasks.Task task = tasks.forStart(taskToken);
    QueryValidator.checkPayload(payload);
    var started = new JobQuery(QueryValidator.query(query, json), payload, List.of());
    return ok("status_url", launcher.launch(task, started).statusUrl());
  }

  /**
   * Preset jobs. Besides the documented fields, {@code payload} and {@code callback_url} are
   * accepted as in a custom job (the document does not list the further fields).
   */
  @PostMapping("/v1/start_encode")
  Map<String, Object> startEncode(
      @RequestParam(name = "task_token", required = false) String taskToken,
      @RequestParam(name = "uri", required = false) String uri,
      @RequestParam(name = "stitch", required = false) String stitch,
      @RequestParam(name = "profiles", required = false) String profiles,
      @RequestParam(name = "transfer_method", required = false) String transferMethod,
      @RequestParam(name = "output_path_variables", required = false) String outputPathVariables,
      @RequestParam(name = "subtitles", required = false) String subtitles,
      @RequestParam(name = "payload", required = false) String payload,
      @RequestParam(name = "callback_url", required = false) String callbackUrl) {
    Tasks.Task task = tasks.forStart(taskToken);
    QueryValidator.checkPayload(payload);
    JobQuery started =
        presets.query(
            new PresetJobs.Form(
                uri,
                stitch,
                profiles,
                transferMethod,
                outputPathVariables,
                subtitles,
                payload,
                callbackUrl));
    return ok("status_url", launcher.launch(task, started).statusUrl());
  }

  /**
   * The basic status: state and progress (see {@link Job#status}), with the current {@code
   * status_url}.
   */
  @PostMapping("/v1/status")
  Map<String, Object> status(
      @RequestParam(name = "task_tokens", required = false) String taskTokens) {
    return statuses(taskTokens, null);
  }

  /**
   * The complete status, with outputs and warnings, from master host {@code host}: the address
   * given as {@code status_url}. A host that has handed a job on no longer knows it.
   */
  @PostMapping("/master/{host}/v1/status")
  Map<String, Object> masterStatus(
      @PathVariable int host,
      @RequestParam(name = "task_tokens", required = false) String taskTokens) {
    return statuses(taskTokens, host);
  }

  /**
   * @param master the master host asked, null for the main host
   */
  private Map<String, Object> statuses(String taskTokens, Integer master) {
    var statuses = new LinkedHashMap<String, Object>();
    for (String token : tokens(taskTokens)) {
      Tasks.Task task =
          tasks
              .find(token)
              .orElseThrow(
                  () ->
                      new TranscodingApiError(
                          TranscodingApiError.OUT_OF_RANGE,
                          "Field 'task_tokens': task token " + token + " is unknown."));
      Optional<Job> job = task.job();
      if (master != null && job.isPresent() && !job.get().heldBy(master)) {
        throw new HandedOn(token);
      }
      Map<String, Object> status =
          job.map(started -> started.status(master != null)).orElseGet(() -> notStarted(token));
      if (master != null
          && "completed".equals(status.get("status"))
          && profile.varies(SandboxProfile.MASTER_TIMEOUT_AT_COMPLETION)
          && timedOutAtCompletion.add(token)) {
        throw new MasterTimedOut(token);
      }
      if (profile.varies(SandboxProfile.STATUS_WORDS_OUTSIDE_FIVE)) {
        status.computeIfPresent(
            "status", (name, word) -> OTHER_WORDS.getOrDefault(word.toString(), word.toString()));
      }
      statuses.put(token, status);
    }
    return ok("statuses", statuses);
  }

  /**
   * Variation {@code status-words-outside-five}: the words a service could use for the running
   * stages instead of the documented ones; {@code completed} stays, as the end a client must see.
   */
  private static final Map<String, String> OTHER_WORDS =
      Map.of(
          "downloading", "fetching",
          "queued", "pending",
          "encoding", "processing",
          "saving", "uploading");

  /** Variation {@code master-timeout-at-completion}: the jobs whose master has failed once. */
  private final Set<String> timedOutAtCompletion = ConcurrentHashMap.newKeySet();

  /**
   * A master host that fails as a timed-out one does when asked about a job that has just completed
   * (variation {@code master-timeout-at-completion}).
   */
  static final class MasterTimedOut extends RuntimeException {
    MasterTimedOut(String taskToken) {
      super("The master host timed out reading task " + taskToken + ".");
    }
  }

  /** A master host asked for a job it has handed on: it answers as an unavailable host would. */
  static final class HandedOn extends RuntimeException {
    HandedOn(String taskToken) {
      super(
          "This master no longer holds task "
              + taskToken
              + "; the main host's status names the current status_url.");
    }
  }

  /**
   * {@code task_tokens}: one token or several separated by commas. A JSON array, an empty element
   * or a malformed token fails validation (13).
   */
  private static List<String> tokens(String taskTokens) {
    if (taskTokens == null || taskTokens.isBlank()) {
      throw TranscodingApiError.required("task_tokens");
    }
    if (taskTokens.strip().startsWith("[")) {
      throw new TranscodingApiError(
          TranscodingApiError.BAD_TOKENS,
          "Field 'task_tokens' failed validation: give one token or several separated by commas, not a JSON array.");
    }
    var tokens = new ArrayList<String>();
    for (String part : taskTokens.split(",", -1)) {
      String token = part.strip();
      if (!Tokens.wellFormed(token)) {
        throw new TranscodingApiError(
            TranscodingApiError.BAD_TOKENS,
            "Field 'task_tokens' failed validation: '"
                + token
                + "' is not a task token (32 hexadecimal characters).");
      }
      if (!tokens.contains(token)) {
        tokens.add(token);
      }
    }
    return tokens;
  }

  /**
   * A created task that was never started: no documented state fits, so it reports {@code created},
   * or (variation unstarted-task-is-error-21) it is refused as a token the status list does not
   * hold.
   */
  private Map<String, Object> notStarted(String token) {
    if (profile.unstartedTaskIsAnError()) {
      throw new TranscodingApiError(
          TranscodingApiError.OUT_OF_RANGE, "Field 'task_tokens': task " + token + " has no job.");
    }
    var status = new LinkedHashMap<String, Object>();
    status.put("status", "created");
    status.put("status_url", tasks.statusUrl(Job.FIRST_MASTER));
    status.put("percent", 0);
    status.put("error", 0);
    return status;
  }

  private static Map<String, Object> ok(Object... fields) {
    var body = new LinkedHashMap<String, Object>();
    body.put("error", 0);
    for (int i = 0; i < fields.length; i += 2) {
      body.put((String) fields[i], fields[i + 1]);
    }
    return body;
  }
}
