package io.mediaflow.app.documents;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.camunda.client.CamundaClient;
import io.camunda.client.api.command.ProblemException;
import io.camunda.client.api.response.DocumentReferenceResponse;
import io.mediaflow.EmbeddedDefaultProcess;
import io.mediaflow.MediaflowTest;
import java.io.InputStream;
import java.net.URI;
import java.nio.file.Path;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The document store as users run it, in a JVM of its own: a document outlives a crash ({@code kill
 * -9}) of the application with its content, hash and description, and a document over the
 * configured {@code mediaflow.documents.max-size} is refused with a problem naming the limit.
 */
class DocumentStoreRestartTest {

  @TempDir Path data;

  @Test
  void aDocumentOutlivesACrashAndOneOverTheLimitIsRefused() throws Exception {
    var application =
        new EmbeddedDefaultProcess(data, MediaflowTest.freePort(), MediaflowTest.freePort());
    byte[] content = new byte[40 * 1024];
    new Random(7).nextBytes(content);
    DocumentReferenceResponse reference;
    Process app = application.start("--mediaflow.documents.max-size=64KB");
    try (CamundaClient client = client(application)) {
      reference =
          client
              .newCreateDocumentCommand()
              .content(content)
              .fileName("clip.mp4")
              .contentType("video/mp4")
              .send()
              .join();
    } finally {
      app.destroyForcibly(); // SIGKILL
      app.waitFor();
    }

    app = application.start("--mediaflow.documents.max-size=64KB");
    try (CamundaClient client = client(application)) {
      try (InputStream read = client.newDocumentContentGetRequest(reference).send().join()) {
        assertThat(read.readAllBytes()).isEqualTo(content);
      }

      byte[] tooLarge = new byte[100 * 1024];
      assertThatThrownBy(
              () ->
                  client
                      .newCreateDocumentCommand()
                      .content(tooLarge)
                      .fileName("big.mp4")
                      .send()
                      .join())
          .isInstanceOfSatisfying(
              ProblemException.class,
              refused -> {
                assertThat(refused.code()).isEqualTo(413);
                assertThat(refused.details().getDetail())
                    .contains("65536 bytes", "mediaflow.documents.max-size");
              });
    } finally {
      app.destroy();
      app.waitFor();
    }
  }

  private static CamundaClient client(EmbeddedDefaultProcess application) {
    return CamundaClient.newClientBuilder()
        .grpcAddress(application.gateway())
        .restAddress(URI.create(application.baseUrl()))
        .build();
  }
}
