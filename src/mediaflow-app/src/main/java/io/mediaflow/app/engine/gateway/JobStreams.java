package io.mediaflow.app.engine.gateway;

import io.camunda.zeebe.engine.processing.streamprocessor.JobStreamer;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.ActivatedJob;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.StreamActivatedJobsRequest;
import io.camunda.zeebe.msgpack.value.StringValue;
import io.camunda.zeebe.protocol.impl.stream.job.JobActivationProperties;
import io.camunda.zeebe.protocol.impl.stream.job.JobActivationPropertiesImpl;
import io.camunda.zeebe.util.buffer.BufferUtil;
import io.grpc.stub.StreamObserver;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;
import java.util.function.Predicate;
import org.agrona.DirectBuffer;

/**
 * The engine's side of job push and of long polling. Workers that stream ({@code
 * StreamActivatedJobs}) are grouped by what they ask for (type, worker name, timeout, variables,
 * tenants); the engine activates a new job for the first group of its type that its filter accepts
 * and pushes it here, and it goes to one of the group's workers still connected, or back to the
 * engine ({@link Jobs#yield}) if none is. When no stream takes a type, the engine says that work is
 * available, which wakes the long polls waiting for that type.
 */
final class JobStreams implements JobStreamer {

  /**
   * What a group of streaming workers asks for: the engine activates jobs with these properties.
   */
  private record Ask(
      String type,
      String worker,
      long timeout,
      List<String> fetchVariables,
      List<String> tenants) {}

  private final class Group implements JobStream {
    private final JobActivationPropertiesImpl properties = new JobActivationPropertiesImpl();
    private final List<StreamObserver<ActivatedJob>> workers = new CopyOnWriteArrayList<>();
    private int next;

    Group(Ask ask) {
      DirectBuffer worker = BufferUtil.wrapString(ask.worker());
      properties
          .setWorker(worker, 0, worker.capacity())
          .setTimeout(ask.timeout())
          .setFetchVariables(ask.fetchVariables().stream().map(StringValue::new).toList())
          .setTenantIds(ask.tenants());
    }

    @Override
    public JobActivationProperties properties() {
      return properties;
    }

    /** On the engine's thread: to the next worker round the group, skipping those gone. */
    @Override
    public void push(io.camunda.zeebe.protocol.impl.stream.job.ActivatedJob job) {
      ActivatedJob activated = Jobs.activated(job.jobKey(), job.jobRecord());
      List<StreamObserver<ActivatedJob>> candidates = new ArrayList<>(workers);
      for (int i = 0; i < candidates.size(); i++) {
        var worker = candidates.get(Math.floorMod(next++, candidates.size()));
        if (Calls.send(worker, () -> worker.onNext(activated))) {
          return;
        }
      }
      Jobs.yield(log, job.jobKey(), job.jobRecord());
    }
  }

  private final CommandLog log;
  private final Consumer<String> workAvailable;
  private final Map<Ask, Group> groups = new ConcurrentHashMap<>();

  /**
   * {@code workAvailable} is told the type of each job the engine made activatable and pushed to
   * nobody.
   */
  JobStreams(CommandLog log, Consumer<String> workAvailable) {
    this.log = log;
    this.workAvailable = workAvailable;
  }

  /** Adds a streaming worker until its call ends. */
  void open(StreamActivatedJobsRequest request, StreamObserver<ActivatedJob> worker) {
    var ask =
        new Ask(
            request.getType(),
            request.getWorker(),
            request.getTimeout(),
            request.getFetchVariableList(),
            Jobs.tenants(request.getTenantIdsList()));
    groups.compute(
        ask,
        (key, group) -> {
          Group joined = group == null ? new Group(key) : group;
          joined.workers.add(worker);
          return joined;
        });
    Calls.onCancel(
        worker,
        () ->
            groups.computeIfPresent(
                ask,
                (key, group) -> {
                  group.workers.remove(worker);
                  return group.workers.isEmpty() ? null : group;
                }));
  }

  @Override
  public Optional<JobStream> streamFor(
      DirectBuffer jobType, Predicate<JobActivationProperties> filter) {
    String type = BufferUtil.bufferAsString(jobType);
    return groups.entrySet().stream()
        .filter(
            entry ->
                entry.getKey().type().equals(type) && filter.test(entry.getValue().properties()))
        .<JobStream>map(Map.Entry::getValue)
        .findFirst();
  }

  @Override
  public void notifyWorkAvailable(String jobType) {
    workAvailable.accept(jobType);
  }

  /** Ends every stream: the gateway is closing. */
  void close() {
    groups
        .values()
        .forEach(group -> group.workers.forEach(worker -> Calls.send(worker, worker::onCompleted)));
    groups.clear();
  }
}
