package io.mediaflow.delivery.worker;

import io.mediaflow.api.operation.Input;
import io.mediaflow.api.operation.Operation;
import io.mediaflow.delivery.DeliveryClient;
import io.mediaflow.worker.internal.OperationHandler;

@Operation(
    type = "mediaflow.delivery.list_domains",
    name = "Delivery: list playback domains",
    description =
        "Lists the account's playback domains (GET /v1/domains), or those of one type (GET /v1/domains/<type>).",
    resultVariable = "domains")
record ListDomainsInput(
    @Input(label = "Type", description = "live or vod for only domains of that type; empty for all")
        String type) {

  static OperationHandler<ListDomainsInput> handler(DeliveryClient client) {
    return OperationHandler.call(ListDomainsInput.class, input -> client.listDomains(input.type()));
  }
}
