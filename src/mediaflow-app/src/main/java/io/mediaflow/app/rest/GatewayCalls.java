package io.mediaflow.app.rest;

import com.fasterxml.jackson.core.JsonProcessingException;
import io.grpc.StatusRuntimeException;
import io.mediaflow.app.engine.gateway.Answers;
import io.mediaflow.app.engine.gateway.CommandGateway;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.stereotype.Component;

/**
 * The REST API's way to the engine: the embedded gateway's commands ({@link CommandGateway}, the
 * same the gRPC service calls), each awaited as long as a client waits for an answer. A refusal is
 * the gateway's {@link StatusRuntimeException}, which {@link Problems} answers with the HTTP status
 * Camunda's REST gateway gives it.
 */
@Component
class GatewayCalls {

  private final CommandGateway gateway;
  private final Duration timeout;

  GatewayCalls(
      CommandGateway gateway, @Value("${camunda.client.request-timeout:10s}") Duration timeout) {
    this.gateway = gateway;
    this.timeout = timeout;
  }

  CommandGateway gateway() {
    return gateway;
  }

  /** How long a command is awaited. */
  Duration timeout() {
    return timeout;
  }

  /** The command's answer, awaited up to the request timeout. */
  <T> T await(CompletableFuture<T> command) {
    return await(command, timeout);
  }

  /**
   * The command's answer, awaited up to {@code wait}; past it the command is given up
   * (DEADLINE_EXCEEDED).
   */
  <T> T await(CompletableFuture<T> command, Duration wait) {
    return Answers.await(command, wait);
  }

  /** Variables as the gateway's answers carry them, a JSON object, read. */
  @SuppressWarnings("unchecked")
  static Map<String, Object> map(String json) {
    try {
      return CamundaJson.MAPPER.readValue(json, Map.class);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("The engine answered variables that are no JSON object", e);
    }
  }

  /** Variables as the gateway's requests carry them: a JSON object, empty when there are none. */
  static String json(Map<String, Object> variables) {
    try {
      return CamundaJson.MAPPER.writeValueAsString(variables == null ? Map.of() : variables);
    } catch (JsonProcessingException e) {
      throw new IllegalArgumentException(e);
    }
  }
}
