package io.mediaflow;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.camunda.client.CamundaClient;
import io.camunda.client.api.command.ProblemException;
import io.camunda.client.api.response.DocumentReferenceResponse;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.util.HexFormat;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Camunda's document endpoints on the embedded default's store, driven by Camunda's Java client
 * over REST as an application would: upload, download, link, delete, a batch, and the refusals.
 */
class DocumentsTest extends MediaflowTest {

  private static final ObjectMapper JSON = new ObjectMapper();

  private CamundaClient client;

  @BeforeEach
  void connect() {
    client = userClient(true);
  }

  @AfterEach
  void disconnect() {
    client.close();
  }

  @Test
  void anUploadedDocumentIsReadLinkedAndDeleted() throws Exception {
    byte[] content = ("a clip " + UUID.randomUUID()).getBytes(StandardCharsets.UTF_8);
    DocumentReferenceResponse reference =
        client
            .newCreateDocumentCommand()
            .content(content)
            .fileName("clip.mp4")
            .contentType("video/mp4")
            .timeToLive(Duration.ofDays(1))
            .customMetadata("team", "news")
            .send()
            .join();

    assertThat(reference.getDocumentType()).isEqualTo("camunda");
    assertThat(reference.getStoreId()).isEqualTo("local");
    assertThat(reference.getDocumentId()).isNotBlank();
    assertThat(reference.getContentHash()).isEqualTo(sha256(content));
    assertThat(reference.getMetadata().getFileName()).isEqualTo("clip.mp4");
    assertThat(reference.getMetadata().getContentType()).isEqualTo("video/mp4");
    assertThat(reference.getMetadata().getSize()).isEqualTo(content.length);
    assertThat(reference.getMetadata().getCustomProperties()).containsEntry("team", "news");
    assertThat(reference.getMetadata().getExpiresAt()).isAfter(OffsetDateTime.now().plusHours(23));

    try (InputStream read = client.newDocumentContentGetRequest(reference).send().join()) {
      assertThat(read.readAllBytes()).isEqualTo(content);
    }

    var link =
        client
            .newCreateDocumentLinkCommand(reference)
            .timeToLive(Duration.ofMinutes(5))
            .send()
            .join();
    assertThat(link.getExpiresAt())
        .isBetween(OffsetDateTime.now(), OffsetDateTime.now().plusMinutes(6));
    HttpResponse<byte[]> linked = getBytes(link.getUrl());
    assertThat(linked.statusCode()).isEqualTo(200);
    assertThat(linked.body()).isEqualTo(content);
    assertThat(linked.headers().firstValue("Content-Type")).hasValue("video/mp4");
    assertThat(
            getBytes(link.getUrl().replaceAll("signature=[0-9a-f]+", "signature=" + "0".repeat(64)))
                .statusCode())
        .as("an altered link")
        .isEqualTo(403);

    client.newDeleteDocumentCommand(reference).send().join();
    assertThatThrownBy(() -> client.newDocumentContentGetRequest(reference).send().join())
        .isInstanceOfSatisfying(
            ProblemException.class, gone -> assertThat(gone.code()).isEqualTo(404));
    assertThat(getBytes(link.getUrl()).statusCode())
        .as("the link of a deleted document")
        .isEqualTo(404);
    assertThatThrownBy(() -> client.newDeleteDocumentCommand(reference).send().join())
        .isInstanceOfSatisfying(
            ProblemException.class, gone -> assertThat(gone.code()).isEqualTo(404));
  }

  @Test
  void aBatchKeepsEachDocument() throws Exception {
    var batch =
        client
            .newCreateDocumentBatchCommand()
            .addDocument()
            .content("first")
            .fileName("first.txt")
            .contentType("text/plain")
            .done()
            .addDocument()
            .content("second")
            .fileName("second.txt")
            .contentType("text/plain")
            .done()
            .send()
            .join();

    assertThat(batch.isSuccessful()).isTrue();
    assertThat(batch.getCreatedDocuments())
        .extracting(d -> d.getMetadata().getFileName())
        .containsExactlyInAnyOrder("first.txt", "second.txt");
    for (DocumentReferenceResponse document : batch.getCreatedDocuments()) {
      try (InputStream read = client.newDocumentContentGetRequest(document).send().join()) {
        assertThat(new String(read.readAllBytes(), StandardCharsets.UTF_8))
            .isEqualTo(document.getMetadata().getFileName().replace(".txt", ""));
      }
    }
  }

