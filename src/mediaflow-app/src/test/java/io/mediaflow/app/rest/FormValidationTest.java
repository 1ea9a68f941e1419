package io.mediaflow.app.rest;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.mediaflow.api.ApiJson;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The checks a completion goes through, against the forms the processes ship with. */
class FormValidationTest {

  private static final JsonNode REVIEW = form("review-renditions");
  private static final JsonNode FAILED_JOB = form("failed-transcoding-job");
  private static final JsonNode DNS = form("create-dns-record");

  @Test
  void anApprovalNeedsNoCommentButARejectionDoes() {
    assertThat(FormValidation.violations(REVIEW, Map.of(), Map.of("approved", true))).isEmpty();
    assertThat(FormValidation.violations(REVIEW, Map.of(), Map.of("approved", false)))
        .containsExactly("'comment' is required");
    assertThat(FormValidation.violations(REVIEW, Map.of(), Map.of()))
        .as("unchecked by default")
        .containsExactly("'comment' is required");
    assertThat(
            FormValidation.violations(
                REVIEW, Map.of(), Map.of("approved", false, "comment", "too dark")))
        .isEmpty();
  }

  @Test
  void valuesMustHaveTheFieldsType() {
    assertThat(FormValidation.violations(REVIEW, Map.of(), Map.of("approved", "yes")))
        .contains("'approved' must be true or false, got \"yes\"");
    assertThat(
            FormValidation.violations(REVIEW, Map.of(), Map.of("approved", false, "comment", 42)))
        .containsExactly("'comment' must be text, got 42");
    assertThat(FormValidation.violations(DNS, Map.of(), Map.of()))
        .containsExactly("'dnsRecordCreated' is required");
  }

  @Test
  void aDynamicListChecksEachRowWhileShown() {
    var rejected =
        Map.<String, Object>of(
            "approved",
            false,
            "comment",
            "fewer",
            "ladder",
            List.of(
                Map.of("resolution", 480, "bitrate", 1000),
                Map.of("bitrate", 0),
                Map.of("resolution", "720")));
    assertThat(FormValidation.violations(REVIEW, Map.of(), rejected))
        .containsExactly(
            "'ladder[1].resolution' is required",
            "'ladder[1].bitrate' must be at least 1, got 0",
            "'ladder[2].resolution' must be a number, got \"720\"");
    var approved =
        Map.<String, Object>of("approved", true, "ladder", List.of(Map.of("bitrate", 0)));
    assertThat(FormValidation.violations(REVIEW, Map.of(), approved))
        .as("hidden when approved")
        .isEmpty();
  }

  @Test
  void aChoiceMustBeOneTheFormOffers() {
    assertThat(FormValidation.violations(FAILED_JOB, Map.of(), Map.of("decision", "retry")))
        .isEmpty();
    assertThat(FormValidation.violations(FAILED_JOB, Map.of(), Map.of("decision", "later")))
        .containsExactly("'decision' must be one of [retry, give-up], got \"later\"");
    assertThat(FormValidation.violations(FAILED_JOB, Map.of(), Map.of()))
        .containsExactly("'decision' is required");
  }

  /** Options a form computes from the task's data ({@code valuesExpression}) are checked too. */
  @Test
  void aChoiceComputedFromTheTasksDataMustBeOneItGives() {
    assertThat(
            FormValidation.violations(
                FAILED_JOB, Map.of("errorCode", "JOB_OVERDUE"), Map.of("decision", "wait")))
        .isEmpty();
    assertThat(
            FormValidation.violations(
                FAILED_JOB, Map.of("errorCode", "JOB_FAILED"), Map.of("decision", "wait")))
        .containsExactly("'decision' must be one of [retry, give-up], got \"wait\"");
  }

  @Test
  void theTasksVariablesFillTheFormAndDecideWhatIsShown() {
    assertThat(FormValidation.violations(REVIEW, Map.of("approved", true), Map.of())).isEmpty();
    assertThat(
            FormValidation.violations(
                REVIEW, Map.of("comment", "from the last review"), Map.of("approved", false)))
        .isEmpty();
  }

  private static JsonNode form(String id) {
    try (var in = FormValidationTest.class.getResourceAsStream("/forms/" + id + ".form")) {
      return ApiJson.MAPPER.readTree(in);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
