package io.mediaflow.worker.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.when;

import io.camunda.client.api.response.ActivatedJob;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Invalid-input messages name the process variable the model says an input came from. */
class InputVariablesTest {

  private static final String LADDER = "ladder: query.format[0].stream, format[0].stream; publishBucket: format[0].destination.url";

  @Test
  void aFieldInsideAnInputIsNamedFromTheCallersVariableWithItsIndex() {
    ActivatedJob job = job(LADDER, Map.of());

    assertThat(InputVariables.name(job, "format[0].stream[1].resolution: must be a positive number of pixels"))
        .isEqualTo("ladder[1].resolution: must be a positive number of pixels (field format[0].stream[1].resolution)");
    assertThat(InputVariables.name(job, "query.format[0].stream[1].resolution: must be a number"))
        .isEqualTo("ladder[1].resolution: must be a number (field query.format[0].stream[1].resolution)");
  }

  @Test
  void everyViolationIsNamedAndFieldsTheHeaderDoesNotCoverStayAsTheyAre() {
    assertThat(InputVariables.name(job(LADDER, Map.of()),
        "format[0].destination.url: is required; format[0].streams: is unknown; format[1].quality: is out of range"))
        .isEqualTo("publishBucket: is required (field format[0].destination.url); format[0].streams: is unknown; "
            + "format[1].quality: is out of range");
  }

  @Test
  void theLongestFieldThatCoversTheViolationWins() {
    ActivatedJob job = job("dvr: dvr; recordingFolder: dvr.destination[0].url", Map.of());

    assertThat(InputVariables.name(job, "dvr.destination[0].url: must start with s3://"))
        .isEqualTo("recordingFolder: must start with s3:// (field dvr.destination[0].url)");
    assertThat(InputVariables.name(job, "dvr.format: must be one of mp4, ts, hls")).isEqualTo("dvr.format: must be one of mp4, ts, hls");
  }

  @Test
  void inAMultiInstanceTaskTheElementsIndexIsNamedCountingFromZero() {
    ActivatedJob job = job("simulcastTargets[i].url: url; simulcastTargets[i].streamKey: streamKey, stream_key", Map.of("loopCounter", 2));

    assertThat(InputVariables.name(job, "stream_key: is required; url: must be an rtmp:// URL"))
        .isEqualTo("simulcastTargets[1].streamKey: is required (field stream_key); simulcastTargets[1].url: must be an rtmp:// URL (field url)");
  }

  @Test
  void aNamePrefixOfAnotherFieldDoesNotCoverIt() {
    assertThat(InputVariables.name(job("streamName: name", Map.of()), "names: is unknown")).isEqualTo("names: is unknown");
  }

  @Test
  void withoutTheHeaderTheMessageIsUnchanged() {
    assertThat(InputVariables.name(job(null, Map.of()), "name: must not be blank")).isEqualTo("name: must not be blank");
  }

  private static ActivatedJob job(String header, Map<String, Object> variables) {
    ActivatedJob job = mock(ActivatedJob.class);
    when(job.getCustomHeaders()).thenReturn(header == null ? Map.of() : Map.of(InputVariables.HEADER, header));
    when(job.getVariablesAsMap()).thenReturn(variables);
    return job;
  }
}
