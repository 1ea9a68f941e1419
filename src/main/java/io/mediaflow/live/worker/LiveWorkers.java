package io.mediaflow.live.worker;

import io.camunda.client.annotation.JobWorker;
import io.camunda.client.api.response.ActivatedJob;
import io.mediaflow.api.ApiException;
import io.mediaflow.live.DvrRecordings;
import io.mediaflow.live.LiveClient;
import io.mediaflow.live.Stream;
import io.mediaflow.live.StreamFilter;
import io.mediaflow.live.StreamState;
import io.mediaflow.worker.JobRunner;
import io.mediaflow.worker.Poll;
import java.util.Map;
import org.springframework.stereotype.Component;

/**
 * One job worker per operation of the live streaming API (document 2), and a wait for a stream status. Every
 * result is a stream without secrets: simulcast keys and DVR credentials masked, the stream key only where the
 * model asks for it.
 */
@Component
public class LiveWorkers {

  private final JobRunner jobs;
  private final LiveClient client;
  private final WaitState waitState;

  LiveWorkers(JobRunner jobs, LiveClient client, WaitState waitState) {
    this.jobs = jobs;
    this.client = client;
    this.waitState = waitState;
  }

  @JobWorker(type = "mediaflow.live.create_stream", fetchAllVariables = true)
  public Map<String, Object> createStream(ActivatedJob job) {
    return jobs.run(job, CreateStreamInput.class,
        input -> client.createStream(input.newStream()).withoutSecrets(input.keepStreamKey()));
  }

  @JobWorker(type = "mediaflow.live.get_stream", fetchAllVariables = true)
  public Map<String, Object> getStream(ActivatedJob job) {
    return jobs.run(job, GetStreamInput.class,
        input -> client.getStream(input.streamId()).withoutSecrets(input.keepStreamKey()));
  }

  @JobWorker(type = "mediaflow.live.list_streams", fetchAllVariables = true)
  public Map<String, Object> listStreams(ActivatedJob job) {
    return jobs.run(job, ListStreamsInput.class, input -> client.listStreams(StreamFilter.of(input.filters())).stream()
        .map(LiveWorkers::shown)
        .toList());
  }

  @JobWorker(type = "mediaflow.live.start_stream", fetchAllVariables = true)
  public Map<String, Object> startStream(ActivatedJob job) {
    return jobs.run(job, StartStreamInput.class, input -> shown(client.startStream(input.streamId())));
  }

  @JobWorker(type = "mediaflow.live.stop_stream", fetchAllVariables = true)
  public Map<String, Object> stopStream(ActivatedJob job) {
    return jobs.run(job, StopStreamInput.class, input -> shown(client.stopStream(input.streamId())));
  }

  @JobWorker(type = "mediaflow.live.add_playback_id", fetchAllVariables = true)
  public Map<String, Object> addPlaybackId(ActivatedJob job) {
    return jobs.run(job, AddPlaybackIdInput.class, input -> shown(client.addPlaybackId(input.streamId(), input.policy())));
  }

  @JobWorker(type = "mediaflow.live.delete_playback_id", fetchAllVariables = true)
  public Map<String, Object> deletePlaybackId(ActivatedJob job) {
    return jobs.run(job, DeletePlaybackIdInput.class,
        input -> shown(client.deletePlaybackId(input.streamId(), input.playbackId())));
  }

  @JobWorker(type = "mediaflow.live.add_simulcast_target", fetchAllVariables = true)
  public Map<String, Object> addSimulcastTarget(ActivatedJob job) {
    return jobs.run(job, AddSimulcastTargetInput.class,
        input -> shown(client.addSimulcastTarget(input.streamId(), input.target())));
  }

  @JobWorker(type = "mediaflow.live.delete_simulcast_target", fetchAllVariables = true)
  public Map<String, Object> deleteSimulcastTarget(ActivatedJob job) {
    return jobs.run(job, DeleteSimulcastTargetInput.class,
        input -> shown(client.deleteSimulcastTarget(input.streamId(), input.targetId())));
  }

  @JobWorker(type = "mediaflow.live.wait_for_status", fetchAllVariables = true)
  public Map<String, Object> waitForStatus(ActivatedJob job) {
    return waitState.kept(job, () -> jobs.poll(job, WaitForStatusInput.class, input -> {
      Stream stream = client.getStream(input.streamId());
      String status = stream.statusName();
      if (input.states().stream().anyMatch(state -> state.apiName().equals(status))) {
        return Poll.done(shown(stream));
      }
      if (StreamState.STOPPED.apiName().equals(status)) {
        throw new ApiException.Rejected("STREAM_STOPPED", "Live stream " + stream.id() + " is stopped; it was awaited in "
            + input.states().stream().map(StreamState::apiName).toList(), Map.of("stream", shown(stream)));
      }
      return Poll.pending("status " + status);
    }));
  }

  @JobWorker(type = "mediaflow.live.dvr_recordings", fetchAllVariables = true)
  public Map<String, Object> dvrRecordings(ActivatedJob job) {
    return jobs.run(job, DvrRecordingsInput.class, input -> DvrRecordings.of(client.getStream(input.streamId())));
  }

  private static Stream shown(Stream stream) {
    return stream.withoutSecrets(false);
  }
}
