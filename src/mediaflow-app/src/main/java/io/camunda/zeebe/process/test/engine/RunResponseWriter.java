package io.camunda.zeebe.process.test.engine;

import io.grpc.Status;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * zeebe-process-test's response writer, answering only the requests of this run ({@link RunRequestStore}) and
 * dropping, as a broker does, the answer to a call its client has cancelled meanwhile (a worker's long poll when
 * the worker closes): zeebe-process-test's writer throws there, and the engine logs the side effect as failed.
 */
class RunResponseWriter extends GrpcResponseWriter {

  private static final Logger LOG = LoggerFactory.getLogger(RunResponseWriter.class);

  private final RunRequestStore requests;

  RunResponseWriter(GrpcToLogStreamGateway gateway, RunRequestStore requests) {
    super(gateway, requests, null);
    this.requests = requests;
  }

  @Override
  public void tryWriteResponse(int requestStreamId, long requestId) {
    if (!requests.isOpen(requestId)) {
      return;
    }
    try {
      super.tryWriteResponse(requestStreamId, requestId);
    } catch (RuntimeException e) {
      if (Status.fromThrowable(e).getCode() != Status.Code.CANCELLED) {
        throw e;
      }
      LOG.debug("The answer to request {} was dropped: its client cancelled the call", requestId);
    }
  }
}
