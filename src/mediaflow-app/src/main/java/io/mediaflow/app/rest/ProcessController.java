package io.mediaflow.app.rest;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.camunda.client.protocol.rest.ProcessInstanceCreationInstruction;
import io.camunda.client.protocol.rest.ProcessInstanceCreationRuntimeInstruction;
import io.camunda.client.protocol.rest.ProcessInstanceCreationStartInstruction;
import io.camunda.client.protocol.rest.ProcessInstanceCreationTerminateInstruction;
import io.camunda.client.protocol.rest.ProcessInstanceSequenceFlowsQueryResult;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.CancelProcessInstanceRequest;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.CreateProcessInstanceRequest;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.CreateProcessInstanceWithResultRequest;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.TerminateProcessInstanceInstruction;
import io.mediaflow.app.engine.history.ProcessDefinition;
import io.mediaflow.app.engine.history.ProcessHistory;
import io.mediaflow.app.engine.history.ProcessInstance;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.stream.Collectors;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * Process definitions, process instances and their element instances, as Camunda's REST API has
 * them. Commands (start, cancel) go to the engine; reads come from {@link ProcessHistory}.
 */
@RestController
@RequestMapping("/v2")
class ProcessController {

  private final ProcessHistory history;
  private final ProcessInstanceSearch instances;
  private final GatewayCalls gateway;

  ProcessController(ProcessHistory history, ProcessInstanceSearch instances, GatewayCalls gateway) {
    this.history = history;
    this.instances = instances;
    this.gateway = gateway;
  }

  @PostMapping("/process-definitions/search")
  ObjectNode searchDefinitions(@RequestBody(required = false) JsonNode query) {
    List<ProcessDefinition> definitions = history.processDefinitions();
    Map<String, Integer> latest =
        definitions.stream()
            .collect(
                Collectors.toMap(
                    ProcessDefinition::processId, ProcessDefinition::version, Math::max));
    return Search.of(
            query,
            Map.of(
                "isLatestVersion",
                (definition, wanted) ->
                    wanted.asBoolean()
                        == (definition.get("version").asInt()
                            == latest.get(definition.get("processDefinitionId").asText()))))
        .apply(definitions.stream().map(Shapes::processDefinition));
  }

  @GetMapping("/process-definitions/{processDefinitionKey}")
  ObjectNode definition(@PathVariable long processDefinitionKey) {
    return Shapes.processDefinition(definitionOf(processDefinitionKey));
  }

  /**
   * The BPMN XML as deployed to the engine, as {@code text/xml} whatever the request accepts:
   * Camunda's Java client asks for JSON on every call, this one included, and reads the XML
   * (Camunda Process Test's coverage does).
   */
  @GetMapping("/process-definitions/{processDefinitionKey}/xml")
  ResponseEntity<byte[]> xml(@PathVariable long processDefinitionKey) {
    return ResponseEntity.ok()
        .contentType(MediaType.TEXT_XML)
        .body(definitionOf(processDefinitionKey).xml());
  }

  /** The start event's form; 204 when the process has none. */
  @GetMapping("/process-definitions/{processDefinitionKey}/form")
  ResponseEntity<ObjectNode> startForm(@PathVariable long processDefinitionKey) {
    ProcessDefinition definition = definitionOf(processDefinitionKey);
    if (definition.startFormId() == null) {
      return ResponseEntity.noContent().build();
    }
    return history
        .latestForm(definition.startFormId())
        .map(form -> ResponseEntity.ok(Shapes.form(form)))
        .orElseGet(() -> ResponseEntity.noContent().build());
  }

