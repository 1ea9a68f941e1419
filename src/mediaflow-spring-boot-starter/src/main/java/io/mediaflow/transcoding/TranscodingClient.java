package io.mediaflow.transcoding;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import io.mediaflow.api.ApiException;
import io.mediaflow.api.ApiJson;
import io.mediaflow.api.InvalidRequestException;
import io.mediaflow.api.internal.AccessTokenCache;
import io.mediaflow.api.internal.AccessTokenCache.AccessToken;
import io.mediaflow.api.internal.ApiHttp;
import io.mediaflow.api.internal.Constraints;
import io.mediaflow.api.internal.Rules;
import io.mediaflow.observability.internal.MediaflowMetrics;
import io.mediaflow.transcoding.query.Query;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;
import okhttp3.FormBody;
import okhttp3.HttpUrl;
import okhttp3.OkHttpClient;
import okhttp3.Request;

/**
 * The transcoding API (document 3): session token, tasks, TUS upload, custom and preset jobs,
 * status. Every request is checked against the documented rules before it is sent: a job's request
 * record ({@link StartEncode2}, {@link StartEncode}) carries them, and the worker of its operation
 * reads the same record from a job's variables; every error code becomes a typed {@link
 * ApiException} (see {@link TranscodingError}).
 */
public class TranscodingClient {

  /** The API's name in metrics. */
  private static final String API = "transcoding";

  private static final DateTimeFormatter EXPIRE =
      DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss");

  private final TranscodingProperties properties;
  private final ApiHttp http;
  private final TusUpload tus;
  private final AccessTokenCache sessionTokens;
  private final Clock clock;

  public TranscodingClient(TranscodingProperties properties, OkHttpClient okHttp, Clock clock) {
    this(properties, okHttp, clock, MediaflowMetrics.NONE);
  }

  /** As configured by the starter: its calls and session tokens counted in {@code metrics}. */
  TranscodingClient(
      TranscodingProperties properties,
      OkHttpClient okHttp,
      Clock clock,
      MediaflowMetrics metrics) {
    this.properties = properties;
    this.clock = clock;
    OkHttpClient client = okHttp.newBuilder().callTimeout(properties.timeout()).build();
    this.http = new ApiHttp(client, API, metrics);
    this.tus = new TusUpload(client, properties.uploadChunkSize());
    this.sessionTokens =
        new AccessTokenCache(
            this::fetchSessionToken, properties.renewTokenBefore(), clock, API, metrics);
  }

  /**
   * Fetches a session token ({@code POST /v1/access_token}) and drops it: whether the service
   * answers and accepts the API key, for a health check.
   */
  public void verifyCredentials() {
    sessionTokens.verify();
  }

  /** {@code POST /v1/create_task}: a new task, with the session token cached across calls. */
  public Task createTask() {
    JsonNode answer =
        withSessionToken(
            token ->
                post(endpoint("/v1/create_task"), "POST /v1/create_task", Map.of("token", token)));
    return ApiJson.MAPPER.convertValue(answer, Task.class);
  }

  /**
   * TUS upload of a local file to {@code {upload_url}/{task_token}} (the service's {@code
   * upload_url} is the whole endpoint, {@code https://<upload host>/v1/upload_file}; a bare host
   * gets that path added); answers the job source {@code tus:<file_uuid>}.
   */
  public String uploadFile(Task task, Path file) {
    return tus.upload(task.uploadUrl(), task.taskToken(), file);
  }

  /** {@code POST /v1/start_encode2}: a custom job. */
  public StartedJob startEncode2(StartEncode2 request) {
    // The query's fields are named as document 3 names them (format[0].quality), not below the
    // field that holds it: it is checked on its own, not through the request's record.
    Query query = request.query();
    new Rules()
        .addAll(Constraints.violations(request))
        .addAll(query == null ? java.util.List.of() : Constraints.violations(query))
        .throwIfBroken();
    var fields = new LinkedHashMap<String, String>();
    fields.put("task_token", request.taskToken());
    fields.put("query", json(Map.of("query", query)));
    if (request.payload() != null) {
      fields.put("payload", request.payload());
    }
    JsonNode answer = post(endpoint("/v1/start_encode2"), "POST /v1/start_encode2", fields);
    return new StartedJob(request.taskToken(), answer.path("status_url").asText(null));
  }

