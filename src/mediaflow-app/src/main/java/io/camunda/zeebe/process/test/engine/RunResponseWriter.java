package io.camunda.zeebe.process.test.engine;

/** zeebe-process-test's response writer, answering only the requests of this run ({@link RunRequestStore}). */
class RunResponseWriter extends GrpcResponseWriter {

  private final RunRequestStore requests;

  RunResponseWriter(GrpcToLogStreamGateway gateway, RunRequestStore requests) {
    super(gateway, requests, null);
    this.requests = requests;
  }

  @Override
  public void tryWriteResponse(int requestStreamId, long requestId) {
    if (requests.isOpen(requestId)) {
      super.tryWriteResponse(requestStreamId, requestId);
    }
  }
}
