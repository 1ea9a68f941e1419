package io.mediaflow.live.worker;

import io.mediaflow.api.operation.Input;
import io.mediaflow.api.operation.Operation;
import io.mediaflow.live.LiveClient;
import io.mediaflow.live.StreamFilter;
import io.mediaflow.worker.internal.OperationHandler;
import java.util.Map;

@Operation(
    type = "mediaflow.live.list_streams",
    name = "Live: list streams",
    description =
        "Lists live streams (GET /v1/live-streams), all of them or those matching every filter: keys are property paths with dots (status.name, params.dvr.enabled, playback_domain), values an exact value, \"null\" (or null) or \"notnull\". Stream keys are left out.",
    resultVariable = "liveStreams",
    errors = {"BAD_REQUEST"})
record ListStreamsInput(
    @Input(
            label = "Filters",
            description =
                "e.g. {\"status.name\": \"live\", \"params.dvr.enabled\": 1, playback_domain: \"notnull\"}")
        Map<String, Object> filters) {

  static OperationHandler<ListStreamsInput> handler(LiveClient client) {
    return OperationHandler.call(
        ListStreamsInput.class,
        input ->
            client.listStreams(StreamFilter.of(input.filters())).stream()
                .map(LiveWorkers::shown)
                .toList());
  }
}
