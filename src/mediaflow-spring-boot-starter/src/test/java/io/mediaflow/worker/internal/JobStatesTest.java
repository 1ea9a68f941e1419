package io.mediaflow.worker.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.when;

import io.camunda.client.api.response.ActivatedJob;
import io.mediaflow.worker.DefaultWorkerProperties;
import io.mediaflow.worker.WorkerProperties;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.api.Test;

/**
 * The job state as a JWT bound to its element instance, and the marker a create writes into the
 * service.
 */
class JobStatesTest {

  private static final long ELEMENT = 2251799813685302L;
  private static final String SECRET = "test-state-secret";
  private final JobStates states = new JobStates(properties(SECRET));

  @Test
  void aStateIsAnHs256JwtThatReadsBackForItsElementInstanceOnly() throws Exception {
    JobState state = JobState.NONE.withSent(List.of("s1")).withResult(Map.of("id", "k1"));
    String token = (String) states.write(job(ELEMENT, Map.of()), state).get(JobStates.VARIABLE);

    assertThat(token.split("\\.")).hasSize(3);
    assertThat(
            new String(
                Base64.getUrlDecoder().decode(token.split("\\.")[0]), StandardCharsets.UTF_8))
        .contains("\"alg\":\"HS256\"");
    Map<String, Object> variables = Map.of(JobStates.VARIABLE, token);
    assertThat(states.read(job(ELEMENT, variables), variables)).isEqualTo(state);
    assertThat(states.read(job(ELEMENT + 1, variables), variables)).isEqualTo(JobState.NONE);
    assertThat(new JobStates(properties("another-secret")).read(job(ELEMENT, variables), variables))
        .isEqualTo(JobState.NONE);
  }

  /** Every replica computes the same marker, so any of them finds a create another one sent. */
  @Test
  void theMarkerIsTheElementInstanceKeySignedWithTheSecret() throws Exception {
    byte[] signature = hmac(SECRET, ("marker\n" + ELEMENT).getBytes(StandardCharsets.UTF_8));

    assertThat(states.marker(job(ELEMENT, Map.of())))
        .isEqualTo(
            "mf-"
                + ELEMENT
                + "-"
                + Base64.getUrlEncoder()
                    .withoutPadding()
                    .encodeToString(signature)
                    .substring(0, 16));
  }

  private static byte[] hmac(String key, byte[] content) throws Exception {
    Mac mac = Mac.getInstance("HmacSHA256");
    mac.init(new SecretKeySpec(key.getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
    return mac.doFinal(content);
  }

  private static WorkerProperties properties(String secret) {
    return DefaultWorkerProperties.withStateSecret(secret);
  }

  private static ActivatedJob job(long element, Map<String, Object> variables) {
    ActivatedJob job = mock(ActivatedJob.class);
    when(job.getKey()).thenReturn(1L);
    when(job.getType()).thenReturn("test.create");
    when(job.getElementInstanceKey()).thenReturn(element);
    when(job.getVariablesAsMap()).thenReturn(variables);
    return job;
  }
}
