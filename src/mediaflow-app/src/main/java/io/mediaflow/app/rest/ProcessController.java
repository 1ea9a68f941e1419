package io.mediaflow.app.rest;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.camunda.client.CamundaClient;
import io.camunda.client.api.command.CreateProcessInstanceCommandStep1.CreateProcessInstanceCommandStep3;
import io.camunda.client.protocol.rest.ProcessInstanceSequenceFlowsQueryResult;
import io.mediaflow.app.engine.EngineCommands;
import io.mediaflow.app.engine.ProcessHistory;
import io.mediaflow.app.engine.ProcessHistory.ProcessDefinition;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
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
  private final CamundaClient camunda;
  private final EngineCommands commands;

  ProcessController(ProcessHistory history, CamundaClient camunda, EngineCommands commands) {
    this.history = history;
    this.camunda = camunda;
    this.commands = commands;
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
   * runtimeInstructions}: see {@link RuntimeInstructionStart}.
   */
  @PostMapping("/process-instances")
  ObjectNode create(@RequestBody JsonNode request) {
    RequestObject body = checkCreation(request);
    if (RuntimeInstructionStart.applies(body)) {
      return RuntimeInstructionStart.start(body, commands);
    }
    var start = camunda.newCreateInstanceCommand();
    CreateProcessInstanceCommandStep3 command;
    if (body.has("processDefinitionKey")) {
      command = start.processDefinitionKey(body.key("processDefinitionKey"));
    } else if (body.has("processDefinitionId")) {
      var byId = start.bpmnProcessId(body.get("processDefinitionId").asText());
      // camunda-client-java sends -1 for the latest version
      int version =
          (int) Math.min(body.number("processDefinitionVersion", -1, -1), Integer.MAX_VALUE);
      command = version < 0 ? byId.latestVersion() : byId.version(version);
    } else {
      throw ApiProblem.invalid("Either processDefinitionId or processDefinitionKey is required");
    }
    command = command.variables(body.variables());
    if (body.has("tenantId")) {
      command = command.tenantId(body.text("tenantId", null));
    }
    for (JsonNode instruction : body.get("startInstructions")) {
      command = command.startBeforeElement(instruction.path("elementId").asText());
    }
    if (body.get("awaitCompletion").asBoolean(false)) {
      var withResult = command.withResult();
      List<String> fetch = new ArrayList<>();
      body.get("fetchVariables").forEach(name -> fetch.add(name.asText()));
      if (!fetch.isEmpty()) {
        withResult = withResult.fetchVariables(fetch);
      }
      long timeout = body.number("requestTimeout", 0, 0);
      var completed =
          (timeout > 0 ? withResult.requestTimeout(Duration.ofMillis(timeout)) : withResult)
              .send()
              .join();
      return Shapes.created(
          completed.getBpmnProcessId(),
          completed.getVersion(),
          completed.getTenantId(),
          completed.getProcessDefinitionKey(),
          completed.getProcessInstanceKey(),
          completed.getVariablesAsMap());
    }
    var created = command.send().join();
    return Shapes.created(
        created.getBpmnProcessId(),
        created.getVersion(),
        created.getTenantId(),
        created.getProcessDefinitionKey(),
        created.getProcessInstanceKey(),
        Map.of());
  }

  /** The properties of Camunda 8.8's process instance creation instruction. */
  private static final Set<String> CREATION_PROPERTIES =
      Set.of(
          "processDefinitionId",
          "processDefinitionVersion",
          "processDefinitionKey",
          "variables",
          "startInstructions",
          "runtimeInstructions",
          "tenantId",
          "operationReference",
          "awaitCompletion",
          "fetchVariables",
          "requestTimeout",
          "tags");

  /**
   * BPMN ids are XML names; the engine's own limit is far above any real one, and its refusal is a
   * broken stream.
   */
  private static final int MAX_ID_LENGTH = 255;

  /**
   * Refuses what the engine would misread or fail on: unknown properties, wrong types, values
   * beyond its limits.
   */
  private static RequestObject checkCreation(JsonNode request) {
    RequestObject body = RequestObject.of(request, "a start", CREATION_PROPERTIES);
    JsonNode id = body.get("processDefinitionId");
    if (body.has("processDefinitionId")
        && (!id.isTextual() || id.asText().length() > MAX_ID_LENGTH)) {
      throw ApiProblem.invalid(
          "processDefinitionId must be a text of at most " + MAX_ID_LENGTH + " characters");
    }
    if (body.has("awaitCompletion") && !body.get("awaitCompletion").isBoolean()) {
      throw ApiProblem.invalid("awaitCompletion must be true or false");
    }
    body.number("requestTimeout", 0, 0); // refused even where it would not be used
    return body;
  }

  @PostMapping("/process-instances/search")
  ObjectNode searchInstances(@RequestBody(required = false) JsonNode query) {
    var filters = new HashMap<>(new ProcessInstanceFilters(history).forInstances(query));
    filters.put("variables", this::hasVariables);
    return Search.of(query, filters).apply(history.processInstanceLookup(), this::shape);
  }

  @GetMapping("/process-instances/{processInstanceKey}")
  ObjectNode instance(@PathVariable long processInstanceKey) {
    return history
        .processInstance(processInstanceKey)
        .map(this::shape)
        .orElseThrow(
            () -> ApiProblem.notFound("No process instance with key " + processInstanceKey));
  }

  /**
   * The sequence flows an instance took, each once: what Operate marks on the diagram, and CPT's
   * coverage reads.
   */
  @GetMapping("/process-instances/{processInstanceKey}/sequence-flows")
  ObjectNode sequenceFlows(@PathVariable long processInstanceKey) {
    ProcessHistory.ProcessInstance instance =
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

  @PostMapping("/process-instances/{processInstanceKey}/cancellation")
  ResponseEntity<Void> cancel(@PathVariable long processInstanceKey) {
    camunda.newCancelInstanceCommand(processInstanceKey).send().join();
    return ResponseEntity.noContent().build();
  }

  /**
   * Element instances, e.g. to mark a diagram: {@code elementId}, {@code state}, {@code
   * hasIncident}.
   */
  @PostMapping("/element-instances/search")
  ObjectNode searchElements(@RequestBody(required = false) JsonNode query) {
    return Search.of(query, new ProcessInstanceFilters(history).forElements())
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

  private ObjectNode shape(ProcessHistory.ProcessInstance instance) {
    return Shapes.processInstance(
        instance, history.processDefinition(instance.definitionKey()).orElse(null));
  }

  private ProcessDefinition definitionOf(long key) {
    return history
        .processDefinition(key)
        .orElseThrow(() -> ApiProblem.notFound("No process definition with key " + key));
  }

  private boolean hasVariables(ObjectNode instance, JsonNode filters) {
    long key = instance.get("processInstanceKey").asLong();
    return Search.hasVariables(history.variablesVisibleFrom(key, key), filters, "filter.variables");
  }
}
