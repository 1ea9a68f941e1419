package io.mediaflow.app.rest;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.camunda.client.protocol.rest.DocumentCreationFailureDetail;
import io.camunda.client.protocol.rest.DocumentLink;
import io.camunda.client.protocol.rest.DocumentLinkRequest;
import io.camunda.client.protocol.rest.DocumentMetadata;
import io.camunda.client.protocol.rest.DocumentReference;
import io.mediaflow.app.documents.DocumentContent;
import io.mediaflow.app.documents.DocumentLinks;
import io.mediaflow.app.documents.DocumentStore;
import io.mediaflow.app.documents.StoredDocument;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.Part;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import org.springframework.core.io.InputStreamResource;
import org.springframework.http.HttpStatus;
import org.springframework.http.InvalidMediaTypeException;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.servlet.support.ServletUriComponentsBuilder;

/**
 * Camunda's document endpoints over the embedded default's {@link DocumentStore} (its one store,
 * {@value DocumentStore#STORE_ID}): upload one or several (multipart, with Camunda's {@code
 * DocumentMetadata}), download with the content hash the upload answered, delete, and links that
 * anyone holding them may read until they expire ({@link DocumentLinks}). Answers are Camunda's
 * {@code DocumentReference}, {@code DocumentCreationBatchResponse} and {@code DocumentLink}.
 */
@RestController
@RequestMapping("/v2/documents")
class DocumentController {

  /** Camunda's default lifetime of a document link: one hour. */
  private static final long DEFAULT_LINK_MILLIS = 3_600_000;

  private final DocumentStore store;
  private final DocumentLinks links;

  DocumentController(DocumentStore store, DocumentLinks links) {
    this.store = store;
    this.links = links;
  }

  @PostMapping(consumes = MediaType.MULTIPART_FORM_DATA_VALUE)
  ResponseEntity<ObjectNode> create(
      @RequestParam(required = false) String storeId,
      @RequestParam(required = false) String documentId,
      HttpServletRequest request)
      throws IOException, ServletException {
    checkStore(storeId);
    Part file = request.getPart("file");
    if (file == null) {
      throw ApiProblem.invalid("file is required: the document's content, a multipart part 'file'");
    }
    Part metadata = request.getPart("metadata");
    JsonNode given = metadata == null ? null : json(metadata, "metadata");
    StoredDocument document;
    try (InputStream content = file.getInputStream()) {
      document = store.create(documentId, description(given, file, "metadata"), content);
    }
    return ResponseEntity.status(HttpStatus.CREATED).body(reference(document));
  }

  /**
   * Each part {@code files} becomes a document, described by the same index of {@code metadataList}
   * or by its own {@code X-Document-Metadata} header; one that cannot be kept is named by its file
   * name among {@code failedDocuments} ({@code 207}) while the others are kept.
   */
  @PostMapping(value = "/batch", consumes = MediaType.MULTIPART_FORM_DATA_VALUE)
  ResponseEntity<ObjectNode> createBatch(
      @RequestParam(required = false) String storeId, HttpServletRequest request)
      throws IOException, ServletException {
    checkStore(storeId);
    List<Part> files = new ArrayList<>();
    Part metadataList = null;
    for (Part part : request.getParts()) {
      if (part.getName().equals("files")) {
        files.add(part);
      } else if (part.getName().equals("metadataList")) {
        metadataList = part;
      }
    }
    if (files.isEmpty()) {
      throw ApiProblem.invalid("files is required: one multipart part 'files' per document");
    }
    JsonNode list = metadataList == null ? null : json(metadataList, "metadataList");
    if (list != null && (!list.isArray() || list.size() != files.size())) {
      throw ApiProblem.invalid(
          "metadataList must be a JSON array of one metadata object per file: "
              + files.size()
              + " files, "
              + (list.isArray() ? list.size() + " metadata objects" : "not an array"));
    }
    ArrayNode created = CamundaJson.MAPPER.createArrayNode();
    ArrayNode failed = CamundaJson.MAPPER.createArrayNode();
    for (int i = 0; i < files.size(); i++) {
      Part file = files.get(i);
      String field =
          list != null ? "metadataList[" + i + "]" : "files[" + i + "] X-Document-Metadata";
      try {
        JsonNode given = list != null ? list.get(i) : header(file, field);
        StoredDocument.Description description = description(given, file, field);
        if (description.fileName() == null) {
          throw ApiProblem.invalid(
              "files[" + i + "] needs a file name: in its Content-Disposition or in " + field);
        }
        try (InputStream content = file.getInputStream()) {
          created.add(reference(store.create(null, description, content)));
        }
      } catch (ApiProblem | DocumentStore.TooLarge refused) {
        failed.add(
            Shapes.tree(
                new DocumentCreationFailureDetail()
                    .fileName(file.getSubmittedFileName())
                    .detail(refused.getMessage())));
      }
    }
    ObjectNode body = Shapes.object();
    body.set("createdDocuments", created);
    body.set("failedDocuments", failed);
    return ResponseEntity.status(failed.isEmpty() ? HttpStatus.CREATED : HttpStatus.MULTI_STATUS)
        .body(body);
  }

