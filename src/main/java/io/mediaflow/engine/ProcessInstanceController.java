package io.mediaflow.engine;

import io.camunda.client.CamundaClient;
import io.camunda.client.api.command.ClientStatusException;
import java.util.Map;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;

/**
 * Starts a process instance over HTTP, for trying the embedded default with curl. Other systems start processes
 * through the engine's own API ({@code localhost:26500}); this only forwards to it.
 */
@RestController
@ConditionalOnProperty(name = "mediaflow.engine.embedded", havingValue = "true", matchIfMissing = true)
class ProcessInstanceController {

  private final CamundaClient camunda;

  ProcessInstanceController(CamundaClient camunda) {
    this.camunda = camunda;
  }

  @PostMapping("/processes/{bpmnProcessId}/instances")
  ResponseEntity<Map<String, Object>> start(@PathVariable String bpmnProcessId, @RequestBody(required = false) Map<String, Object> variables) {
    try {
      var instance = camunda.newCreateInstanceCommand().bpmnProcessId(bpmnProcessId).latestVersion()
          .variables(variables == null ? Map.of() : variables).send().join();
      return ResponseEntity.status(HttpStatus.CREATED).body(Map.of(
          "processInstanceKey", instance.getProcessInstanceKey(),
          "bpmnProcessId", instance.getBpmnProcessId(),
          "version", instance.getVersion()));
    } catch (ClientStatusException e) {
      return ResponseEntity.status(e.getStatusCode().name().equals("NOT_FOUND") ? HttpStatus.NOT_FOUND : HttpStatus.BAD_REQUEST)
          .body(Map.of("error", e.getMessage()));
    }
  }
}
