package io.mediaflow.sandbox.transcoding;

import io.mediaflow.sandbox.SandboxProperties;
import jakarta.servlet.http.HttpServletRequest;
import java.io.IOException;
import java.util.Optional;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.InvalidMediaTypeException;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.PatchMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestMethod;
import org.springframework.web.bind.annotation.RestController;

/**
 * The upload host's TUS 1.0.0 endpoint (core protocol and the creation extension) at {@code
 * /sandbox/upload/v1/upload_file/<task_token>}: POST creates an upload for the task and answers its
 * {@code Location}; HEAD on it tells the offset to resume from; PATCH appends at that offset. A
 * finished upload is the source {@code tus:<file_uuid>} of that task's job.
 */
@RestController
@RequestMapping("/sandbox/upload/v1/upload_file")
class UploadController {

  static final String TUS_VERSION = "1.0.0";
  static final String OFFSET_OCTET_STREAM = "application/offset+octet-stream";

  private final UploadStore uploads;
  private final Tasks tasks;
  private final SandboxProperties sandbox;

  UploadController(UploadStore uploads, Tasks tasks, SandboxProperties sandbox) {
    this.uploads = uploads;
    this.tasks = tasks;
    this.sandbox = sandbox;
  }

  @RequestMapping(
      path = {"/{taskToken}", "/{taskToken}/{fileId}"},
      method = RequestMethod.OPTIONS)
  ResponseEntity<Void> options() {
    return ResponseEntity.noContent()
        .header("Tus-Resumable", TUS_VERSION)
        .header("Tus-Version", TUS_VERSION)
        .header("Tus-Extension", "creation")
        .header("Tus-Max-Size", Long.toString(uploads.maxSize()))
        .build();
  }

  @PostMapping("/{taskToken}")
  ResponseEntity<String> create(
      @PathVariable String taskToken,
      @RequestHeader(name = "Tus-Resumable", required = false) String resumable,
      @RequestHeader(name = "Upload-Length", required = false) String uploadLength) {
    if (!TUS_VERSION.equals(resumable)) {
      return unsupportedVersion();
    }
    if (tasks.find(taskToken).isEmpty()) {
      return answer(HttpStatus.NOT_FOUND, "Unknown task token.");
    }
    long length = parseLength(uploadLength);
    if (length < 0) {
      return answer(
          HttpStatus.BAD_REQUEST,
          "Upload-Length must be a non-negative integer (deferred length is not " + "supported).");
    }
    if (length > uploads.maxSize()) {
      return answer(
          HttpStatus.PAYLOAD_TOO_LARGE,
          "Upload-Length is above Tus-Max-Size " + uploads.maxSize() + ".");
    }
    UploadStore.Upload upload = uploads.create(taskToken, length);
    return ResponseEntity.status(HttpStatus.CREATED)
        .header("Tus-Resumable", TUS_VERSION)
        .header(
            HttpHeaders.LOCATION,
            sandbox.publicUrl() + "/upload/v1/upload_file/" + taskToken + "/" + upload.id)
        .build();
  }

  @RequestMapping(path = "/{taskToken}/{fileId}", method = RequestMethod.HEAD)
  ResponseEntity<String> head(@PathVariable String taskToken, @PathVariable String fileId) {
    Optional<UploadStore.Upload> upload = uploads.find(taskToken, fileId);
    if (upload.isEmpty()) {
      return answer(HttpStatus.NOT_FOUND, null);
    }
    return ResponseEntity.ok()
        .header("Tus-Resumable", TUS_VERSION)
        .header("Upload-Offset", Long.toString(upload.get().offset()))
        .header("Upload-Length", Long.toString(upload.get().length))
        .header(HttpHeaders.CACHE_CONTROL, "no-store")
        .build();
  }

  @PatchMapping("/{taskToken}/{fileId}")
  ResponseEntity<String> patch(
      @PathVariable String taskToken,
      @PathVariable String fileId,
      @RequestHeader(name = "Tus-Resumable", required = false) String resumable,
      @RequestHeader(name = "Upload-Offset", required = false) String uploadOffset,
      HttpServletRequest request)
      throws IOException {
    if (!TUS_VERSION.equals(resumable)) {
      return unsupportedVersion();
    }
    if (!isOffsetOctetStream(request.getContentType())) {
      return answer(
          HttpStatus.UNSUPPORTED_MEDIA_TYPE, "Content-Type must be " + OFFSET_OCTET_STREAM + ".");
    }
    Optional<UploadStore.Upload> upload = uploads.find(taskToken, fileId);
    if (upload.isEmpty()) {
      return answer(HttpStatus.NOT_FOUND, "Unknown upload.");
    }
    long offset = parseLength(uploadOffset);
    if (offset < 0) {
      return answer(HttpStatus.BAD_REQUEST, "Upload-Offset must be a non-negative integer.");
    }
    UploadStore.Patched patched =
        uploads.patch(
            upload.get(), offset, request.getContentLengthLong(), request.getInputStream());
    if (patched.refusal() != null) {
      HttpStatus status =
          patched.refusal() == UploadStore.Refusal.TOO_LONG
              ? HttpStatus.PAYLOAD_TOO_LARGE
              : HttpStatus.CONFLICT;
      String message =
          switch (patched.refusal()) {
            case OFFSET_MISMATCH ->
                "Upload-Offset "
                    + offset
                    + " does not match the upload's offset "
                    + patched.offset()
                    + "; resume from the offset HEAD reports.";
            case BUSY -> "Another PATCH of this upload is still in progress.";
            case TOO_LONG -> "The body goes beyond Upload-Length.";
          };
      return ResponseEntity.status(status)
          .header("Tus-Resumable", TUS_VERSION)
          .header("Upload-Offset", Long.toString(patched.offset()))
          .contentType(MediaType.TEXT_PLAIN)
          .body(message);
    }
    return ResponseEntity.noContent()
        .header("Tus-Resumable", TUS_VERSION)
        .header("Upload-Offset", Long.toString(patched.offset()))
        .build();
  }

  private static boolean isOffsetOctetStream(String contentType) {
    if (contentType == null) {
      return false;
    }
    try {
      MediaType type = MediaType.parseMediaType(contentType);
      return OFFSET_OCTET_STREAM.equalsIgnoreCase(type.getType() + "/" + type.getSubtype());
    } catch (InvalidMediaTypeException e) {
      return false;
    }
  }

  private static long parseLength(String value) {
    if (value == null || !value.strip().matches("\\d{1,18}")) {
      return -1;
    }
    return Long.parseLong(value.strip());
  }

  private static ResponseEntity<String> unsupportedVersion() {
    return ResponseEntity.status(HttpStatus.PRECONDITION_FAILED)
        .header("Tus-Version", TUS_VERSION)
        .contentType(MediaType.TEXT_PLAIN)
        .body("Tus-Resumable " + TUS_VERSION + " is required.");
  }

  private static ResponseEntity<String> answer(HttpStatus status, String message) {
    var response = ResponseEntity.status(status).header("Tus-Resumable", TUS_VERSION);
    return message == null
        ? response.build()
        : response.contentType(MediaType.TEXT_PLAIN).body(message);
  }
}