  /** {@code POST /v1/start_encode}: a job from the account's transcoding profiles. */
  public StartedJob startEncode(StartEncode job) {
    boolean hasUri = job.uri() != null && !job.uri().isBlank();
    boolean hasStitch = job.stitch() != null && !job.stitch().isEmpty();
    new Rules()
        .addAll(Constraints.violations(job))
        .require(hasUri != hasStitch, "uri/stitch", "exactly one of uri and stitch must be given")
        .throwIfBroken();
    String taskToken = job.taskToken();
    var fields = new LinkedHashMap<String, String>();
    fields.put("task_token", taskToken);
    if (hasUri) {
      fields.put("uri", job.uri());
    } else {
      fields.put("stitch", json(job.stitch()));
    }
    // No document shows the form of several ids: the separator is configuration (docs/plugin.md).
    fields.put("profiles", String.join(properties.profilesSeparator(), job.profiles()));
    if (job.transferMethod() != null) {
      fields.put("transfer_method", job.transferMethod());
    }
    if (job.outputPathVariables() != null) {
      fields.put("output_path_variables", json(job.outputPathVariables()));
    }
    if (job.subtitles() != null) {
      fields.put("subtitles", json(job.subtitles()));
    }
    JsonNode answer = post(endpoint("/v1/start_encode"), "POST /v1/start_encode", fields);
    return new StartedJob(taskToken, answer.path("status_url").asText(null));
  }

  /** {@code POST /v1/status} for one or more jobs: {@link #read}'s statuses, complete or basic. */
  public Map<String, JobStatus> status(String statusUrl, Collection<String> taskTokens) {
    return read(statusUrl, taskTokens).byToken();
  }

  /**
   * Statuses as read, and whether they are complete: document 3, section 4, rule 1 gives the
   * complete status only at a {@code status_url} (a master host); the main host's {@code
   * /v1/status} is the basic one, which may say {@code completed} without any output. A job is
   * finished only on a complete status.
   */
  public record Statuses(Map<String, JobStatus> byToken, boolean complete) {}

  /**
   * {@code POST /v1/status} at {@code statusUrl} (the last one the service returned) and, when that
   * host fails in any way (a fault, an error, a refusal, an answer without {@code error} 0 or
   * without a status for every token asked: a master the job has left may answer any of them), at
   * {@code {base_url}/v1/status}. A job moves between master hosts as it goes on: when the main
   * host's answer names a {@code status_url} other than the one that failed for every job asked,
   * the complete status is read there; otherwise the basic status is all there is for now.
   */
  public Statuses read(String statusUrl, Collection<String> taskTokens) {
    var rules =
        new Rules()
            .require(
                taskTokens != null && !taskTokens.isEmpty(),
                "task_tokens",
                "needs at least one task token");
    if (taskTokens != null) {
      rules.require(
          taskTokens.stream()
              .allMatch(
                  t -> t != null && !t.isBlank() && !t.contains(properties.taskTokensSeparator())),
          "task_tokens",
          "each must be a non-empty token without '" + properties.taskTokensSeparator() + "'");
    }
    HttpUrl master = statusUrl == null ? null : HttpUrl.parse(statusUrl);
    rules
        .require(statusUrl == null || master != null, "status_url", "must be an http or https URL")
        .throwIfBroken();
    Map<String, String> fields =
        Map.of("task_tokens", String.join(properties.taskTokensSeparator(), taskTokens));
    if (master != null) {
      Optional<Map<String, JobStatus>> complete = fromMaster(master, fields, taskTokens);
      if (complete.isPresent()) {
        return new Statuses(complete.get(), true);
      }
    }
    Map<String, JobStatus> basic = statuses(endpoint("/v1/status"), fields);
    return commonStatusUrl(basic.values())
        .filter(current -> !current.equals(master))
        .flatMap(url -> fromMaster(url, fields, taskTokens))
        .map(complete -> new Statuses(complete, true))
        .orElse(new Statuses(basic, false));
  }

  /**
   * The complete statuses a master host gives, when it answers for every token; empty when it fails
   * in any way.
   */
  private Optional<Map<String, JobStatus>> fromMaster(
      HttpUrl master, Map<String, String> fields, Collection<String> taskTokens) {
    try {
      JsonNode answer = post(master, "POST /v1/status", fields);
      Map<String, JobStatus> statuses = statuses(answer);
      return answer.path("error").isIntegralNumber() && statuses.keySet().containsAll(taskTokens)
          ? Optional.of(statuses)
          : Optional.empty();
    } catch (ApiException masterFailed) {
      return Optional.empty();
    }
  }

  private Map<String, JobStatus> statuses(HttpUrl url, Map<String, String> fields) {
    return statuses(post(url, "POST /v1/status", fields));
  }

  private static Map<String, JobStatus> statuses(JsonNode answer) {
    var statuses = new LinkedHashMap<String, JobStatus>();
    answer
        .path("statuses")
        .fields()
        .forEachRemaining(
            entry ->
                statuses.put(
                    entry.getKey(),
                    ApiJson.MAPPER.convertValue(entry.getValue(), JobStatus.class)));
    return statuses;
  }

