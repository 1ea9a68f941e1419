package io.mediaflow.transcoding.internal;

import io.mediaflow.api.ApiException;
import io.mediaflow.api.internal.ApiHttp;
import io.mediaflow.api.internal.Rules;
import java.util.Map;
import okhttp3.HttpUrl;
import okhttp3.OkHttpClient;
import okhttp3.Request;

/**
 * Reads a job's {@code metadata} output (document 3) from its URL: a JSON document about the
 * source, downloadable for 24 hours when the job named no destination. Only http and https URLs are
 * read, without credentials; what the document says is handed back as {@link SourceProperties},
 * never the document itself.
 */
public class MetadataOutputs {

  /** How the request is named in errors: never the URL, which may carry a signature. */
  private static final String ENDPOINT = "GET metadata output";

  private final ApiHttp http;

  public MetadataOutputs(OkHttpClient client) {
    this.http = new ApiHttp(client);
  }

  public SourceProperties read(String url) {
    HttpUrl address = url == null ? null : HttpUrl.parse(url);
    new Rules()
        .require(address != null, "url", "must be the http or https URL of a metadata output")
        .throwIfBroken();
    ApiHttp.Answer answer = http.send(new Request.Builder().url(address).get().build(), ENDPOINT);
    if (!answer.successful()) {
      // Gone (its 24 hours passed) or refused: reading it again will not help.
      throw new ApiException.Rejected(
          "HTTP_" + answer.status(),
          ENDPOINT + " answered HTTP " + answer.status(),
          Map.of("status", answer.status()));
    }
    return SourceProperties.of(answer.body());
  }
}
