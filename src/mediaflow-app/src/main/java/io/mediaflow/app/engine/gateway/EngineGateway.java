package io.mediaflow.app.engine.gateway;

import io.camunda.zeebe.engine.processing.streamprocessor.JobStreamer;
import io.camunda.zeebe.logstreams.log.LogStream;
import io.camunda.zeebe.msgpack.MsgpackPropertyException;
import io.camunda.zeebe.stream.api.CommandResponseWriter;
import io.camunda.zeebe.stream.api.InterPartitionCommandSender;
import io.grpc.ForwardingServerCallListener;
import io.grpc.Metadata;
import io.grpc.ServerCall;
import io.grpc.ServerCallHandler;
import io.grpc.ServerInterceptor;
import io.grpc.ServerInterceptors;
import io.grpc.ServerServiceDefinition;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;

/**
 * The embedded engine's gRPC gateway: Camunda's gateway protocol over the engine's log, as Zeebe's
 * gateway and broker together serve it, for one partition in this process. The engine is built with
 * this gateway's {@link #responseWriter}, {@link #commandSender} and {@link #jobStreamer}; the gRPC
 * server serves {@link #service}.
 */
public final class EngineGateway implements AutoCloseable {

  private final CommandLog log;
  private final EngineAnswers answers;
  private final JobPolls polls;
  private final JobStreams streams;
  private final LogGateway gateway;
  private final ScheduledExecutorService timer =
      Executors.newSingleThreadScheduledExecutor(
          Thread.ofPlatform().daemon().name("gateway-timeouts").factory());

  /**
   * The gateway to the engine on {@code logStream}, which lists itself in its topology at {@code
   * port}.
   */
  public EngineGateway(LogStream logStream, int partitionId, int port) {
    log = new CommandLog(logStream.newLogStreamWriter(), partitionId);
    var requests = new OpenRequests(System::currentTimeMillis);
    answers = new EngineAnswers(requests);
    polls = new JobPolls(log, requests, timer);
    streams = new JobStreams(log, polls::wake);
    gateway = new LogGateway(log, requests, polls, streams, timer, partitionId, port);
  }

  /** Where the engine answers the gateway's commands. */
  public CommandResponseWriter responseWriter() {
    return answers;
  }

  /** Where the engine sends commands to a partition: this one, the only one. */
  public InterPartitionCommandSender commandSender() {
    return log;
  }

  /**
   * Where the engine pushes jobs to streaming workers and says that work is available for polling
   * ones.
   */
  public JobStreamer jobStreamer() {
    return streams;
  }

  /** The log's writer, for commands of the REST API. */
  public CommandLog commandLog() {
    return log;
  }

  /** The gRPC service; a request a command cannot be built from is refused as INVALID_ARGUMENT. */
  public ServerServiceDefinition service() {
    return ServerInterceptors.intercept(gateway, new StatusOfFailure());
  }

  /** Ends the workers' polls and streams: a server shutting down waits for its open calls. */
  @Override
  public void close() {
    polls.close();
    streams.close();
    timer.shutdownNow();
  }

  /**
   * gRPC closes a call whose handler throws with UNKNOWN. A handler that throws a {@link
   * StatusRuntimeException} means that status; a record that refuses a request's value ({@link
   * MsgpackPropertyException}: variables that are no JSON object, say) means INVALID_ARGUMENT with
   * the record's reason, as Zeebe's gateway answers.
   */
  private static final class StatusOfFailure implements ServerInterceptor {
    @Override
    public <Q, A> ServerCall.Listener<Q> interceptCall(
        ServerCall<Q, A> call, Metadata headers, ServerCallHandler<Q, A> next) {
      return new ForwardingServerCallListener.SimpleForwardingServerCallListener<>(
          next.startCall(call, headers)) {
        @Override
        public void onHalfClose() {
          try {
            super.onHalfClose();
          } catch (StatusRuntimeException e) {
            call.close(e.getStatus(), new Metadata());
          } catch (MsgpackPropertyException e) {
            call.close(Status.INVALID_ARGUMENT.withDescription(e.getMessage()), new Metadata());
          }
        }
      };
    }
  }
}
