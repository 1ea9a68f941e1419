package io.mediaflow.sample;

import io.camunda.client.annotation.JobWorker;
import io.camunda.client.api.response.ActivatedJob;
import java.io.IOException;
import okhttp3.FormBody;
import okhttp3.HttpUrl;
import okhttp3.OkHttpClient;
import okhttp3.Request;
import okhttp3.Response;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.stereotype.Component;

/**
 * The least a job of the contract can do: one call to the service, with a plain OkHttp client at
 * its defaults, its answer read and dropped, then the client completes the job ({@code
 * autoComplete}). Every operation of the plugin makes at least this call, so {@code
 * ReplicaBenchmark} runs a process of these jobs beside the trivial one: what one exchange with the
 * service costs a replica, measured rather than estimated, the floor under any real job. The call
 * is a status read of the job's own key, a token the service does not know, which it answers with
 * an error: the cheapest answer it gives. Off unless {@code sample.benchmark-workers.enabled=true},
 * as {@link TrivialWorker}.
 */
@Component
@ConditionalOnProperty("sample.benchmark-workers.enabled")
public class OneCallWorker {

  /** The job type of the benchmark's one-call process's service tasks. */
  public static final String TYPE = "benchmark.one-call";

  private final OkHttpClient http = new OkHttpClient();
  private final HttpUrl status;

  OneCallWorker(@Value("${mediaflow.transcoding.base-url}") String baseUrl) {
    status = HttpUrl.get(baseUrl).newBuilder().addPathSegments("v1/status").build();
  }

  @JobWorker(type = TYPE)
  public void call(ActivatedJob job) throws IOException {
    var form = new FormBody.Builder().add("task_tokens", Long.toString(job.getKey())).build();
    try (Response answer =
        http.newCall(new Request.Builder().url(status).post(form).build()).execute()) {
      answer.body().string();
    }
  }
}
