package io.mediaflow.app.engine;

import io.camunda.zeebe.engine.processing.streamprocessor.JobStreamer;
import io.camunda.zeebe.logstreams.log.LogStream;
import io.camunda.zeebe.stream.api.CommandResponseWriter;
import io.camunda.zeebe.stream.api.InterPartitionCommandSender;
import io.grpc.ServerServiceDefinition;

/**
 * The gateway the engine is opened with, as the layer above sees it from below: it writes commands
 * to the engine's log once {@link #open opened} on it, takes the engine's answers, sends the
 * engine's commands to a partition, pushes jobs to workers, and is served as a gRPC service. The
 * engine knows only this; the gateway's own package implements it.
 */
public interface Gateway extends AutoCloseable {

  /** Called once the engine's log is open, before the engine processes a command of it. */
  void open(LogStream log);

  /** Where the engine answers the gateway's commands. */
  CommandResponseWriter responseWriter();

  /** Where the engine sends commands to a partition: this one, the only one. */
  InterPartitionCommandSender commandSender();

  /**
   * Where the engine pushes jobs to streaming workers and says that work is available for polling
   * ones.
   */
  JobStreamer jobStreamer();

  /** The gRPC service the engine's server serves. */
  ServerServiceDefinition service();

  /** Ends the workers' polls and streams: a server shutting down waits for its open calls. */
  @Override
  void close();
}
