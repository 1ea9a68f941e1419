package io.mediaflow.transcoding.internal;

import io.camunda.client.CamundaClient;
import io.camunda.client.api.command.ClientException;
import io.camunda.client.api.command.ProblemException;
import io.mediaflow.api.ApiException;
import io.mediaflow.api.InvalidRequestException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletionException;
import java.util.function.Function;

/**
 * Sources given as Camunda document references ({@code {"camunda.document.type": "camunda",
 * "storeId", "documentId", "contentHash", "metadata"}}), as Camunda's clients, Tasklist's file
 * picker and form-js answer an upload ({@code POST /v2/documents}); a file picker's list of one
 * reference is taken too. The content is read through Camunda's Java client ({@code
 * newDocumentContentGetRequest}), so whichever document store the cluster has (AWS, GCP, local, the
 * embedded default's) serves it, into a temporary file that the TUS upload can resume from, deleted
 * once the upload is done.
 */
public class DocumentSources {

  /** The field every Camunda document reference carries, with the value {@value #CAMUNDA}. */
  static final String TYPE = "camunda.document.type";

  private static final String CAMUNDA = "camunda";

  private final CamundaClient camunda;

  /**
   * @param camunda the client of the cluster that holds the documents, or null when there is none
   *     (then a document reference is refused, naming why)
   */
  public DocumentSources(CamundaClient camunda) {
    this.camunda = camunda;
  }

  /**
   * Whether {@code value} is meant as a document reference, well formed or not: an object or list.
   */
  public static boolean isDocument(Object value) {
    return value instanceof Map<?, ?> || value instanceof List<?>;
  }

  /**
   * Runs {@code use} on a temporary file holding the content of the document {@code value} refers
   * to, then deletes the file.
   *
   * @param field the input that holds the reference, named when it is malformed or names no
   *     document
   */
  public <T> T withContent(String field, Object value, Function<Path, T> use) {
    Map<?, ?> reference = reference(field, value);
    String documentId = text(field, reference, "documentId");
    String storeId = optionalText(field, reference, "storeId");
    String contentHash = optionalText(field, reference, "contentHash");
    if (camunda == null) {
      throw InvalidRequestException.field(
          field,
          "is a Camunda document reference, and this worker has no Camunda client to read it");
    }
    Path file = null;
    try {
      file = Files.createTempFile("mediaflow-document-", ".part");
      var request = camunda.newDocumentContentGetRequest(documentId);
      if (storeId != null) {
        request = request.storeId(storeId);
      }
      if (contentHash != null) {
        request = request.contentHash(contentHash);
      }
      try (InputStream content = request.send().join()) {
        Files.copy(content, file, StandardCopyOption.REPLACE_EXISTING);
      }
      return use.apply(file);
    } catch (CompletionException | ClientException e) {
      throw refusal(
          field, documentId, storeId, e instanceof CompletionException ? e.getCause() : e);
    } catch (IOException e) {
      throw new ApiException.Transient(
          "DOCUMENT_READ",
          "Reading document '" + documentId + "' into a temporary file failed: " + e.getMessage(),
          null,
          e);
    } finally {
      deleteQuietly(file);
    }
  }

  /**
   * A document the store does not have (or whose hash it does not match) is the process's to fix:
   * an incident naming the input; anything else (the cluster unreachable, a server error) is asked
   * again later.
   */
  private static RuntimeException refusal(
      String field, String documentId, String storeId, Throwable failure) {
    if (failure instanceof ProblemException problem && problem.code() / 100 == 4) {
      return InvalidRequestException.field(
          field,
          "names document '"
              + documentId
              + "'"
              + (storeId == null ? "" : " in store '" + storeId + "'")
              + ", which the cluster's document store does not give: "
              + problem.code()
              + " "
              + (problem.details() == null ? "" : problem.details().getDetail()));
    }
    if (failure instanceof RuntimeException runtime && !(failure instanceof ClientException)) {
      throw runtime;
    }
    return new ApiException.Transient(
        "DOCUMENT_READ",
        "Reading document '" + documentId + "' from the cluster failed: " + failure.getMessage(),
        null,
        failure);
  }

  private static Map<?, ?> reference(String field, Object value) {
    Object single = value;
    if (value instanceof List<?> list) {
      if (list.size() != 1) {
        throw InvalidRequestException.field(
            field,
            "is a list of "
                + list.size()
                + " documents; one source is uploaded, so give one document reference");
      }
      single = list.getFirst();
    }
    if (!(single instanceof Map<?, ?> reference) || !CAMUNDA.equals(reference.get(TYPE))) {
      throw InvalidRequestException.field(
          field,
          "is not a Camunda document reference: it must be an object with \""
              + TYPE
              + "\": \"camunda\" and a documentId, as POST /v2/documents answers");
    }
    return reference;
  }

  private static String text(String field, Map<?, ?> reference, String name) {
    String value = optionalText(field, reference, name);
    if (value == null || value.isBlank()) {
      throw InvalidRequestException.field(
          field, "is a Camunda document reference without " + name + "; it is required");
    }
    return value;
  }

  private static String optionalText(String field, Map<?, ?> reference, String name) {
    Object value = reference.get(name);
    if (value != null && !(value instanceof String)) {
      throw InvalidRequestException.field(
          field, "is a Camunda document reference whose " + name + " is not a text");
    }
    return (String) value;
  }

  private static void deleteQuietly(Path file) {
    if (file == null) {
      return;
    }
    try {
      Files.deleteIfExists(file);
    } catch (IOException e) {
      // Not a reason to fail the upload that already happened; the file goes with the JVM.
      file.toFile().deleteOnExit();
    }
  }
}