  /**
   * Starts an instance by {@code processDefinitionId} (latest or given {@code
   * processDefinitionVersion}) or {@code processDefinitionKey}; with {@code awaitCompletion}
   * answers once it completed, with the variables ({@code fetchVariables}: only those). With {@code
   * runtimeInstructions} ({@code TERMINATE_PROCESS_INSTANCE} {@code afterElementId}: Desktop
   * Modeler's task testing) the engine ends the instance once that element completed.
   */
  @PostMapping("/process-instances")
  ObjectNode create(@RequestBody ProcessInstanceCreationInstruction request) {
    var start = CreateProcessInstanceRequest.newBuilder();
    if (request.getProcessDefinitionKey() != null) {
      start.setProcessDefinitionKey(
          RequestValues.key("processDefinitionKey", request.getProcessDefinitionKey()));
    } else if (request.getProcessDefinitionId() != null) {
      if (request.getProcessDefinitionId().length() > MAX_ID_LENGTH) {
        throw ApiProblem.invalid(
            "processDefinitionId must be a text of at most " + MAX_ID_LENGTH + " characters");
      }
      // -1 for the latest version, as camunda-client-java sends it
      start
          .setBpmnProcessId(request.getProcessDefinitionId())
          .setVersion(
              (int)
                  RequestValues.atLeast(
                      "processDefinitionVersion", request.getProcessDefinitionVersion(), -1, -1));
    } else {
      throw ApiProblem.invalid("Either processDefinitionId or processDefinitionKey is required");
    }
    start.setVariables(GatewayCalls.json(request.getVariables()));
    if (request.getTags() != null) {
      start.addAllTags(request.getTags());
    }
    if (request.getTenantId() != null) {
      start.setTenantId(request.getTenantId());
    }
    for (var instruction :
        Objects.requireNonNullElse(
            request.getStartInstructions(), List.<ProcessInstanceCreationStartInstruction>of())) {
      start
          .addStartInstructionsBuilder()
          .setElementId(Objects.requireNonNullElse(instruction.getElementId(), ""));
    }
    boolean awaitCompletion = Boolean.TRUE.equals(request.getAwaitCompletion());
    // refused even where it would not be used
    long timeout = RequestValues.atLeast("requestTimeout", request.getRequestTimeout(), 0, 0);
    addRuntimeInstructions(request, awaitCompletion, start);
    if (awaitCompletion) {
      List<String> fetch = Objects.requireNonNullElse(request.getFetchVariables(), List.of());
      Duration wait = timeout > 0 ? Duration.ofMillis(timeout) : gateway.timeout();
      var completed =
          gateway.await(
              gateway
                  .gateway()
                  .createProcessInstanceWithResult(
                      CreateProcessInstanceWithResultRequest.newBuilder()
                          .setRequest(start)
                          .setRequestTimeout(wait.toMillis())
                          .addAllFetchVariables(fetch)
                          .build()),
              wait.plus(RESULT_DEADLINE_OFFSET));
      return Shapes.created(
          completed.getBpmnProcessId(),
          completed.getVersion(),
          completed.getTenantId(),
          completed.getProcessDefinitionKey(),
          completed.getProcessInstanceKey(),
          completed.getTagsList(),
          GatewayCalls.map(completed.getVariables()));
    }
    var created = gateway.await(gateway.gateway().createProcessInstance(start.build()));
    return Shapes.created(
        created.getBpmnProcessId(),
        created.getVersion(),
        created.getTenantId(),
        created.getProcessDefinitionKey(),
        created.getProcessInstanceKey(),
        created.getTagsList(),
        Map.of());
  }

  /**
   * How much longer than an awaited start's request timeout its answer is waited for: the gateway
   * fails it at the timeout, as camunda-client-java's deadline does.
   */
  private static final Duration RESULT_DEADLINE_OFFSET = Duration.ofSeconds(10);

