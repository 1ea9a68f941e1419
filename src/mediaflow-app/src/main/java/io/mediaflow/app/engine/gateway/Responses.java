package io.mediaflow.app.engine.gateway;

import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.CreateProcessInstanceResponse;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.CreateProcessInstanceWithResultResponse;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.DecisionMetadata;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.DecisionRequirementsMetadata;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.DeployResourceResponse;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.FormMetadata;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.ProcessMetadata;
import io.camunda.zeebe.protocol.impl.encoding.MsgPackConverter;
import io.camunda.zeebe.protocol.impl.record.value.deployment.DeploymentRecord;
import io.camunda.zeebe.protocol.impl.record.value.processinstance.ProcessInstanceCreationRecord;
import io.camunda.zeebe.protocol.impl.record.value.processinstance.ProcessInstanceResultRecord;

/** The gateway protocol's responses built from the engine's answers that need more than a key. */
final class Responses {

  private Responses() {}

  static DeployResourceResponse deployed(EngineResponse response) {
    DeploymentRecord deployment = response.read(new DeploymentRecord());
    String tenant = deployment.getTenantId();
    var deployed = DeployResourceResponse.newBuilder().setKey(response.key()).setTenantId(tenant);
    deployment
        .getProcessesMetadata()
        .forEach(
            process ->
                deployed
                    .addDeploymentsBuilder()
                    .setProcess(
                        ProcessMetadata.newBuilder()
                            .setBpmnProcessId(process.getBpmnProcessId())
                            .setVersion(process.getVersion())
                            .setProcessDefinitionKey(process.getProcessDefinitionKey())
                            .setResourceName(process.getResourceName())
                            .setTenantId(tenant)));
    deployment
        .getDecisionsMetadata()
        .forEach(
            decision ->
                deployed
                    .addDeploymentsBuilder()
                    .setDecision(
                        DecisionMetadata.newBuilder()
                            .setDmnDecisionId(decision.getDecisionId())
                            .setDmnDecisionName(decision.getDecisionName())
                            .setVersion(decision.getVersion())
                            .setDecisionKey(decision.getDecisionKey())
                            .setDmnDecisionRequirementsId(decision.getDecisionRequirementsId())
                            .setDecisionRequirementsKey(decision.getDecisionRequirementsKey())
                            .setTenantId(tenant)));
    deployment
        .getDecisionRequirementsMetadata()
        .forEach(
            drd ->
                deployed
                    .addDeploymentsBuilder()
                    .setDecisionRequirements(
                        DecisionRequirementsMetadata.newBuilder()
                            .setDmnDecisionRequirementsId(drd.getDecisionRequirementsId())
                            .setDmnDecisionRequirementsName(drd.getDecisionRequirementsName())
                            .setVersion(drd.getDecisionRequirementsVersion())
                            .setDecisionRequirementsKey(drd.getDecisionRequirementsKey())
                            .setResourceName(drd.getResourceName())
                            .setTenantId(tenant)));
    deployment
        .getFormMetadata()
        .forEach(
            form ->
                deployed
                    .addDeploymentsBuilder()
                    .setForm(
                        FormMetadata.newBuilder()
                            .setFormId(form.getFormId())
                            .setVersion(form.getVersion())
                            .setFormKey(form.getFormKey())
                            .setResourceName(form.getResourceName())
                            .setTenantId(tenant)));
    return deployed.build();
  }

  static CreateProcessInstanceResponse created(EngineResponse response) {
    var created = response.read(new ProcessInstanceCreationRecord());
    return CreateProcessInstanceResponse.newBuilder()
        .setProcessInstanceKey(created.getProcessInstanceKey())
        .setProcessDefinitionKey(created.getProcessDefinitionKey())
        .setBpmnProcessId(created.getBpmnProcessId())
        .setVersion(created.getVersion())
        .setTenantId(created.getTenantId())
        .addAllTags(created.getTags())
        .build();
  }

  static CreateProcessInstanceWithResultResponse completed(EngineResponse response) {
    var result = response.read(new ProcessInstanceResultRecord());
    return CreateProcessInstanceWithResultResponse.newBuilder()
        .setProcessInstanceKey(result.getProcessInstanceKey())
        .setProcessDefinitionKey(result.getProcessDefinitionKey())
        .setBpmnProcessId(result.getBpmnProcessId())
        .setVersion(result.getVersion())
        .setTenantId(result.getTenantId())
        .addAllTags(result.getTags())
        .setVariables(MsgPackConverter.convertToJson(result.getVariablesBuffer()))
        .build();
  }
}
