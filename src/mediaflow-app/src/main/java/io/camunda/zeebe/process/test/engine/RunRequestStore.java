package io.camunda.zeebe.process.test.engine;

import com.google.protobuf.GeneratedMessage;
import io.grpc.stub.StreamObserver;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The gateway's open requests, with ids no earlier run used. A command is written to the log with its request's
 * id; after a crash the engine processes the commands the run before wrote but had not processed yet, and
 * answers their ids. zeebe-process-test numbers requests from 1 in every run, so such an answer would reach the
 * new run's request of the same number: a client would get another client's answer. Here a run's ids start at its
 * start time in milliseconds times a million (above every id of an earlier run, unless it made a million requests
 * in one of its milliseconds; the product fits a long until the year 2262), and
 * an answer to an id this run did not make is dropped ({@link #isOpen}), as a broker drops the answer to a
 * connection that is gone.
 */
class RunRequestStore extends GatewayRequestStore {

  private final Map<Long, Request> requests = new ConcurrentHashMap<>();
  private final AtomicLong ids = new AtomicLong(System.currentTimeMillis() * 1_000_000);

  @Override
  Long registerNewRequest(Class<? extends GeneratedMessage> requestType, StreamObserver<?> responseObserver) {
    long id = ids.incrementAndGet();
    requests.put(id, new Request(requestType, responseObserver));
    return id;
  }

  @Override
  Request removeRequest(Long requestId) {
    return requests.remove(requestId);
  }

  boolean isOpen(long requestId) {
    return requests.containsKey(requestId);
  }
}
