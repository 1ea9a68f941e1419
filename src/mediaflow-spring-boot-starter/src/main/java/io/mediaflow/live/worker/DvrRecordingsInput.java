package io.mediaflow.live.worker;

import com.fasterxml.jackson.annotation.JsonUnwrapped;
import io.mediaflow.api.operation.Input;
import io.mediaflow.api.operation.Operation;
import io.mediaflow.live.Dvr;
import io.mediaflow.live.GetStream;
import io.mediaflow.live.LiveClient;
import io.mediaflow.live.internal.DvrRecordings;
import io.mediaflow.worker.internal.OperationHandler;
import jakarta.validation.Valid;
import java.time.Duration;

@Operation(
    type = "mediaflow.live.dvr_recordings",
    name = "Live: DVR recordings",
    description =
        "Lists what the stream's DVR recorded: per destination and format, the destination folder and, for s3:// destinations, the files below it whose key holds the stream ID, in whatever layout the service writes (listed with ListObjectsV2, signed with the destination's credentials), each with a presigned downloadUrl, e.g. a transcoding source. Other destinations give the folder and key pattern only (listed: false). Use after the stream has stopped. Asked to record, a stream with no such file is retried (files may still be on their way), then an incident names the destination, the stream and what the folder holds; a stream that shows recording off is an incident at once. A presigned URL carries the access key ID: given as a secret reference it is masked there, so give the access key in plain text where the files are handed on. DVR_STORAGE_REFUSED: the storage refused the listing (credentials, permissions).",
    resultVariable = "dvrRecordings",
    errors = {"NOT_FOUND", "DVR_STORAGE_REFUSED"})
/**
 * The stream whose recordings are listed, with what listing them needs besides.
 *
 * @param request the stream to read
 */
record DvrRecordingsInput(
    @JsonUnwrapped @Valid GetStream request,
    @Input(
            label = "DVR",
            description =
                "The DVR params the stream was created with: the service does not show the credentials, which are needed to list the destination (secret references, resolved by the worker)",
            value = "=dvr")
        Dvr dvr,
    @Input(
            label = "Download URL lifetime",
            description =
                "ISO-8601 duration the presigned download URLs work, at most 7 days (S3's limit)",
            value = "PT24H")
        Duration downloadUrlLifetime) {

  static OperationHandler<DvrRecordingsInput> handler(LiveClient client, DvrRecordings recordings) {
    return OperationHandler.call(
        DvrRecordingsInput.class,
        input ->
            recordings.of(
                client.getStream(input.request()),
                input.dvr(),
                input.downloadUrlLifetime() == null
                    ? Duration.ofHours(24)
                    : input.downloadUrlLifetime()));
  }
}
