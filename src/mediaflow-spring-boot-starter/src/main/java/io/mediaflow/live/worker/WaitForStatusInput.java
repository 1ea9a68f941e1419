package io.mediaflow.live.worker;

import com.fasterxml.jackson.annotation.JsonUnwrapped;
import io.mediaflow.api.ApiException;
import io.mediaflow.api.operation.Input;
import io.mediaflow.api.operation.Operation;
import io.mediaflow.live.GetStream;
import io.mediaflow.live.LiveClient;
import io.mediaflow.live.Stream;
import io.mediaflow.live.StreamState;
import io.mediaflow.worker.internal.OperationHandler;
import io.mediaflow.worker.internal.Poll;
import io.mediaflow.worker.internal.WaitInput;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotEmpty;
import java.time.Duration;
import java.util.List;
import java.util.Map;

@Operation(
    type = "mediaflow.live.wait_for_status",
    name = "Live: wait for stream status",
    description =
        "Reads the stream with a growing pause between checks, holding no thread, until its status is one of the given states; the result is the stream (stream key left out). WAIT_TIMEOUT when the timeout passes first; STREAM_STOPPED when the stream is stopped and stopped is not awaited (a stopped stream moves only when started again).",
    resultVariable = "liveStream",
    retries = 10,
    errors = {"WAIT_TIMEOUT", "STREAM_STOPPED", "NOT_FOUND"})
/**
 * The check the wait repeats, what it waits for, and how long it may go on.
 *
 * @param request the stream to read
 */
record WaitForStatusInput(
    @JsonUnwrapped @Valid GetStream request,
    @NotEmpty
        @Input(
            label = "States",
            description =
                "Any of created, starting, waiting, launching, live, idle, stopping, stopped",
            value = "=[\"live\"]")
        List<StreamState> states,
    @Input(label = "Timeout", description = "ISO-8601 duration, e.g. PT10M", value = "PT10M")
        Duration timeout)
    implements WaitInput {

  static OperationHandler<WaitForStatusInput> handler(LiveClient client) {
    return OperationHandler.poll(WaitForStatusInput.class, input -> waitForStatus(client, input));
  }

  private static Poll<Stream> waitForStatus(LiveClient client, WaitForStatusInput input) {
    Stream stream = client.getStream(input.request());
    String status = stream.statusName();
    if (input.states().stream().anyMatch(state -> state.apiName().equals(status))) {
      return Poll.done(LiveWorkers.shown(stream));
    }
    if (StreamState.STOPPED.apiName().equals(status)) {
      throw new ApiException.Rejected(
          "STREAM_STOPPED",
          "Live stream "
              + stream.id()
              + " is stopped; it was awaited in "
              + input.states().stream().map(StreamState::apiName).toList(),
          Map.of("stream", LiveWorkers.shown(stream)));
    }
    return Poll.pending("status " + status);
  }
}
