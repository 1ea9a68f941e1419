package io.mediaflow.worker.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.when;

import io.camunda.client.api.response.ActivatedJob;
import io.mediaflow.api.Violation;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Invalid-input messages name the process variable the model says an input came from. */
class InputVariablesTest {

  private static final String LADDER =
      "ladder: query.format[0].stream, format[0].stream; publishBucket: format[0].destination.url";

  @Test
  void aFieldInsideAnInputIsNamedFromTheCallersVariableWithItsIndex() {
    ActivatedJob job = job(LADDER, Map.of());

    assertThat(
            InputVariables.name(
                job,
                List.of(
                    new Violation(
                        "format[0].stream[1].resolution", "must be from 1 to 16384 pixels"))))
        .containsExactly(
            new Violation(
                "ladder[1].resolution",
                "must be from 1 to 16384 pixels (field format[0].stream[1].resolution)"));
    assertThat(
            InputVariables.name(
                job,
                List.of(new Violation("query.format[0].stream[1].resolution", "must be a number"))))
        .containsExactly(
            new Violation(
                "ladder[1].resolution",
                "must be a number (field query.format[0].stream[1].resolution)"));
  }

  @Test
  void everyViolationIsNamedAndFieldsTheHeaderDoesNotCoverStayAsTheyAre() {
    assertThat(
            InputVariables.name(
                job(LADDER, Map.of()),
                List.of(
                    new Violation("format[0].destination.url", "is required"),
                    new Violation("format[0].streams", "is unknown"),
                    new Violation("format[1].quality", "is out of range"))))
        .containsExactly(
            new Violation("publishBucket", "is required (field format[0].destination.url)"),
            new Violation("format[0].streams", "is unknown"),
            new Violation("format[1].quality", "is out of range"));
  }

  @Test
  void aRuleWhoseTextHoldsSeparatorsStaysOneViolation() {
    // The rule text has "; " and ": ", which the former one-string protocol split into violations
    // of their own.
    var rule =
        "must not carry credentials; give them as access_key and secret_key: never in the URL";

    assertThat(
            InputVariables.name(
                job("recordingFolder: dvr.destination.url", Map.of()),
                List.of(new Violation("dvr.destination.url", rule))))
        .containsExactly(new Violation("recordingFolder", rule + " (field dvr.destination.url)"));
  }

  @Test
  void theLongestFieldThatCoversTheViolationWins() {
    ActivatedJob job = job("dvr: dvr; recordingFolder: dvr.destination[0].url", Map.of());

    assertThat(
            InputVariables.name(
                job, List.of(new Violation("dvr.destination[0].url", "must start with s3://"))))
        .containsExactly(
            new Violation(
                "recordingFolder", "must start with s3:// (field dvr.destination[0].url)"));
    assertThat(
            InputVariables.name(
                job, List.of(new Violation("dvr.format", "must be one of mp4, ts, hls"))))
        .containsExactly(new Violation("dvr.format", "must be one of mp4, ts, hls"));
  }

  @Test
  void inAMultiInstanceTaskTheElementsIndexIsNamedCountingFromZero() {
    ActivatedJob job =
        job(
            "simulcastTargets[i].url: url; simulcastTargets[i].streamKey: streamKey, stream_key",
            Map.of("loopCounter", 2));

    assertThat(
            InputVariables.name(
                job,
                List.of(
                    new Violation("stream_key", "is required"),
                    new Violation("url", "must be an rtmp:// URL"))))
        .containsExactly(
            new Violation("simulcastTargets[1].streamKey", "is required (field stream_key)"),
            new Violation("simulcastTargets[1].url", "must be an rtmp:// URL (field url)"));
  }

  @Test
  void aNamePrefixOfAnotherFieldDoesNotCoverIt() {
    var unknown = List.of(new Violation("names", "is unknown"));

    assertThat(InputVariables.name(job("streamName: name", Map.of()), unknown)).isEqualTo(unknown);
  }

  @Test
  void withoutTheHeaderTheMessageIsUnchanged() {
    var blank = List.of(new Violation("name", "must not be blank"));

    assertThat(InputVariables.name(job(null, Map.of()), blank)).isEqualTo(blank);
  }

  private static ActivatedJob job(String header, Map<String, Object> variables) {
    ActivatedJob job = mock(ActivatedJob.class);
    when(job.getCustomHeaders())
        .thenReturn(header == null ? Map.of() : Map.of(InputVariables.HEADER, header));
    when(job.getVariablesAsMap()).thenReturn(variables);
    return job;
  }
}
