package io.mediaflow.app.rest;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.camunda.client.protocol.rest.MessageCorrelationResult;
import io.camunda.client.protocol.rest.MessagePublicationResult;
import io.camunda.client.protocol.rest.SignalBroadcastResult;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.BroadcastSignalRequest;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.PublishMessageRequest;
import java.util.Set;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * Messages and signals, as Camunda's REST API has them: a publication (buffered for its time to
 * live, refused as a repeat while a message of the same {@code messageId} is buffered) and a
 * broadcast go to the engine's gateway as its gRPC calls do; a correlation, which gRPC does not
 * know, through the same gateway as Camunda's REST gateway sends it to a broker.
 */
@RestController
@RequestMapping("/v2")
class MessageController {

  private final GatewayCalls gateway;

  MessageController(GatewayCalls gateway) {
    this.gateway = gateway;
  }

  /**
   * {@code name}, {@code correlationKey}, {@code timeToLive} (ms, 0 by default), {@code messageId},
   * ...
   */
  @PostMapping("/messages/publication")
  ObjectNode publish(@RequestBody JsonNode request) {
    RequestObject body =
        RequestObject.of(
            request,
            "a message publication",
            Set.of("name", "correlationKey", "timeToLive", "messageId", "variables", "tenantId"));
    var command =
        PublishMessageRequest.newBuilder()
            .setName(required(body, "name"))
            .setCorrelationKey(body.text("correlationKey", ""))
            .setTimeToLive(body.number("timeToLive", 0, 0))
            .setVariables(GatewayCalls.json(body.variables()));
    String messageId = body.text("messageId", null);
    if (messageId != null) {
      command.setMessageId(messageId);
    }
    String tenantId = body.text("tenantId", null);
    if (tenantId != null) {
      command.setTenantId(tenantId);
    }
    var published = gateway.await(gateway.gateway().publishMessage(command.build()));
    return Shapes.tree(
        new MessagePublicationResult()
            .tenantId(Shapes.tenant(published.getTenantId()))
            .messageKey(Shapes.key(published.getKey())));
  }

  /**
   * Publishes a message with no time to live and answers once it correlated: to a waiting catch
   * event or a message start event ({@code processInstanceKey} of the instance it reached), 404
   * when nothing waits for it.
   */
  @PostMapping("/messages/correlation")
  ObjectNode correlate(@RequestBody JsonNode request) {
    RequestObject body =
        RequestObject.of(
            request,
            "a message correlation",
            Set.of("name", "correlationKey", "variables", "tenantId"));
    var correlated =
        gateway.await(
            gateway
                .gateway()
                .correlateMessage(
                    required(body, "name"),
                    body.text("correlationKey", ""),
                    body.variables(),
                    body.text("tenantId", null)));
    return Shapes.tree(
        new MessageCorrelationResult()
            .tenantId(Shapes.tenant(correlated.getTenantId()))
            .messageKey(Shapes.key(correlated.getMessageKey()))
            .processInstanceKey(Shapes.key(correlated.getProcessInstanceKey())));
  }

  /** {@code signalName}, {@code variables}, {@code tenantId}. */
  @PostMapping("/signals/broadcast")
  ObjectNode broadcast(@RequestBody JsonNode request) {
    RequestObject body =
        RequestObject.of(
            request, "a signal broadcast", Set.of("signalName", "variables", "tenantId"));
    var command =
        BroadcastSignalRequest.newBuilder()
            .setSignalName(required(body, "signalName"))
            .setVariables(GatewayCalls.json(body.variables()));
    String tenantId = body.text("tenantId", null);
    if (tenantId != null) {
      command.setTenantId(tenantId);
    }
    var broadcast = gateway.await(gateway.gateway().broadcastSignal(command.build()));
    return Shapes.tree(
        new SignalBroadcastResult()
            .tenantId(Shapes.tenant(broadcast.getTenantId()))
            .signalKey(Shapes.key(broadcast.getKey())));
  }

  private static String required(RequestObject body, String name) {
    String value = body.text(name, null);
    if (value == null || value.isBlank()) {
      throw ApiProblem.invalid(name + " is required");
    }
    return value;
  }
}
