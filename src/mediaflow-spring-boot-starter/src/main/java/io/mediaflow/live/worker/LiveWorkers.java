package io.mediaflow.live.worker;

import io.camunda.client.annotation.JobWorker;
import io.camunda.client.api.response.ActivatedJob;
import io.camunda.client.api.worker.JobClient;
import io.mediaflow.api.ApiException;
import io.mediaflow.callback.CallbackUrls;
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
  private final CallbackUrls callbacks;

  LiveWorkers(JobRunner jobs, LiveClient client, CallbackUrls callbacks) {
    this.callbacks = callbacks;
    this.jobs = jobs;
    this.client = client;
  }

  @JobWorker(type = "mediaflow.live.create_stream", autoComplete = false, fetchAllVariables = true)
  public void createStream(JobClient jobClient, ActivatedJob job) {
    jobs.run(jobClient, job, CreateStreamInput.class,
        input -> client.createStream(input.newStream(callbacks.forSubject(CallbackUrls.Kind.LIVE, Long.toString(job.getProcessInstanceKey()))))
            .withoutSecrets(input.keepStreamKey()));
  }

  @JobWorker(type = "mediaflow.live.get_stream", autoComplete = false, fetchAllVariables = true)
  public void getStream(JobClient jobClient, ActivatedJob job) {
    jobs.run(jobClient, job, GetStreamInput.class,
        input -> client.getStream(input.streamId()).withoutSecrets(input.keepStreamKey()));
  }

  @JobWorker(type = "mediaflow.live.list_streams", autoComplete = false, fetchAllVariables = true)
  public void listStreams(JobClient jobClient, ActivatedJob job) {
    jobs.run(jobClient, job, ListStreamsInput.class, input -> client.listStreams(StreamFilter.of(input.filters())).stream()
        .map(LiveWorkers::shown)
        .toList());
  }

  @JobWorker(type = "mediaflow.live.start_stream", autoComplete = false, fetchAllVariables = true)
  public void startStream(JobClient jobClient, ActivatedJob job) {
    jobs.run(jobClient, job, StartStreamInput.class, input -> shown(client.startStream(input.streamId())));
  }

  @JobWorker(type = "mediaflow.live.stop_stream", autoComplete = false, fetchAllVariables = true)
  public void stopStream(JobClient jobClient, ActivatedJob job) {
    jobs.run(jobClient, job, StopStreamInput.class, input -> shown(client.stopStream(input.streamId())));
  }

  @JobWorker(type = "mediaflow.live.add_playback_id", autoComplete = false, fetchAllVariables = true)
  public void addPlaybackId(JobClient jobClient, ActivatedJob job) {
    jobs.run(jobClient, job, AddPlaybackIdInput.class, input -> shown(client.addPlaybackId(input.streamId(), input.policy())));
  }

  @JobWorker(type = "mediaflow.live.delete_playback_id", autoComplete = false, fetchAllVariables = true)
  public void deletePlaybackId(JobClient jobClient, ActivatedJob job) {
    jobs.run(jobClient, job, DeletePlaybackIdInput.class,
        input -> shown(client.deletePlaybackId(input.streamId(), input.playbackId())));
  }

  @JobWorker(type = "mediaflow.live.add_simulcast_target", autoComplete = false, fetchAllVariables = true)
  public void addSimulcastTarget(JobClient jobClient, ActivatedJob job) {
    jobs.run(jobClient, job, AddSimulcastTargetInput.class,
        input -> shown(client.addSimulcastTarget(input.streamId(), input.target())));
  }

  @JobWorker(type = "mediaflow.live.delete_simulcast_target", autoComplete = false, fetchAllVariables = true)
  public void deleteSimulcastTarget(JobClient jobClient, ActivatedJob job) {
    jobs.run(jobClient, job, DeleteSimulcastTargetInput.class,
        input -> shown(client.deleteSimulcastTarget(input.streamId(), input.targetId())));
  }

  @JobWorker(type = "mediaflow.live.wait_for_status", autoComplete = false, fetchAllVariables = true)
  public void waitForStatus(JobClient jobClient, ActivatedJob job) {
    jobs.poll(jobClient, job, WaitForStatusInput.class, input -> {
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
    });
  }

  @JobWorker(type = "mediaflow.live.dvr_recordings", autoComplete = false, fetchAllVariables = true)
  public void dvrRecordings(JobClient jobClient, ActivatedJob job) {
    jobs.run(jobClient, job, DvrRecordingsInput.class, input -> DvrRecordings.of(client.getStream(input.streamId())));
  }

  private static Stream shown(Stream stream) {
    return stream.withoutSecrets(false);
  }
}
