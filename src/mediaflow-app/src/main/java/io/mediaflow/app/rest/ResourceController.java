package io.mediaflow.app.rest;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.camunda.client.protocol.rest.ResourceResult;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.DeleteResourceRequest;
import io.mediaflow.app.engine.history.DecisionHistory;
import io.mediaflow.app.engine.history.DeletedResources;
import io.mediaflow.app.engine.history.ProcessHistory;
import java.nio.charset.StandardCharsets;
import java.util.Optional;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * Deployed resources, as Camunda's REST API has them: one resource and its content, and its
 * deletion (through the engine, which then deletes the process definition, decision requirements or
 * form, as the gateway's {@code DeleteResource}). Camunda 8.8 answers the get and content only for
 * RPA resources; here they answer for what the embedded default deploys: processes (their BPMN),
 * decision requirements (their DMN) and forms (their schema).
 */
@RestController
@RequestMapping("/v2")
class ResourceController {

  /** A resource as the get and content answer it. */
  private record Resource(
      long key,
      String resourceId,
      String resourceName,
      int version,
      String versionTag,
      String tenantId,
      MediaType type,
      byte[] content) {}

  private final ProcessHistory history;
  private final DecisionHistory decisions;
  private final DeletedResources deleted;
  private final GatewayCalls gateway;

  ResourceController(
      ProcessHistory history,
      DecisionHistory decisions,
      DeletedResources deleted,
      GatewayCalls gateway) {
    this.history = history;
    this.decisions = decisions;
    this.deleted = deleted;
    this.gateway = gateway;
  }

  @GetMapping("/resources/{resourceKey}")
  ObjectNode get(@PathVariable long resourceKey) {
    Resource resource = find(resourceKey);
    return Shapes.tree(
        new ResourceResult()
            .resourceName(resource.resourceName())
            .version(resource.version())
            .versionTag(resource.versionTag())
            .resourceId(resource.resourceId())
            .tenantId(Shapes.tenant(resource.tenantId()))
            .resourceKey(Shapes.key(resource.key())));
  }

  @GetMapping("/resources/{resourceKey}/content")
  ResponseEntity<byte[]> content(@PathVariable long resourceKey) {
    Resource resource = find(resourceKey);
    return ResponseEntity.ok().contentType(resource.type()).body(resource.content());
  }

  /**
   * Deletes it in the engine; the body, read so that one with other properties is refused, has only
   * an {@code operationReference}, which is accepted and, as every command here, not echoed.
   */
  @PostMapping("/resources/{resourceKey}/deletion")
  ResponseEntity<Void> delete(
      @PathVariable long resourceKey,
      @RequestBody(required = false)
          io.camunda.client.protocol.rest.DeleteResourceRequest request) {
    gateway.await(
        gateway
            .gateway()
            .deleteResource(
                DeleteResourceRequest.newBuilder().setResourceKey(resourceKey).build()));
    return ResponseEntity.ok().build();
  }

  private Resource find(long key) {
    Optional<Resource> found =
        deleted.deleted(key)
            ? Optional.empty()
            : history
                .processDefinition(key)
                .map(
                    process ->
                        new Resource(
                            key,
                            process.processId(),
                            process.resourceName(),
                            process.version(),
                            process.versionTag(),
                            process.tenantId(),
                            MediaType.TEXT_XML,
                            process.xml()))
                .or(
                    () ->
                        decisions
                            .requirements(key)
                            .map(
                                drg ->
                                    new Resource(
                                        key,
                                        drg.requirementsId(),
                                        drg.resourceName(),
                                        drg.version(),
                                        null,
                                        drg.tenantId(),
                                        MediaType.TEXT_XML,
                                        drg.resource())))
                .or(
                    () ->
                        history
                            .form(key)
                            .map(
                                form ->
                                    new Resource(
                                        key,
                                        form.formId(),
                                        form.resourceName(),
                                        form.version(),
                                        null,
                                        form.tenantId(),
                                        MediaType.APPLICATION_JSON,
                                        form.schema().getBytes(StandardCharsets.UTF_8))));
    return found.orElseThrow(
        () ->
            ApiProblem.notFound(
                "No deployed process, decision requirements or form with key " + key));
  }
}