  /** The {@code status_url} every one of the statuses names, when they name one and the same. */
  private static Optional<HttpUrl> commonStatusUrl(Collection<JobStatus> statuses) {
    Set<String> urls = statuses.stream().map(JobStatus::statusUrl).collect(Collectors.toSet());
    return urls.size() == 1 && !urls.contains(null)
        ? Optional.ofNullable(HttpUrl.parse(urls.iterator().next()))
        : Optional.empty();
  }

  private AccessToken fetchSessionToken() {
    JsonNode answer =
        post(
            endpoint("/v1/access_token"),
            "POST /v1/access_token",
            Map.of("api_key", properties.apiKey()));
    return new AccessToken(
        answer.path("token").asText(), expiry(answer.path("expire").asText(null)));
  }

  /**
   * Runs a call with the session token; a token refused as failing validation or unknown (errors 4
   * and 5) may only have expired, so once more with a fresh one.
   */
  private JsonNode withSessionToken(Function<String, JsonNode> call) {
    String token = sessionTokens.token();
    try {
      return call.apply(token);
    } catch (ApiException.Rejected rejected) {
      if (!TranscodingError.renewsSessionToken(rejected.code())) {
        throw rejected;
      }
      sessionTokens.invalidate(token);
      return call.apply(sessionTokens.token());
    }
  }

  /**
   * A form POST whose JSON answer carries {@code error}: 0 is success, anything else a typed
   * failure. The document gives no HTTP status codes, so an answer outside 2xx without an error
   * code is a failure too, never a success: a rejection named by its status (faults and throttling
   * are already transient in {@link ApiHttp}).
   */
  private JsonNode post(HttpUrl url, String endpoint, Map<String, String> fields) {
    var form = new FormBody.Builder();
    fields.forEach(form::add);
    return http.call(
        new Request.Builder().url(url).post(form.build()).build(),
        endpoint,
        answer -> checked(answer, endpoint));
  }

  private static JsonNode checked(ApiHttp.Answer answer, String endpoint) {
    JsonNode body = answer.body();
    int error = body.path("error").asInt(0);
    if (error != 0) {
      String message =
          body.hasNonNull("message")
              ? body.get("message").asText()
              : body.path("error_description").asText(null);
      // The spec's README names the body's retry_after; an HTTP Retry-After says the same.
      Duration retryAfter =
          body.path("retry_after").canConvertToLong()
              ? Duration.ofSeconds(body.get("retry_after").asLong())
              : answer.retryAfter();
      throw TranscodingError.exception(error, message, retryAfter, endpoint, answer.http());
    }
    if (!answer.successful()) {
      throw new ApiException.Rejected(
          "HTTP_" + answer.status(),
          endpoint + " answered HTTP " + answer.status(),
          Map.of("httpStatus", answer.status()),
          answer.http());
    }
    return body;
  }

  private HttpUrl endpoint(String path) {
    HttpUrl base = HttpUrl.parse(properties.baseUrl());
    if (base == null) {
      throw InvalidRequestException.field(
          "mediaflow.transcoding.base-url", "must be an http or https URL");
    }
    return base.newBuilder().addPathSegments(path.substring(1)).build();
  }

  /**
   * {@code expire} is {@code YYYY-MM-DD HH:MM:SS} (document 3, section 2) with no zone given: read
   * as UTC, an assumption docs/plugin.md names. An epoch (seconds or milliseconds) or an ISO-8601
   * instant with its offset is read as it says. Unreadable, or already past (a zone other than UTC
   * ahead of it): assume an hour; a token that expires before is renewed on error 4 or 5.
   */
  private java.time.Instant expiry(String expire) {
    java.time.Instant now = clock.instant();
    java.time.Instant fallback = now.plus(Duration.ofHours(1));
    if (expire == null || expire.isBlank()) {
      return fallback;
    }
    String text = expire.strip();
    java.time.Instant read;
    try {
      if (text.chars().allMatch(Character::isDigit)) {
        long epoch = Long.parseLong(text);
        read =
            epoch > 100_000_000_000L
                ? java.time.Instant.ofEpochMilli(epoch)
                : java.time.Instant.ofEpochSecond(epoch);
      } else if (text.length() > 19) {
        read = java.time.OffsetDateTime.parse(text.replace(' ', 'T')).toInstant();
      } else {
        read = LocalDateTime.parse(text, EXPIRE).toInstant(ZoneOffset.UTC);
      }
    } catch (DateTimeParseException | NumberFormatException e) {
      return fallback;
    }
    return read.isAfter(now) ? read : fallback;
  }

  private static String json(Object value) {
    try {
      return ApiJson.MAPPER.writeValueAsString(value);
    } catch (JsonProcessingException e) {
      throw new UncheckedIOException(e);
    }
  }
}