  /**
   * The start's {@code runtimeInstructions}, each {@code {"type": "TERMINATE_PROCESS_INSTANCE",
   * "afterElementId": ...}}, which the gateway hands the engine. The engine answers such a start
   * only once the instance is created, so it cannot be awaited.
   */
  private static void addRuntimeInstructions(
      ProcessInstanceCreationInstruction request,
      boolean awaitCompletion,
      CreateProcessInstanceRequest.Builder start) {
    var instructions =
        Objects.requireNonNullElse(
            request.getRuntimeInstructions(), List.<ProcessInstanceCreationRuntimeInstruction>of());
    if (instructions.isEmpty()) {
      return;
    }
    if (awaitCompletion) {
      throw ApiProblem.invalid(
          "awaitCompletion cannot be combined with runtimeInstructions on the embedded default:"
              + " its engine answers a start with runtime instructions only once the instance is created; start it"
              + " without awaitCompletion and follow it with POST /v2/process-instances/search");
    }
    for (var instruction : instructions) {
      // The only kind 8.8 has; its type and afterElementId the request model requires.
      var terminate = (ProcessInstanceCreationTerminateInstruction) instruction;
      start
          .addRuntimeInstructionsBuilder()
          .setTerminate(
              TerminateProcessInstanceInstruction.newBuilder()
                  .setAfterElementId(terminate.getAfterElementId()));
    }
  }

  /**
   * BPMN ids are XML names; the engine's own limit is far above any real one, and its refusal is a
   * broken stream.
   */
  private static final int MAX_ID_LENGTH = 255;

  @PostMapping("/process-instances/search")
  ObjectNode searchInstances(@RequestBody(required = false) JsonNode query) {
    return instances.apply(query);
  }

  @GetMapping("/process-instances/{processInstanceKey}")
  ObjectNode instance(@PathVariable long processInstanceKey) {
    return history
        .processInstance(processInstanceKey)
        .map(instances::shape)
        .orElseThrow(
            () -> ApiProblem.notFound("No process instance with key " + processInstanceKey));
  }

  /**
   * The sequence flows an instance took, each once: what Operate marks on the diagram, and CPT's
   * coverage reads.
   */
  @GetMapping("/process-instances/{processInstanceKey}/sequence-flows")
  ObjectNode sequenceFlows(@PathVariable long processInstanceKey) {
    ProcessInstance instance =
        history
            .processInstance(processInstanceKey)
            .orElseThrow(
                () -> ApiProblem.notFound("No process instance with key " + processInstanceKey));
    return Shapes.tree(
        new ProcessInstanceSequenceFlowsQueryResult()
            .items(
                history.sequenceFlows(processInstanceKey).stream()
                    .map(flow -> Shapes.sequenceFlow(instance, flow))
                    .toList()));
  }

  /**
   * Cancels it in the engine; the body, read so that one with other properties is refused, has only
   * an {@code operationReference}, which is accepted and, as every command here, not echoed.
   */
  @PostMapping("/process-instances/{processInstanceKey}/cancellation")
  ResponseEntity<Void> cancel(
      @PathVariable long processInstanceKey,
      @RequestBody(required = false)
          io.camunda.client.protocol.rest.CancelProcessInstanceRequest request) {
    gateway.await(
        gateway
            .gateway()
            .cancelProcessInstance(
                CancelProcessInstanceRequest.newBuilder()
                    .setProcessInstanceKey(processInstanceKey)
                    .build()));
    return ResponseEntity.noContent().build();
  }

  /**
   * Element instances, e.g. to mark a diagram: {@code elementId}, {@code state}, {@code
   * hasIncident}.
   */
  @PostMapping("/element-instances/search")
  ObjectNode searchElements(@RequestBody(required = false) JsonNode query) {
    return Search.of(query, instances.elementFilters())
        .apply(history.elementInstanceLookup(), Shapes::elementInstance);
  }

  @GetMapping("/element-instances/{elementInstanceKey}")
  ObjectNode element(@PathVariable long elementInstanceKey) {
    return history
        .elementInstance(elementInstanceKey)
        .map(Shapes::elementInstance)
        .orElseThrow(
            () -> ApiProblem.notFound("No element instance with key " + elementInstanceKey));
  }

  private ProcessDefinition definitionOf(long key) {
    return history
        .processDefinition(key)
        .orElseThrow(() -> ApiProblem.notFound("No process definition with key " + key));
  }
}
