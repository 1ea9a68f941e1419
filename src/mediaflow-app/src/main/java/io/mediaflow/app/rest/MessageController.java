package io.mediaflow.app.rest;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.camunda.client.protocol.rest.MessageCorrelationRequest;
import io.camunda.client.protocol.rest.MessageCorrelationResult;
import io.camunda.client.protocol.rest.MessagePublicationRequest;
import io.camunda.client.protocol.rest.MessagePublicationResult;
import io.camunda.client.protocol.rest.SignalBroadcastRequest;
import io.camunda.client.protocol.rest.SignalBroadcastResult;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.BroadcastSignalRequest;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.PublishMessageRequest;
import java.util.Map;
import java.util.Objects;
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
  ObjectNode publish(@RequestBody MessagePublicationRequest request) {
    var command =
        PublishMessageRequest.newBuilder()
            .setName(notBlank(request.getName(), "name"))
            .setCorrelationKey(Objects.requireNonNullElse(request.getCorrelationKey(), ""))
            .setTimeToLive(RequestValues.atLeast("timeToLive", request.getTimeToLive(), 0, 0))
            .setVariables(GatewayCalls.json(request.getVariables()));
    if (request.getMessageId() != null) {
      command.setMessageId(request.getMessageId());
    }
    if (request.getTenantId() != null) {
      command.setTenantId(request.getTenantId());
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
  ObjectNode correlate(@RequestBody MessageCorrelationRequest request) {
    var correlated =
        gateway.await(
            gateway
                .gateway()
                .correlateMessage(
                    notBlank(request.getName(), "name"),
                    Objects.requireNonNullElse(request.getCorrelationKey(), ""),
                    Objects.requireNonNullElse(request.getVariables(), Map.of()),
                    request.getTenantId()));
    return Shapes.tree(
        new MessageCorrelationResult()
            .tenantId(Shapes.tenant(correlated.getTenantId()))
            .messageKey(Shapes.key(correlated.getMessageKey()))
            .processInstanceKey(Shapes.key(correlated.getProcessInstanceKey())));
  }

  /** {@code signalName}, {@code variables}, {@code tenantId}. */
  @PostMapping("/signals/broadcast")
  ObjectNode broadcast(@RequestBody SignalBroadcastRequest request) {
    var command =
        BroadcastSignalRequest.newBuilder()
            .setSignalName(notBlank(request.getSignalName(), "signalName"))
            .setVariables(GatewayCalls.json(request.getVariables()));
    if (request.getTenantId() != null) {
      command.setTenantId(request.getTenantId());
    }
    var broadcast = gateway.await(gateway.gateway().broadcastSignal(command.build()));
    return Shapes.tree(
        new SignalBroadcastResult()
            .tenantId(Shapes.tenant(broadcast.getTenantId()))
            .signalKey(Shapes.key(broadcast.getKey())));
  }

  private static String notBlank(String value, String name) {
    if (value.isBlank()) {
      throw ApiProblem.invalid(name + " must not be blank");
    }
    return value;
  }
}
