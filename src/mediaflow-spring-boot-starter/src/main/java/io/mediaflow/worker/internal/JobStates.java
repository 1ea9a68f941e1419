package io.mediaflow.worker.internal;

import io.camunda.client.api.response.ActivatedJob;
import io.jsonwebtoken.Claims;
import io.jsonwebtoken.JwtException;
import io.jsonwebtoken.JwtParser;
import io.jsonwebtoken.Jwts;
import io.mediaflow.api.ApiJson;
import io.mediaflow.api.internal.SharedSecret;
import io.mediaflow.worker.WorkerProperties;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Keeps a job's {@link JobState} in the local variable {@value #VARIABLE} of its element instance,
 * in a form no process can forge: a JWT (HS256, jjwt) whose claims are the state and the element
 * instance key, under a key only the workers hold ({@code mediaflow.worker.state-secret}). A
 * variable of that name given at start, set by another element, or copied from another element
 * instance does not verify and is ignored, so a process cannot make a create return a value of its
 * choosing or shorten a wait. Replicas share the key, so any of them can carry on a job another one
 * began.
 *
 * <p>The token has no expiry: the state must outlive any wait and any incident of its element
 * instance (a create whose "sent" mark expired would be sent again), and the element instance key
 * already binds it to the one place it is good for.
 */
public class JobStates {

  static final String VARIABLE = "mediaflowState";
  private static final Logger LOG = LoggerFactory.getLogger(JobStates.class);
  private static final Base64.Encoder BASE64 = Base64.getUrlEncoder().withoutPadding();

  private final SharedSecret secret;
  private final JwtParser parser;

  public JobStates(WorkerProperties properties) {
    this.secret = new SharedSecret(properties.stateSecret(), "job-state");
    this.parser = Jwts.parser().verifyWith(secret.jwtKey()).build();
  }

  /**
   * The job's state as the workers last wrote it for this element instance; {@link JobState#NONE}
   * otherwise.
   *
   * @param variables the job's variables, as read once from it (the client parses them anew at
   *     every {@code getVariablesAsMap()})
   */
  JobState read(ActivatedJob job, Map<String, ?> variables) {
    if (!(variables.get(VARIABLE) instanceof String sealed)) {
      return JobState.NONE;
    }
    Optional<Map<?, ?>> verified = verify(sealed);
    if (verified.isEmpty()) {
      LOG.warn(
          "Job {} ({}): ignoring a {} the workers did not write",
          job.getKey(),
          job.getType(),
          VARIABLE);
      return JobState.NONE;
    }
    Map<?, ?> fields = verified.get();
    try {
      if (!(fields.get("element") instanceof Number element)
          || element.longValue() != job.getElementInstanceKey()) {
        LOG.warn(
            "Job {} ({}): ignoring a {} of another element instance",
            job.getKey(),
            job.getType(),
            VARIABLE);
        return JobState.NONE;
      }
      return new JobState(
          ((Number) fields.get("attempt")).intValue(),
          ((Number) fields.get("checks")).intValue(),
          fields.get("waitingSince") instanceof Number since ? since.longValue() : null,
          fields.get("busySince") instanceof Number busy ? busy.longValue() : null,
          Boolean.TRUE.equals(fields.get("recorded")),
          fields.get("result"),
          Boolean.TRUE.equals(fields.get("sent")),
          fields.get("before") instanceof List<?> before
              ? before.stream().map(String::valueOf).toList()
              : List.of());
    } catch (ClassCastException | NullPointerException unreadable) {
      return JobState.NONE;
    }
  }

  /** The local variable that keeps {@code state} for the job's element instance. */
  Map<String, Object> write(ActivatedJob job, JobState state) {
    var fields = new LinkedHashMap<String, Object>();
    fields.put("element", job.getElementInstanceKey());
    fields.put("attempt", state.attempt());
    fields.put("checks", state.checks());
    fields.put("waitingSince", state.waitingSince());
    fields.put("busySince", state.busySince());
    fields.put("recorded", state.recorded());
    fields.put("result", state.result());
    fields.put("sent", state.sent());
    fields.put("before", state.before());
    // Through the API mapper, as the process sees results: the API's field names, no null fields.
    Map<String, ?> claims = ApiJson.MAPPER.convertValue(fields, Map.class);
    return Map.of(
        VARIABLE,
        Jwts.builder().claims(claims).signWith(secret.jwtKey(), Jwts.SIG.HS256).compact());
  }

  /**
   * The job's marker: its element instance key with a signature, so no process can make up
   * another's.
   */
  String marker(ActivatedJob job) {
    long element = job.getElementInstanceKey();
    byte[] signature = secret.mac(("marker\n" + element).getBytes(StandardCharsets.UTF_8));
    return "mf-" + element + "-" + BASE64.encodeToString(signature).substring(0, 16);
  }

  /** The state's fields, if the workers signed them. */
  private Optional<Map<?, ?>> verify(String sealed) {
    try {
      Claims claims = parser.parseSignedClaims(sealed).getPayload();
      return Optional.of(claims);
    } catch (JwtException | IllegalArgumentException notAJwtOfOurs) {
      return Optional.empty();
    }
  }
}
