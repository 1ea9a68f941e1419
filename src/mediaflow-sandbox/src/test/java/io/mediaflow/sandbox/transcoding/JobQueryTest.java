package io.mediaflow.sandbox.transcoding;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.List;
import org.junit.jupiter.api.Test;

/** What the sandbox keeps of a start: enough to run the same job again, and no credentials. */
class JobQueryTest {

  private static final ObjectMapper JSON = new ObjectMapper();

  @Test
  void theKeptQueryHasNoCredentialsAndMakesTheSameRequest() {
    String form =
        "{\"query\": {\"source\": \"https://a.example/in.mp4\", \"callback_url\": \"https://hooks.example/t\","
            + " \"format\": [{\"output\": \"mp4\", \"destination\": {\"url\": \"s3://media-bucket/out.mp4\","
            + " \"key\": \"AKIA-SANDBOX\", \"secret\": \"s3cr3t\", \"acl\": \"bucket-owner-read\"}},"
            + " {\"output\": \"mp3\", \"destination\": [{\"url\": \"ftp://editor:pa55word@ftp.example/a/\"},"
            + " {\"url\": \"sftp://ftp.example/b.mp3\", \"key\": \"editor\", \"secret\": \"pa55word\"}]}]}}";
    var query = new JobQuery(QueryValidator.query(form, JSON), "order=17", List.of());

    JobQuery kept = query.withoutCredentials();

    assertThat(kept.query().toString())
        .doesNotContain("AKIA-SANDBOX", "s3cr3t", "pa55word", "editor")
        .contains("bucket-owner-read");
    assertThat(query.query().toString())
        .as("the running job's query is left as given")
        .contains("s3cr3t");
    assertThat(kept.request().formats())
        .extracting(FormatParams::destinations)
        .isEqualTo(query.request().formats().stream().map(FormatParams::destinations).toList());
    assertThat(kept.callbackUrl()).isEqualTo("https://hooks.example/t");
    assertThat(kept.payload()).isEqualTo("order=17");
  }
}
