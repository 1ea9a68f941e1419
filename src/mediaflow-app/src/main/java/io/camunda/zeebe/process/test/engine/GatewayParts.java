package io.camunda.zeebe.process.test.engine;

import io.camunda.zeebe.engine.processing.streamprocessor.JobStreamer;
import io.camunda.zeebe.logstreams.log.LogStream;
import io.camunda.zeebe.stream.api.CommandResponseWriter;
import io.camunda.zeebe.stream.api.InterPartitionCommandSender;
import io.grpc.BindableService;

/**
 * zeebe-process-test's gateway parts over any {@link LogStream}. They are package-private (only their
 * constructors are public), so this bridge lives in their package, as {@code FailJobWithVariables} does; it wires
 * them as 8.8.21's {@code EngineFactory.create(int, Consumer)} does, without its InMemoryLogStorage, and with
 * request ids of this run only ({@link RunRequestStore}), since the log outlives the run.
 */
public final class GatewayParts {

  private GatewayParts() {}

  /** What the engine needs from the gateway side, and what the gateway needs from it. */
  public record Parts(BindableService gateway, CommandResponseWriter responseWriter,
      InterPartitionCommandSender commandSender, JobStreamer jobStreamer) {}

  public static Parts create(LogStream logStream, int partitionId, int partitionCount, int port) {
    CommandWriter writer = new CommandWriter(logStream.newLogStreamWriter());
    CommandSender sender = new CommandSender(writer);
    RunRequestStore requests = new RunRequestStore();
    InMemoryJobStreamer jobStreamer = new InMemoryJobStreamer(writer);
    GrpcToLogStreamGateway gateway =
        new GrpcToLogStreamGateway(writer, partitionId, partitionCount, port, requests, jobStreamer);
    GrpcResponseWriter responseWriter = new RunResponseWriter(gateway, requests);
    return new Parts(gateway, responseWriter, sender, jobStreamer);
  }
}
