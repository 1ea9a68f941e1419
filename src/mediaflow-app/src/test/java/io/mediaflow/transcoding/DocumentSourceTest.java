package io.mediaflow.transcoding;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.camunda.client.api.response.DocumentReferenceResponse;
import io.mediaflow.MediaflowTest;
import java.io.InputStream;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * {@code transcode-with-approval} started as its start form starts it when an editor uploads the
 * source: the file in the document store ({@code POST /v2/documents}, here by Camunda's Java
 * client), its reference as the file picker gives it ({@code sourceFile}, a list of one). The
 * worker reads the document through Camunda's document API and uploads it to the transcoding
 * service, and the renditions are of that file. A reference that is malformed or names no document
 * stops at an incident naming {@code source}.
 */
class DocumentSourceTest extends MediaflowTest {

  private static final String PROCESS = "transcode-with-approval";

  @Test
  void anUploadedDocumentIsTranscoded() throws Exception {
    byte[] clip;
    // 640x360: the renditions show they were made from this file, not from a 1080p sample.
    try (InputStream sample = getClass().getResourceAsStream("/sandbox/samples/bars.mp4")) {
      clip = sample.readAllBytes();
    }
    DocumentReferenceResponse document =
        camunda
            .newCreateDocumentCommand()
            .content(clip)
            .fileName("bars.mp4")
            .contentType("video/mp4")
            .send()
            .join();

    long instance = start(PROCESS, Map.of("sourceFile", List.of(reference(document))));

    UserTask review = awaitUserTask(instance, "Review renditions");
    JsonNode renditions = describeTask(review).path("variables").path("renditions");
    assertThat(renditions).isNotEmpty();
    renditions.forEach(
        rendition ->
            assertThat(height(rendition.path("resolution").asText()))
                .as("rendition %s of a 360p source", rendition)
                .isLessThanOrEqualTo(360));
    assertThat(instance(instance).variable("source").orElseThrow().asText()).startsWith("tus:");
    completeUserTask(review, Map.of("approved", true));
    assertCompletedExactlyInOrder(instance, "ChooseLadder", "CreateTask", "UploadFile", "StartJob");
    assertThat(instance(instance).incidentsRaised()).isEmpty();
  }

  @Test
  void aReferenceToADocumentTheStoreDoesNotHaveIsAnIncidentNamingTheVariable() {
    Map<String, Object> missing = new LinkedHashMap<>();
    missing.put("camunda.document.type", "camunda");
    missing.put("storeId", "local");
    missing.put("documentId", "no-such-document-" + UUID.randomUUID());
    missing.put("contentHash", "0".repeat(64));
    long instance = start(PROCESS, Map.of("source", missing));

    var incident = instance(instance).awaitIncident();

    assertThat(incident.getElementId()).isEqualTo("UploadFile");
    assertThat(incident.getErrorMessage())
        .startsWith("Invalid input: source: names document 'no-such-document-")
        .contains("404");
  }

  @Test
  void aMalformedReferenceIsAnIncidentNamingTheVariable() {
    long instance = start(PROCESS, Map.of("source", Map.of("documentId", "abc")));

    var incident = instance(instance).awaitIncident();

    assertThat(incident.getElementId()).isEqualTo("UploadFile");
    assertThat(incident.getErrorMessage())
        .startsWith("Invalid input: source: is not a Camunda document reference");
  }

  private static Map<String, Object> reference(DocumentReferenceResponse document) {
    Map<String, Object> reference = new LinkedHashMap<>();
    reference.put("camunda.document.type", "camunda");
    reference.put("storeId", document.getStoreId());
    reference.put("documentId", document.getDocumentId());
    reference.put("contentHash", document.getContentHash());
    reference.put(
        "metadata",
        Map.of(
            "fileName", document.getMetadata().getFileName(),
            "contentType", document.getMetadata().getContentType(),
            "size", document.getMetadata().getSize()));
    return reference;
  }

  private static int height(String resolution) {
    return Integer.parseInt(resolution.substring(resolution.indexOf('x') + 1));
  }
}
