package io.mediaflow.app.rest;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.mediaflow.app.engine.history.ProcessHistory;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * The message subscriptions of elements and the messages they took, as Camunda's REST API has them:
 * what Camunda Process Test asserts with {@code isWaitingForMessage} and {@code
 * hasCorrelatedMessage}.
 */
@RestController
@RequestMapping("/v2")
class MessageSubscriptionController {

  private final ProcessHistory history;

  MessageSubscriptionController(ProcessHistory history) {
    this.history = history;
  }

  @PostMapping("/message-subscriptions/search")
  ObjectNode subscriptions(@RequestBody(required = false) JsonNode query) {
    return Search.of(query).apply(history.messageSubscriptionLookup(), Shapes::messageSubscription);
  }

  @PostMapping("/correlated-message-subscriptions/search")
  ObjectNode correlatedMessages(@RequestBody(required = false) JsonNode query) {
    return Search.of(query)
        .apply(history.correlatedMessages().stream().map(Shapes::correlatedMessage));
  }
}
