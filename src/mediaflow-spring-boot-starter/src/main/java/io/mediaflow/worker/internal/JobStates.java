package io.mediaflow.worker.internal;

import com.fasterxml.jackson.core.JsonProcessingException;
import io.camunda.client.api.response.ActivatedJob;
import io.mediaflow.api.ApiJson;
import io.mediaflow.worker.WorkerProperties;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Keeps a job's {@link JobState} in the local variable {@value #VARIABLE} of its element instance, in a form no
 * process can forge: the state and the element instance key, then an HMAC-SHA256 over both under a key only the
 * workers hold ({@code mediaflow.worker.state-secret}). A variable of that name given at start, set by another
 * element, or copied from another element instance does not verify and is ignored, so a process cannot make a
 * create return a value of its choosing or shorten a wait. Replicas share the key, so any of them can carry on a
 * job another one began.
 */
public class JobStates {

  static final String VARIABLE = "mediaflowState";
  private static final Logger LOG = LoggerFactory.getLogger(JobStates.class);
  private static final String ALGORITHM = "HmacSHA256";
  private static final Base64.Encoder BASE64 = Base64.getUrlEncoder().withoutPadding();

  private final SecretKeySpec key;

  public JobStates(WorkerProperties properties) {
    byte[] secret = properties.stateSecret().getBytes(StandardCharsets.UTF_8);
    if (secret.length == 0) {
      // ReplicaCheck warns of it, or stops the start where several replicas may run.
      secret = new byte[32];
      new SecureRandom().nextBytes(secret);
    }
    this.key = new SecretKeySpec(secret, ALGORITHM);
  }

  /** The job's state as the workers last wrote it for this element instance; {@link JobState#NONE} otherwise. */
  JobState read(ActivatedJob job) {
    if (!(job.getVariablesAsMap().get(VARIABLE) instanceof String sealed)) {
      return JobState.NONE;
    }
    int dot = sealed.indexOf('.');
    if (dot < 0) {
      return JobState.NONE;
    }
    try {
      byte[] content = Base64.getUrlDecoder().decode(sealed.substring(0, dot));
      byte[] signature = Base64.getUrlDecoder().decode(sealed.substring(dot + 1));
      if (!MessageDigest.isEqual(signature, mac(content))) {
        LOG.warn("Job {} ({}): ignoring a {} the workers did not write", job.getKey(), job.getType(), VARIABLE);
        return JobState.NONE;
      }
      Map<?, ?> fields = ApiJson.MAPPER.readValue(content, Map.class);
      if (!(fields.get("element") instanceof Number element) || element.longValue() != job.getElementInstanceKey()) {
        LOG.warn("Job {} ({}): ignoring a {} of another element instance", job.getKey(), job.getType(), VARIABLE);
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
          fields.get("before") instanceof List<?> before ? before.stream().map(String::valueOf).toList() : List.of());
    } catch (IllegalArgumentException | IOException | ClassCastException | NullPointerException unreadable) {
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
    try {
      byte[] content = ApiJson.MAPPER.writeValueAsBytes(fields);
      return Map.of(VARIABLE, BASE64.encodeToString(content) + "." + BASE64.encodeToString(mac(content)));
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("The state of job " + job.getKey() + " cannot be written", e);
    }
  }

  /** The job's marker: its element instance key with a signature, so no process can make up another's. */
  String marker(ActivatedJob job) {
    long element = job.getElementInstanceKey();
    byte[] signature = mac(("marker\n" + element).getBytes(StandardCharsets.UTF_8));
    return "mf-" + element + "-" + BASE64.encodeToString(signature).substring(0, 16);
  }

  private byte[] mac(byte[] content) {
    try {
      Mac mac = Mac.getInstance(ALGORITHM);
      mac.init(key);
      return mac.doFinal(content);
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException(e);
    }
  }
}
