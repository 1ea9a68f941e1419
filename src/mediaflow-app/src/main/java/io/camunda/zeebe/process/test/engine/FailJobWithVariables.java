package io.camunda.zeebe.process.test.engine;

import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.FailJobRequest;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.FailJobResponse;
import io.camunda.zeebe.protocol.impl.encoding.MsgPackConverter;
import io.camunda.zeebe.protocol.impl.record.RecordMetadata;
import io.camunda.zeebe.protocol.impl.record.value.job.JobRecord;
import io.camunda.zeebe.protocol.record.RecordType;
import io.camunda.zeebe.protocol.record.ValueType;
import io.camunda.zeebe.protocol.record.intent.JobIntent;
import io.camunda.zeebe.util.buffer.BufferUtil;
import io.grpc.BindableService;
import io.grpc.stub.StreamObserver;
import java.lang.reflect.Field;

/**
 * The FailJob call of zeebe-process-test's gateway, with the request's variables. Its own {@code failJob} writes the
 * command without them, where a real gateway passes them on and the engine sets them as local variables of the
 * job's element instance: Mediaflow's workers keep a wait's bookkeeping that way. Lives in the engine's package
 * for its package-private {@link CommandWriter} and {@link GatewayRequestStore}; {@code EmbeddedGateway} routes
 * FailJob here and every other call to the gateway itself.
 */
public final class FailJobWithVariables {

  private final CommandWriter writer;
  private final GatewayRequestStore requests;
  private final int partitionId;

  /** The writer, request store and partition of {@code gateway}, which must be zeebe-process-test's gateway. */
  public FailJobWithVariables(BindableService gateway) {
    if (!(gateway instanceof GrpcToLogStreamGateway)) {
      throw new IllegalArgumentException(gateway.getClass().getName() + " is not zeebe-process-test's gateway");
    }
    this.writer = (CommandWriter) field(gateway, "writer");
    this.requests = (GatewayRequestStore) field(gateway, "gatewayRequestStore");
    this.partitionId = (int) field(gateway, "partitionId");
  }

  /** As the gateway's own {@code failJob}, which answers through the same request store once the engine has. */
  public void failJob(FailJobRequest request, StreamObserver<FailJobResponse> answer) {
    Long requestId = requests.registerNewRequest(request.getClass(), answer);
    RecordMetadata metadata = new RecordMetadata().recordType(RecordType.COMMAND).requestStreamId(partitionId)
        .requestId(requestId).valueType(ValueType.JOB).intent(JobIntent.FAIL);
    JobRecord job = new JobRecord();
    job.setRetries(request.getRetries());
    job.setErrorMessage(request.getErrorMessage());
    job.setRetryBackoff(request.getRetryBackOff());
    if (!request.getVariables().isEmpty()) {
      job.setVariables(BufferUtil.wrapArray(MsgPackConverter.convertToMsgPack(request.getVariables())));
    }
    writer.writeCommandWithKey(request.getJobKey(), job, metadata);
  }

  private static Object field(Object gateway, String name) {
    try {
      Field field = GrpcToLogStreamGateway.class.getDeclaredField(name);
      field.setAccessible(true);
      return field.get(gateway);
    } catch (ReflectiveOperationException e) {
      throw new IllegalStateException("zeebe-process-test's gateway has no field " + name
          + ": its version changed, see FailJobWithVariables", e);
    }
  }
}