  @GetMapping("/{documentId}")
  ResponseEntity<InputStreamResource> content(
      @PathVariable String documentId,
      @RequestParam(required = false) String storeId,
      @RequestParam(required = false) String contentHash)
      throws IOException {
    checkStore(storeId);
    return DocumentContent.response(store, document(documentId, contentHash));
  }

  @DeleteMapping("/{documentId}")
  ResponseEntity<Void> delete(
      @PathVariable String documentId, @RequestParam(required = false) String storeId)
      throws IOException {
    checkStore(storeId);
    if (!store.delete(documentId)) {
      throw notFound(documentId);
    }
    return ResponseEntity.noContent().build();
  }

  /** {@code {"timeToLive": <ms>}}, one hour when left out. */
  @PostMapping("/{documentId}/links")
  ResponseEntity<ObjectNode> link(
      @PathVariable String documentId,
      @RequestParam(required = false) String storeId,
      @RequestParam(required = false) String contentHash,
      @RequestBody(required = false) DocumentLinkRequest request)
      throws IOException {
    checkStore(storeId);
    long timeToLive =
        RequestValues.atLeast(
            "timeToLive", request == null ? null : request.getTimeToLive(), 1, DEFAULT_LINK_MILLIS);
    StoredDocument document = document(documentId, contentHash);
    Instant expiresAt = Instant.now().plusMillis(timeToLive);
    String url =
        ServletUriComponentsBuilder.fromCurrentContextPath()
                .path(DocumentLinks.PATH)
                .pathSegment(documentId)
                .toUriString()
            + "?"
            + links.query(document, expiresAt);
    return ResponseEntity.status(HttpStatus.CREATED)
        .body(Shapes.tree(new DocumentLink().url(url).expiresAt(Shapes.date(expiresAt))));
  }

  @ExceptionHandler(DocumentStore.TooLarge.class)
  ResponseEntity<org.springframework.http.ProblemDetail> tooLarge(
      DocumentStore.TooLarge e, HttpServletRequest request) {
    return Problems.problem(
        HttpStatus.PAYLOAD_TOO_LARGE, "PAYLOAD_TOO_LARGE", e.getMessage(), request);
  }

  @ExceptionHandler(DocumentStore.InvalidId.class)
  ResponseEntity<org.springframework.http.ProblemDetail> invalidId(
      DocumentStore.InvalidId e, HttpServletRequest request) {
    return Problems.problem(HttpStatus.BAD_REQUEST, "INVALID_ARGUMENT", e.getMessage(), request);
  }

  @ExceptionHandler(DocumentStore.AlreadyExists.class)
  ResponseEntity<org.springframework.http.ProblemDetail> alreadyExists(
      DocumentStore.AlreadyExists e, HttpServletRequest request) {
    return Problems.problem(HttpStatus.CONFLICT, "ALREADY_EXISTS", e.getMessage(), request);
  }

  @ExceptionHandler(DocumentStore.Missing.class)
  ResponseEntity<org.springframework.http.ProblemDetail> missing(
      DocumentStore.Missing e, HttpServletRequest request) {
    return Problems.problem(HttpStatus.NOT_FOUND, "NOT_FOUND", e.getMessage(), request);
  }

