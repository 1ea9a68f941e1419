package io.mediaflow.live.worker;

import io.mediaflow.api.ApiException;
import io.mediaflow.api.operation.Input;
import io.mediaflow.api.operation.Operation;
import io.mediaflow.callback.internal.CallbackUrls;
import io.mediaflow.live.Dvr;
import io.mediaflow.live.GetStream;
import io.mediaflow.live.LiveClient;
import io.mediaflow.live.NewStream;
import io.mediaflow.live.Stream;
import io.mediaflow.live.StreamFilter;
import io.mediaflow.live.StreamFormat;
import io.mediaflow.worker.internal.JobContext;
import io.mediaflow.worker.internal.OperationHandler;
import java.util.List;
import java.util.Optional;
import okhttp3.HttpUrl;

@Operation(
    type = "mediaflow.live.create_stream",
    name = "Live: create stream",
    description =
        "Creates a live stream (POST /v1/live-streams) in status created, with the RTMP server URL and one public playback ID. Every documented rule (frame rate at most 30, DVR destinations, formats, max_file_duration up to 21600, ...) is checked before anything is sent; a broken rule is an incident that names the field. The result leaves out the stream key unless asked for, and masks DVR credentials.",
    resultVariable = "liveStream",
    sideEffect = true,
    errors = {"BAD_REQUEST", "FAILED"})
