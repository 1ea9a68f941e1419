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
import io.mediaflow.app.engine.Gateway;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;

/**
 * The embedded engine's gateway: Camunda's gateway protocol over the engine's log, as Zeebe's
 * gateway and broker together serve it, for one partition in this process. The engine is opened
 * with it ({@link Gateway}); every command reaches the engine through its {@link #commands}, which
 * the gRPC service ({@link #service}) and the REST API both call.
 */
public final class EngineGateway implements Gateway {

  private final CommandLog log;
  private final EngineAnswers answers;
  private final JobPolls polls;
  private final JobStreams streams;
  private final CommandGateway commands;
  private final LogGateway gateway;
  private final ScheduledExecutorService timer =
      Executors.newSingleThreadScheduledExecutor(
          Thread.ofPlatform().daemon().name("gateway-timeouts").factory());

  /**
   * The gateway to the engine it is {@link #open opened} on, which lists itself in its topology at
   * {@code port}.
   */
  public EngineGateway(int port) {
    log = new CommandLog();
    var requests = new OpenRequests(System::currentTimeMillis);
    answers = new EngineAnswers(requests);
    polls = new JobPolls(log, requests, timer);
    streams = new JobStreams(log, polls::wake);
    commands = new CommandGateway(log, requests, polls, timer, port);
    gateway = new LogGateway(commands, streams);
  }

  @Override
  public void open(LogStream logStream) {
    log.open(logStream);
  }

  @Override
  public CommandResponseWriter responseWriter() {
    return answers;
  }

  @Override
  public InterPartitionCommandSender commandSender() {
    return log;
  }

  @Override
  public JobStreamer jobStreamer() {
    return streams;
  }

  /** The log's writer, for the commands the gateway writes without awaiting an answer. */
  CommandLog commandLog() {
    return log;
  }

  /** The commands, for the REST API: the same the gRPC service hands on. */
  public CommandGateway commands() {
    return commands;
  }

  /** The gRPC service; a request a command cannot be built from is refused as INVALID_ARGUMENT. */
  @Override
  public ServerServiceDefinition service() {
    return ServerInterceptors.intercept(gateway, new StatusOfFailure());
  }

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
