package io.mediaflow.app.rest;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.google.protobuf.ByteString;
import io.camunda.client.protocol.rest.BrokerInfo;
import io.camunda.client.protocol.rest.Partition;
import io.camunda.client.protocol.rest.TopologyResponse;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.DeployResourceRequest;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.Deployment;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.Resource;
import java.io.IOException;
import java.io.UncheckedIOException;
import org.springframework.http.MediaType;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.multipart.MultipartFile;

/**
 * The engine's topology and deployments, as Camunda's REST API has them; both forwarded to the
 * engine.
 */
@RestController
@RequestMapping("/v2")
class ClusterController {

  private final GatewayCalls gateway;

  ClusterController(GatewayCalls gateway) {
    this.gateway = gateway;
  }

  @GetMapping("/topology")
  ObjectNode topology() {
    var topology = gateway.gateway().topology();
    // The gateway protocol's enums and the REST model's share their constants' names; the model
    // writes them in lower case.
    return Shapes.tree(
        new TopologyResponse()
            .brokers(
                topology.getBrokersList().stream()
                    .map(
                        broker ->
                            new BrokerInfo()
                                .nodeId(broker.getNodeId())
                                .host(broker.getHost())
                                .port(broker.getPort())
                                .partitions(
                                    broker.getPartitionsList().stream()
                                        .map(
                                            partition ->
                                                new Partition()
                                                    .partitionId(partition.getPartitionId())
                                                    .role(
                                                        Partition.RoleEnum.valueOf(
                                                            partition.getRole().name()))
                                                    .health(
                                                        Partition.HealthEnum.valueOf(
                                                            partition.getHealth().name())))
                                        .toList())
                                .version(broker.getVersion()))
                    .toList())
            .clusterSize(topology.getClusterSize())
            .partitionsCount(topology.getPartitionsCount())
            .replicationFactor(topology.getReplicationFactor())
            .gatewayVersion(topology.getGatewayVersion())
            .lastCompletedChangeId(null));
  }

  /**
   * Deploys the multipart {@code resources} (BPMN, DMN, forms) in one deployment, as they are: the
   * engine parses and checks each, as it does those deployed over gRPC.
   */
  @PostMapping(value = "/deployments", consumes = MediaType.MULTIPART_FORM_DATA_VALUE)
  ObjectNode deploy(
      @RequestParam("resources") MultipartFile[] resources,
      @RequestParam(value = "tenantId", required = false) String tenantId) {
    if (resources.length == 0) {
      throw ApiProblem.invalid("resources must hold at least one file");
    }
    var command = DeployResourceRequest.newBuilder();
    for (MultipartFile resource : resources) {
      String name =
          resource.getOriginalFilename() == null
              ? resource.getName()
              : resource.getOriginalFilename();
      command.addResources(
          Resource.newBuilder().setName(name).setContent(ByteString.copyFrom(bytes(resource))));
    }
    if (tenantId != null) {
      command.setTenantId(tenantId);
    }
    var deployment = gateway.await(gateway.gateway().deployResource(command.build()));
    ObjectNode result = Shapes.object();
    result.put("deploymentKey", Shapes.key(deployment.getKey()));
    result.put("tenantId", Shapes.tenant(deployment.getTenantId()));
    ArrayNode deployments = result.putArray("deployments");
    // As camunda-client-java groups them: processes, forms, decisions, decision requirements.
    var deployed = deployment.getDeploymentsList();
    deployed.stream()
        .filter(Deployment::hasProcess)
        .map(Deployment::getProcess)
        .forEach(
            process ->
                deployments
                    .addObject()
                    .putObject("processDefinition")
                    .put("processDefinitionId", process.getBpmnProcessId())
                    .put("processDefinitionVersion", process.getVersion())
                    .put("resourceName", process.getResourceName())
                    .put("tenantId", Shapes.tenant(process.getTenantId()))
                    .put("processDefinitionKey", Shapes.key(process.getProcessDefinitionKey())));
    deployed.stream()
        .filter(Deployment::hasForm)
        .map(Deployment::getForm)
        .forEach(
            form ->
                deployments
                    .addObject()
                    .putObject("form")
                    .put("formId", form.getFormId())
                    .put("version", form.getVersion())
                    .put("resourceName", form.getResourceName())
                    .put("tenantId", Shapes.tenant(form.getTenantId()))
                    .put("formKey", Shapes.key(form.getFormKey())));
    deployed.stream()
        .filter(Deployment::hasDecision)
        .map(Deployment::getDecision)
        .forEach(
            decision ->
                deployments
                    .addObject()
                    .putObject("decisionDefinition")
                    .put("decisionDefinitionId", decision.getDmnDecisionId())
                    .put("version", decision.getVersion())
                    .put("name", decision.getDmnDecisionName())
                    .put("tenantId", Shapes.tenant(decision.getTenantId()))
                    .put("decisionRequirementsId", decision.getDmnDecisionRequirementsId())
                    .put("decisionDefinitionKey", Shapes.key(decision.getDecisionKey()))
                    .put(
                        "decisionRequirementsKey",
                        Shapes.key(decision.getDecisionRequirementsKey())));
    deployed.stream()
        .filter(Deployment::hasDecisionRequirements)
        .map(Deployment::getDecisionRequirements)
        .forEach(
            drg ->
                deployments
                    .addObject()
                    .putObject("decisionRequirements")
                    .put("decisionRequirementsId", drg.getDmnDecisionRequirementsId())
                    .put("version", drg.getVersion())
                    .put("decisionRequirementsName", drg.getDmnDecisionRequirementsName())
                    .put("tenantId", Shapes.tenant(drg.getTenantId()))
                    .put("resourceName", drg.getResourceName())
                    .put("decisionRequirementsKey", Shapes.key(drg.getDecisionRequirementsKey())));
    return result;
  }

  private static byte[] bytes(MultipartFile resource) {
    try {
      return resource.getBytes();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
