package io.mediaflow.worker.internal;

import static io.mediaflow.transcoding.MockTranscoding.json;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.core.type.TypeReference;
import io.mediaflow.api.ApiException;
import io.mediaflow.api.ApiJson;
import io.mediaflow.callback.DefaultCallbackProperties;
import io.mediaflow.callback.internal.CallbackUrls;
import io.mediaflow.transcoding.MockTranscoding;
import io.mediaflow.transcoding.internal.JobResult;
import io.mediaflow.transcoding.internal.LocalSources;
import io.mediaflow.transcoding.worker.TranscodingWorkersAccess;
import java.time.Clock;
import java.util.Map;
import java.util.Optional;
import mockwebserver3.MockResponse;
import mockwebserver3.MockWebServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A job is finished for the process only on a complete status (document 3, section 4, rule 1): the
 * main host's basic status, read when the master host fails at the end, may say {@code completed}
 * without a single output.
 */
class JobCompletionTest {

  private static final String COMPLETED_BASIC =
      "{\"error\":0,\"statuses\":{\"task\":{\"status\":\"completed\",\"error\":0,\"status_url\":\"%s\"}}}";
  private static final String COMPLETED_FULL =
      "{\"error\":0,\"statuses\":{\"task\":{\"status\":\"completed\",\"error\":0,\"status_url\":\"%s\","
          + "\"videos\":[{\"user_tag\":\"720p\",\"url\":\"https://out/720.mp4\"}]}}}";

  private static final InputReader INPUTS = new InputReader(name -> Optional.empty());

  private final MockWebServer server = new MockWebServer();
  private OperationHandlers workers;

  @BeforeEach
  void start() throws Exception {
    server.start();
    var client = MockTranscoding.client(server);
    var callbacks = new CallbackUrls(DefaultCallbackProperties.off(), Clock.systemUTC());
    workers = TranscodingWorkersAccess.workers(client, callbacks, new LocalSources(null));
  }

  @AfterEach
  void stop() {
    server.close();
  }

  @Test
  void aWaitGoesOnWhileOnlyTheBasicStatusSaysCompleted() {
    String master = server.url("/master-1/v1/status").toString();
    server.enqueue(new MockResponse.Builder().code(503).build());
    server.enqueue(json(COMPLETED_BASIC.formatted(master)));

    Poll<?> first = waitForJob(master);

    assertThat(first)
        .isInstanceOfSatisfying(
            Poll.Pending.class,
            pending -> {
              assertThat(pending.progress()).contains("basic status");
              assertThat(pending.keep()).containsEntry("statusUrl", master);
            });

    server.enqueue(json(COMPLETED_FULL.formatted(master)));

    assertThat(waitForJob(master))
        .isInstanceOfSatisfying(
            Poll.Done.class,
            done ->
                assertThat(((JobResult) done.result()).renditions())
                    .extracting(JobResult.Rendition::tag)
                    .containsExactly("720p"));
  }

  @Test
  void aCompletedJobIsReadAtTheMasterTheMainHostNamesWhenTheLastOneFails() {
    String gone = server.url("/master-1/v1/status").toString();
    String current = server.url("/master-2/v1/status").toString();
    server.enqueue(new MockResponse.Builder().code(503).build());
    server.enqueue(json(COMPLETED_BASIC.formatted(current)));
    server.enqueue(json(COMPLETED_FULL.formatted(current)));

    assertThat(waitForJob(gone)).isInstanceOf(Poll.Done.class);
  }

  @Test
  void aCheckRetriesWhileOnlyTheBasicStatusSaysCompleted() {
    String master = server.url("/master-1/v1/status").toString();
    server.enqueue(new MockResponse.Builder().code(503).build());
    server.enqueue(json(COMPLETED_BASIC.formatted(master)));

    assertThatThrownBy(() -> checkJob(master))
        .isInstanceOfSatisfying(
            ApiException.Transient.class,
            e -> {
              assertThat(e.code()).isEqualTo("STATUS_INCOMPLETE");
              assertThat(e.getMessage()).contains("basic status");
            });

    server.enqueue(json(COMPLETED_FULL.formatted(master)));
    assertThat(checkJob(master)).extractingByKey("renditions").asList().hasSize(1);
  }

  private Poll<?> waitForJob(String statusUrl) {
    return check(
        handler("mediaflow.transcoding.wait_for_job"),
        Map.of("taskToken", "task", "statusUrl", statusUrl, "timeout", "PT1H"));
  }

  /** The check's result as the process gets it. */
  private Map<String, Object> checkJob(String statusUrl) {
    return ApiJson.MAPPER.convertValue(
        call(
            handler("mediaflow.transcoding.check_job"),
            Map.of("taskToken", "task", "statusUrl", statusUrl)),
        new TypeReference<>() {});
  }

  /** The input read as the worker reads it: the records are the workers' own. */
  private static <I> Poll<?> check(OperationHandler<I> handler, Map<String, Object> variables) {
    return handler.check().apply(INPUTS.read(variables, handler.inputType()), null);
  }

  private static <I> Object call(OperationHandler<I> handler, Map<String, Object> variables) {
    return handler.call().apply(INPUTS.read(variables, handler.inputType()), null);
  }

  private OperationHandler<?> handler(String type) {
    return workers.handlers().stream()
        .filter(handler -> handler.type().equals(type))
        .findFirst()
        .orElseThrow();
  }
}