record CreateStreamInput(
    @Input(label = "Name") String name,
    @Input(label = "Input format", choicesFrom = StreamFormat.Input.class, value = "rtmp")
        String inputFormat,
    @Input(label = "Output format", choicesFrom = StreamFormat.Output.class, value = "hls")
        String outputFormat,
    @Input(
            label = "Stream timeout (s)",
            description =
                "Seconds without input before the service stops the stream; 120 by default. Above 120, a waiting or idle stream is billed like a live one")
        Integer streamTimeout,
    @Input(
            label = "Playback domain",
            description = "FQDN of a live playback domain of the content delivery API")
        String playbackDomain,
    @Input(label = "Frame rate", description = "0 keeps the input frame rate; at most 30")
        Double framerate,
    @Input(
            label = "Callback URL",
            description =
                "Receives an update on each status change; empty: Mediaflow's own receiver, which turns them into live-stream-status-changed messages. Gets the query parameter mediaflow_marker, by which a create whose answer was lost finds its stream")
        String callbackUrl,
    @Input(
            label = "DVR",
            description =
                "Recording settings as in the API, with credentials as secret references, e.g. {enabled: 1, destination: {url: \"s3://bucket/folder\", access_key: \"{{secrets.DVR_ACCESS_KEY}}\", secret_key: \"{{secrets.DVR_SECRET_KEY}}\"}, format: [\"mp4\", \"hls\"], max_file_duration: 3600}")
        Dvr dvr,
    @Input(
            label = "Include the stream key",
            description = "Only where a person must paste it into an encoder; false by default")
        Boolean includeStreamKey) {

  /**
   * The query parameter of a new stream's callback URL that carries the job's marker: the only
   * field of a stream, besides its name, that the caller chooses and the service shows again.
   */
  static final String MARKER_PARAMETER = "mediaflow_marker";

  /**
   * The callback URL the stream gets, the model's or else Mediaflow's signed one, with the job's
   * marker; empty when there is neither (callbacks off), and then the stream carries no marker.
   */
  Optional<String> markedCallbackUrl(Optional<String> signedCallbackUrl, String marker) {
    return Optional.ofNullable(callbackUrl)
        .or(() -> signedCallbackUrl)
        .map(
            url -> {
              HttpUrl parsed = HttpUrl.parse(url);
              // A URL the API would refuse anyway goes as given: the rules name the problem.
              return parsed == null
                  ? url
                  : parsed
                      .newBuilder()
                      .setQueryParameter(MARKER_PARAMETER, marker)
                      .build()
                      .toString();
            });
  }

  /** The marker in a stream's callback URL, or null. */
  static String markerOf(String callbackUrl) {
    HttpUrl parsed = callbackUrl == null ? null : HttpUrl.parse(callbackUrl);
    return parsed == null ? null : parsed.queryParameter(MARKER_PARAMETER);
  }

  /** The stream to create, with the callback URL from {@link #markedCallbackUrl}. */
  NewStream newStream(Optional<String> callback) {
    return new NewStream(
        name,
        inputFormat,
        outputFormat,
        streamTimeout,
        playbackDomain,
        framerate,
        callback.orElse(null),
        dvr);
  }

  boolean keepStreamKey() {
    return Boolean.TRUE.equals(includeStreamKey);
  }

  static OperationHandler<CreateStreamInput> handler(
      LiveClient client, CallbackUrls callbacks, CreatingInstances creators) {
    return OperationHandler.create(
        CreateStreamInput.class,
        (input, job) -> unmarkedStreams(client, input),
        (input, job) -> createStream(client, callbacks, creators, input, job),
        (input, job) -> findCreatedStream(client, callbacks, creators, input, job));
  }

  /**
   * The job's marker goes into the callback URL, Mediaflow's own or the model's, so the stream can
   * be found again; so does its process instance, so the stream is stopped once that instance ends
   * without stopping it ({@link EndedInstanceStreams}). A stream whose params the service did not
   * take is an incident ({@link LiveClient#createStream}); the job's sent mark is already written,
   * so the retry after it finds this stream ({@link #findCreatedStream}) rather than creating
   * another.
   */
  private static Stream createStream(
      LiveClient client,
      CallbackUrls callbacks,
      CreatingInstances creators,
      CreateStreamInput input,
      JobContext job) {
    return client
        .createStream(input.newStream(callbackUrl(callbacks, creators, input, job)))
        .withoutSecrets(input.keepStreamKey());
  }

  private static Optional<String> callbackUrl(
      CallbackUrls callbacks, CreatingInstances creators, CreateStreamInput input, JobContext job) {
    return input
        .markedCallbackUrl(
            callbacks.forSubject(CallbackUrls.Kind.LIVE, Long.toString(job.processInstanceKey())),
            job.marker())
        .map(url -> creators.mark(url, job.processInstanceKey()));
  }

  /**
   * The stream an earlier attempt of this job created. Document 2 does not say that creation keeps
   * a callback URL, so the marker in it finds the stream only where the service shows it again;
   * otherwise the stream is the one of this name that is new since the create was sent and carries
   * no other job's marker. Where two or more are, which is this job's cannot be told, and a person
   * decides rather than a second stream being made.
   */
  private static Optional<Stream> findCreatedStream(
      LiveClient client,
      CallbackUrls callbacks,
      CreatingInstances creators,
      CreateStreamInput input,
      JobContext job) {
    List<Stream> named = sameName(client, input);
    Optional<Stream> marked =
        named.stream().filter(stream -> job.marker().equals(markerOf(stream))).findFirst();
    List<Stream> unmarked =
        named.stream()
            .filter(stream -> markerOf(stream) == null)
            .filter(stream -> !job.before().contains(stream.id()))
            .toList();
    if (marked.isEmpty() && unmarked.size() > 1) {
      throw new ApiException.OutcomeUnknown(
          "AMBIGUOUS_CREATION",
          "The create call failed without an answer, and the streams "
              + unmarked.stream().map(Stream::id).toList()
              + " named "
              + input.name()
              + " appeared since; the service"
              + " keeps no callback URL to tell them apart by. Delete the one this instance did not create, then resolve"
              + " this incident");
    }
    // Read again and held to the create's check: found after an incident that said creation did
    // not take a param, the stream is taken once someone has set it, and never created twice.
    return marked
        .or(() -> unmarked.stream().findFirst())
        .map(
            stream ->
                client
                    .createdStream(
                        input.newStream(callbackUrl(callbacks, creators, input, job)),
                        new GetStream(stream.id()))
                    .withoutSecrets(input.keepStreamKey()));
  }

  /**
   * The streams of the new one's name that carry no marker, which a lookup could otherwise take for
   * it.
   */
  private static List<String> unmarkedStreams(LiveClient client, CreateStreamInput input) {
    return sameName(client, input).stream()
        .filter(stream -> markerOf(stream) == null)
        .map(Stream::id)
        .toList();
  }

  private static List<Stream> sameName(LiveClient client, CreateStreamInput input) {
    return client.listStreams(
        input.name() == null
            ? StreamFilter.all().andNull("name")
            : StreamFilter.all().and("name", input.name()));
  }

  private static String markerOf(Stream stream) {
    return stream.params() == null ? null : markerOf(stream.params().callbackUrl());
  }
}
