package io.mediaflow.app.engine;

import io.camunda.zeebe.gateway.protocol.GatewayGrpc;
import io.camunda.zeebe.process.test.engine.FailJobWithVariables;
import io.grpc.BindableService;
import io.grpc.ServerMethodDefinition;
import io.grpc.ServerServiceDefinition;
import io.grpc.stub.ServerCalls;

/**
 * The calls of zeebe-process-test's gateway as {@link DurableEngine} serves them: its FailJob drops the request's
 * variables, so that one call goes to {@link FailJobWithVariables} instead, every other to the gateway itself.
 */
final class EmbeddedGateway {

  private EmbeddedGateway() {}

  /** The gateway's calls, but FailJob through {@link FailJobWithVariables}, which keeps the request's variables. */
  static ServerServiceDefinition withFailJobVariables(BindableService gateway) {
    ServerServiceDefinition calls = gateway.bindService();
    var failJob = new FailJobWithVariables(gateway);
    var routed = ServerServiceDefinition.builder(calls.getServiceDescriptor());
    for (ServerMethodDefinition<?, ?> call : calls.getMethods()) {
      if (call.getMethodDescriptor().getFullMethodName().equals(GatewayGrpc.getFailJobMethod().getFullMethodName())) {
        routed.addMethod(GatewayGrpc.getFailJobMethod(), ServerCalls.asyncUnaryCall(failJob::failJob));
      } else {
        routed.addMethod(call);
      }
    }
    return routed.build();
  }
}