  /** The document, when the caller shows it holds its reference (the content hash it answered). */
  private StoredDocument document(String documentId, String contentHash) throws IOException {
    if (contentHash == null || contentHash.isBlank()) {
      throw ApiProblem.invalid(
          "contentHash is required: the hash the document's reference carries");
    }
    StoredDocument document = store.find(documentId).orElseThrow(() -> notFound(documentId));
    if (!document.contentHash().equals(contentHash)) {
      throw ApiProblem.invalid(
          "contentHash does not match document '"
              + documentId
              + "': its reference carries another");
    }
    return document;
  }

  private static void checkStore(String storeId) {
    if (storeId != null && !storeId.equals(DocumentStore.STORE_ID)) {
      throw ApiProblem.invalid(
          "storeId '"
              + storeId
              + "' names no document store; the embedded default has one, '"
              + DocumentStore.STORE_ID
              + "'");
    }
  }

  private static ApiProblem notFound(String documentId) {
    return ApiProblem.notFound(
        "No document with id '" + documentId + "' in store '" + DocumentStore.STORE_ID + "'");
  }

  private static JsonNode json(Part part, String field) throws IOException {
    try (InputStream in = part.getInputStream()) {
      return CamundaJson.MAPPER.readTree(in);
    } catch (JsonProcessingException e) {
      throw ApiProblem.invalid(field + " must be JSON: " + e.getOriginalMessage());
    }
  }

  private static JsonNode header(Part file, String field) {
    String value = file.getHeader("X-Document-Metadata");
    if (value == null) {
      return null;
    }
    try {
      return CamundaJson.MAPPER.readTree(value.getBytes(StandardCharsets.UTF_8));
    } catch (IOException e) {
      throw ApiProblem.invalid(field + " must be JSON: " + e.getMessage());
    }
  }

  /**
   * What Camunda's {@code DocumentMetadata} says of the document, the part's own type and file name
   * where it says nothing; its {@code size} is left to the store, which counts the content.
   */
  private static StoredDocument.Description description(JsonNode given, Part file, String field) {
    DocumentMetadata metadata;
    try {
      metadata =
          given == null || given.isNull()
              ? new DocumentMetadata()
              : CamundaJson.REQUESTS.treeToValue(given, DocumentMetadata.class);
    } catch (JsonProcessingException e) {
      throw ApiProblem.invalid(Problems.refusal(e, field));
    }
    String contentType =
        metadata.getContentType() != null ? metadata.getContentType() : file.getContentType();
    if (contentType != null) {
      try {
        MediaType.parseMediaType(contentType);
      } catch (InvalidMediaTypeException e) {
        throw ApiProblem.invalid(field + ".contentType must be a media type: " + e.getMessage());
      }
    }
    Instant expiresAt = null;
    String expires = metadata.getExpiresAt();
    if (expires != null) {
      try {
        expiresAt = OffsetDateTime.parse(expires).toInstant();
      } catch (DateTimeParseException e) {
        throw ApiProblem.invalid(
            field + ".expiresAt must be an RFC 3339 date-time, got '" + expires + "'");
      }
    }
    return new StoredDocument.Description(
        contentType,
        metadata.getFileName() != null ? metadata.getFileName() : file.getSubmittedFileName(),
        expiresAt,
        metadata.getProcessDefinitionId(),
        metadata.getProcessInstanceKey(),
        metadata.getCustomProperties() != null
            ? new LinkedHashMap<>(metadata.getCustomProperties())
            : new LinkedHashMap<>());
  }

  private static ObjectNode reference(StoredDocument document) {
    return Shapes.tree(
        new DocumentReference()
            .camundaDocumentType(DocumentReference.CamundaDocumentTypeEnum.CAMUNDA)
            .storeId(DocumentStore.STORE_ID)
            .documentId(document.documentId())
            .contentHash(document.contentHash())
            .metadata(
                new DocumentMetadata()
                    .contentType(document.contentType())
                    .fileName(document.fileName())
                    .expiresAt(
                        document.expiresAt() == null ? null : Shapes.date(document.expiresAt()))
                    .size(document.size())
                    .processDefinitionId(document.processDefinitionId())
                    .processInstanceKey(document.processInstanceKey())
                    .customProperties(document.customProperties())));
  }
}