  @Test
  void aBatchNamesTheDocumentItRefusesAndKeepsTheOthers() {
    var batch =
        client
            .newCreateDocumentBatchCommand()
            .addDocument()
            .content("kept")
            .fileName("kept.txt")
            .contentType("text/plain")
            .done()
            .addDocument()
            .content("refused")
            .fileName("refused.txt")
            .contentType("not a media type")
            .done()
            .send()
            .join();

    assertThat(batch.isSuccessful()).isFalse();
    assertThat(batch.getCreatedDocuments())
        .extracting(d -> d.getMetadata().getFileName())
        .containsExactly("kept.txt");
    assertThat(batch.getFailedDocuments()).hasSize(1);
    assertThat(batch.getFailedDocuments().getFirst().getFileName()).isEqualTo("refused.txt");
    assertThat(batch.getFailedDocuments().getFirst().getDetail()).contains("contentType");
  }

  @Test
  void refusalsNameWhatIsWrong() throws Exception {
    String documentId = "doc-" + UUID.randomUUID();
    var reference =
        client
            .newCreateDocumentCommand()
            .content("content")
            .documentId(documentId)
            .fileName("a.txt")
            .send()
            .join();
    assertThat(reference.getDocumentId()).isEqualTo(documentId);

    assertThatThrownBy(
            () ->
                client
                    .newCreateDocumentCommand()
                    .content("again")
                    .documentId(documentId)
                    .send()
                    .join())
        .isInstanceOfSatisfying(
            ProblemException.class,
            taken -> {
              assertThat(taken.code()).isEqualTo(409);
              assertThat(taken.details().getDetail()).contains(documentId);
            });
    assertThatThrownBy(
            () ->
                client
                    .newDocumentContentGetRequest(documentId)
                    .contentHash(sha256("other".getBytes(StandardCharsets.UTF_8)))
                    .send()
                    .join())
        .isInstanceOfSatisfying(
            ProblemException.class,
            wrong -> {
              assertThat(wrong.code()).isEqualTo(400);
              assertThat(wrong.details().getDetail()).contains("contentHash");
            });
    assertThatThrownBy(
            () -> client.newCreateDocumentCommand().content("x").storeId("aws").send().join())
        .isInstanceOfSatisfying(
            ProblemException.class,
            unknown -> {
              assertThat(unknown.code()).isEqualTo(400);
              assertThat(unknown.details().getDetail()).contains("'aws'", "'local'");
            });

    JsonNode refused =
        JSON.readTree(
            send(HttpRequest.newBuilder(
                        URI.create(
                            baseUrl()
                                + "/v2/documents/"
                                + documentId
                                + "/links?contentHash="
                                + reference.getContentHash()))
                    .header("Content-Type", "application/json")
                    .POST(HttpRequest.BodyPublishers.ofString("{\"timeToLive\": 0}"))
                    .build())
                .body());
    assertThat(refused.path("status").asInt()).isEqualTo(400);
    assertThat(refused.path("detail").asText()).contains("timeToLive");
  }

  /** The reference as Camunda writes it, the document type under its dotted name. */
  @Test
  void aReferenceIsWrittenAsCamundaWritesIt() throws Exception {
    String boundary = "mediaflow-" + UUID.randomUUID();
    String body =
        "--"
            + boundary
            + "\r\nContent-Disposition: form-data; name=\"file\"; filename=\"notes.txt\"\r\n"
            + "Content-Type: text/plain\r\n\r\nsome notes\r\n--"
            + boundary
            + "--\r\n";
    HttpResponse<String> created =
        send(
            HttpRequest.newBuilder(URI.create(baseUrl() + "/v2/documents"))
                .header("Content-Type", "multipart/form-data; boundary=" + boundary)
                .POST(HttpRequest.BodyPublishers.ofString(body))
                .build());
    assertThat(created.statusCode()).isEqualTo(201);
    JsonNode reference = JSON.readTree(created.body());
    assertThat(reference.path("camunda.document.type").asText()).isEqualTo("camunda");
    assertThat(reference.path("storeId").asText()).isEqualTo("local");
    assertThat(reference.path("contentHash").asText())
        .isEqualTo(sha256("some notes".getBytes(StandardCharsets.UTF_8)));
    assertThat(reference.path("metadata").path("fileName").asText()).isEqualTo("notes.txt");
    assertThat(reference.path("metadata").path("contentType").asText()).isEqualTo("text/plain");
    assertThat(reference.path("metadata").path("size").asLong()).isEqualTo(10);
  }

  private HttpResponse<byte[]> getBytes(String url) throws Exception {
    return http.send(
        HttpRequest.newBuilder(URI.create(url)).GET().build(),
        HttpResponse.BodyHandlers.ofByteArray());
  }

  static String sha256(byte[] content) throws Exception {
    return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(content));
  }
}
