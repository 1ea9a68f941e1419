package io.mediaflow.app.engine;

import io.camunda.client.CamundaClient;
import io.camunda.client.api.command.ClientStatusException;
import io.camunda.zeebe.process.test.api.ZeebeTestEngine;
import io.camunda.zeebe.protocol.record.Record;
import io.camunda.zeebe.protocol.record.value.VariableRecordValue;
import io.mediaflow.api.ApiJson;
import java.util.ConcurrentModificationException;
import java.util.Map;
import java.util.TreeMap;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;

/**
 * Starts a process instance over HTTP and shows its variables, for trying the embedded default with curl. Other
 * systems start processes through the engine's own API ({@code localhost:26500}); starting only forwards to it,
 * and the variables are read from the in-memory engine's records (a cluster has Operate for that).
 */
@RestController
@ConditionalOnProperty(name = "mediaflow.engine.embedded", havingValue = "true", matchIfMissing = true)
class ProcessInstanceController {

  private final CamundaClient camunda;
  private final ZeebeTestEngine engine;

  ProcessInstanceController(CamundaClient camunda, ZeebeTestEngine engine) {
    this.camunda = camunda;
    this.engine = engine;
  }

  /** The instance's process variables as they are now (the last value written to each), e.g. its results. */
  @GetMapping("/processes/instances/{processInstanceKey}/variables")
  ResponseEntity<Map<String, Object>> variables(@PathVariable long processInstanceKey) {
    var variables = new TreeMap<String, Object>();
    for (int attempt = 0; attempt < 10; attempt++) {
      try {
        variables.clear();
        for (Record<?> record : engine.getRecordStreamSource().getRecords()) {
          if (record.getValue() instanceof VariableRecordValue variable
              && variable.getScopeKey() == processInstanceKey) {
            variables.put(variable.getName(), readJson(variable.getValue()));
          }
        }
        break;
      } catch (ConcurrentModificationException engineWroteMeanwhile) {
        // The in-memory engine appends records while they are read; read again.
      }
    }
    return variables.isEmpty() ? ResponseEntity.notFound().build() : ResponseEntity.ok(variables);
  }

  private static Object readJson(String value) {
    try {
      return ApiJson.MAPPER.readValue(value, Object.class);
    } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
      return value;
    }
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
