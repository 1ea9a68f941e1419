package io.mediaflow.transcoding.internal;

import static org.assertj.core.api.Assertions.assertThat;

import io.mediaflow.api.ApiJson;
import io.mediaflow.transcoding.JobStatus;
import java.time.Instant;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Where a running job stands, as a wait keeps it: the encoding percent only, written again only
 * when it moved.
 */
class JobProgressTest {

  private static final Instant NOW = Instant.parse("2026-11-25T23:00:00Z");

  private static JobStatus status(String word, Double percent) {
    var fields = new java.util.HashMap<String, Object>();
    fields.put("status", word);
    fields.put("percent", percent);
    return ApiJson.MAPPER.convertValue(fields, JobStatus.class);
  }

  @Test
  void thePercentIsKeptForTheEncodingStageOnly() {
    assertThat(JobProgress.of(status("encoding", 40.0), NOW))
        .isEqualTo(new JobProgress("encoding", 40.0, "2026-11-25T23:00:00Z"));
    assertThat(JobProgress.of(status("queued", 0.0), NOW).percent()).isNull();
    assertThat(JobProgress.of(status("saving", 100.0), NOW).percent()).isNull();
  }

  @Test
  void theSameStatusAndPercentAreTheSameProgressWhateverTheTime() {
    JobProgress progress = JobProgress.of(status("encoding", 40.0), NOW);

    assertThat(progress.sameAs(Map.of("status", "encoding", "percent", 40, "updatedAt", "earlier")))
        .isTrue();
    assertThat(progress.sameAs(Map.of("status", "encoding", "percent", 30.0))).isFalse();
    assertThat(progress.sameAs(Map.of("status", "saving"))).isFalse();
    assertThat(progress.sameAs(null)).isFalse();
    assertThat(progress.sameAs("encoding 40%"))
        .as("anything else a process put under the name")
        .isFalse();
    assertThat(JobProgress.of(status("queued", null), NOW).sameAs(Map.of("status", "queued")))
        .isTrue();
  }
}
