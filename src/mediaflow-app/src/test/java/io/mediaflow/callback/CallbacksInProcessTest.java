package io.mediaflow.callback;

import static io.camunda.process.test.api.CamundaAssert.assertThatProcessInstance;
import static io.camunda.process.test.api.assertions.ProcessInstanceSelectors.byKey;
import static org.assertj.core.api.Assertions.assertThat;

import io.mediaflow.MediaflowTest;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * transcode-with-approval with the sandbox delivering callbacks as a real network might: every
 * instance finishes, and a repeat or a late event changes nothing.
 */
class CallbacksInProcessTest extends MediaflowTest {

  @AfterEach
  void deliverNormally() {
    faults(Map.of("mode", "normal"));
  }

  @Test
  void theCallbackMovesTheProcessOnWhenPollingWouldTakeTenMinutes() {
    long instance = start(Map.of("pollSeconds", 600));

    completeUserTask(awaitUserTask(instance, "Review renditions"), Map.of("approved", true));

    assertThatProcessInstance(byKey(instance))
        .isCompleted()
        .hasCompletedElement("JobFinishedMessage", 1)
        .hasCompletedElement("TimeToCheck", 0);
  }

  @Test
  void withCallbacksDroppedPollingFinishesTheJob() {
    faults(Map.of("mode", "drop"));
    long instance = start(Map.of("pollSeconds", 0.2));

    completeUserTask(awaitUserTask(instance, "Review renditions"), Map.of("approved", true));

    assertThatProcessInstance(byKey(instance))
        .isCompleted()
        .hasCompletedElement("JobFinishedMessage", 0);
    // the sandbox encodes for real, so the 0.2 s poll timer may fire more than once before the job
    // is done
    long polls =
        java.util.stream.StreamSupport.stream(
                records().processInstanceRecords().spliterator(), false)
            .filter(
                r ->
                    r.getValue().getProcessInstanceKey() == instance
                        && r.getValue().getElementId().equals("TimeToCheck")
                        && r.getIntent()
                            == io.camunda.zeebe.protocol.record.intent.ProcessInstanceIntent
                                .ELEMENT_COMPLETED)
            .count();
    assertThat(polls).as("times the poll timer fired").isPositive();
  }

  @Test
  void repeatedCallbacksMoveTheProcessOnce() {
    faults(Map.of("mode", "repeat", "copies", 3));
    long instance = start(Map.of("pollSeconds", 600));

    completeUserTask(awaitUserTask(instance, "Review renditions"), Map.of("approved", true));

    assertThatProcessInstance(byKey(instance))
        .isCompleted()
        .hasCompletedElement("JobFinishedMessage", 1)
        .hasCompletedElement("CheckJob", 1);
  }

  @Test
  void reorderedAndDelayedCallbacksNeverMoveTheProcessBackwards() {
    faults(Map.of("mode", "reorder", "delay", "PT0.3S"));
    long first = start(Map.of("pollSeconds", 600));
    completeUserTask(awaitUserTask(first, "Review renditions"), Map.of("approved", true));
    assertThatProcessInstance(byKey(first)).isCompleted().hasCompletedElement("CheckJob", 1);

    faults(Map.of("mode", "delay", "delay", "PT0.5S"));
    long second = start(Map.of("pollSeconds", 600));
    completeUserTask(awaitUserTask(second, "Review renditions"), Map.of("approved", true));
    assertThatProcessInstance(byKey(second)).isCompleted().hasCompletedElement("CheckJob", 1);
  }

  private long start(Map<String, Object> extra) {
    var variables = new java.util.HashMap<String, Object>(extra);
    variables.put("source", baseUrl() + "/sandbox/samples/bars.mp4");
    variables.put(
        "ladder", java.util.List.of(Map.of("resolution", 360, "bitrate", 800, "user_tag", "360p")));
    return start("transcode-with-approval", variables);
  }

  private void faults(Map<String, Object> faults) {
    var response = post("/sandbox/callbacks/faults", faults);
    assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
  }
}
