package io.mediaflow.transcoding.worker;

import io.mediaflow.api.operation.Input;
import io.mediaflow.api.operation.Operation;
import io.mediaflow.transcoding.internal.MetadataOutputs;
import io.mediaflow.worker.internal.OperationHandler;
import jakarta.validation.constraints.NotBlank;

@Operation(
    type = "mediaflow.transcoding.read_metadata",
    name = "Transcoding: read the source's properties",
    description =
        "Reads a job's metadata output (format 'metadata', a text output of the job's status) from its URL and returns the source's properties: width, height, duration (s), videoCodec, audioCodec, frameRate and size (bytes), null where the document does not give them. Reads ffprobe's report and flat summaries alike, since document 3 does not show the output's content. An answer other than 2xx (the output expired after 24 hours) is the BPMN error HTTP_<status>.",
    resultVariable = "sourceProperties",
    errors = {"HTTP_404", "HTTP_410"})
record ReadMetadataInput(
    @NotBlank
        @Input(label = "Metadata output URL", description = "The url of the job's metadata output")
        String url) {

  static OperationHandler<ReadMetadataInput> handler(MetadataOutputs outputs) {
    return OperationHandler.call(ReadMetadataInput.class, input -> outputs.read(input.url()));
  }
}
