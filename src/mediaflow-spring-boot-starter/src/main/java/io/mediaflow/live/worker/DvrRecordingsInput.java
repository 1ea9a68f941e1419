package io.mediaflow.live.worker;

import io.mediaflow.live.Dvr;
import io.mediaflow.worker.Input;
import io.mediaflow.worker.Operation;
import jakarta.validation.constraints.NotBlank;
import java.time.Duration;

@Operation(
    type = "mediaflow.live.dvr_recordings",
    name = "Live: DVR recordings",
    description =
        "Lists what the stream's DVR recorded: per destination and format, the folder (destination URL, then the stream ID) and, for s3:// destinations, the files the storage holds there (listed with ListObjectsV2, signed with the destination's credentials), each with a presigned downloadUrl, e.g. a transcoding source. Other destinations give the folder and file pattern only (listed: false). Use after the stream has stopped, when every file has been transferred. A presigned URL carries the access key ID: given as a secret reference it is masked there, so give the access key in plain text where the files are handed on. DVR_STORAGE_REFUSED: the storage refused the listing (credentials, permissions).",
    resultVariable = "dvrRecordings",
    errors = {"NOT_FOUND", "DVR_STORAGE_REFUSED"})
public record DvrRecordingsInput(
    @NotBlank @Input(label = "Stream ID", value = "=liveStream.id") String streamId,
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
        Duration downloadUrlLifetime) {}
