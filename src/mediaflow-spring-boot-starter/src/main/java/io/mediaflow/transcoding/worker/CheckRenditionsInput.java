package io.mediaflow.transcoding.worker;

import io.mediaflow.api.operation.Input;
import io.mediaflow.api.operation.Operation;
import io.mediaflow.transcoding.internal.check.RenditionCheck;
import io.mediaflow.worker.internal.OperationHandler;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.PositiveOrZero;
import java.util.List;
import java.util.Map;

@Operation(
    type = "mediaflow.transcoding.check_renditions",
    name = "Transcoding: prove the renditions",
    description =
        "Proves a finished job's renditions as their users would find them, reading the files, not the job's status: each rendition's URL answers (an http(s) URL, or s3://<bucket>/<path> of the media storage at the bucket's default address), and its picture size and duration are what was asked. HLS: the master playlist's RESOLUTION per variant (renditions listed with one URL are its variants, in order) and the sum of the media playlist's #EXTINF, which must end with #EXT-X-ENDLIST; DASH: the manifest's duration and each video representation's size, read from its initialization segment (else as the manifest declares it); MP4: moov/mvhd's duration and the video tkhd's size; WebM: that it answers; images: a JPEG, PNG, WebP or GIF header. Each rendition is matched to its rung of the ladder by user_tag (else by position) and must have the rung's size as document 3 computes it (resolution is the shorter side; a missing side follows the source's proportions) and the source's duration within the tolerance. A rung the result does not list is accepted only when larger than the source (document 3's service leaves it out). One GET per file a player opens first; nothing is paid work or changes state at the service. Result: renditions (tag, url, read, resolution, duration, segments, asked, notRead), images, leftOut. RENDITIONS_NOT_DELIVERED names each rendition, its URL, what it got, what was asked and what to do (errorDetails.problems).",
    resultVariable = "renditionsProof",
    errors = {RenditionCheck.NOT_DELIVERED})
record CheckRenditionsInput(
    @NotNull(
            message =
                "is required: the job's renditions, as 'Transcoding: check the job' lists them")
        @Input(
            label = "Renditions",
            description =
                "The job's renditions, each {tag, url}: the check job's or wait's renditions",
            value = "=renditions")
        List<RenditionCheck.Listed> renditions,
    @Input(
            label = "Ladder asked",
            description =
                "The rungs that were asked for, with the API's field names (resolution, size, width, height, user_tag); empty to prove only that the renditions answer and agree in duration",
            value = "=ladder")
        List<Map<String, Object>> ladder,
    @Input(
            label = "Source properties",
            description =
                "{width, height, duration} of the source, as 'Transcoding: read the source's properties' gives them; without them a rendition's duration is compared with the others' and a missing rung is accepted only when larger than every rendition delivered",
            value = "=sourceProperties")
        RenditionCheck.Source sourceProperties,
    @Input(
            label = "Images",
            description = "URLs of image outputs (thumbnails), each proved to be an image",
            value = "=thumbnails")
        List<String> images,
    @PositiveOrZero(message = "must be a number of seconds, 0 or more")
        @Input(
            label = "Duration tolerance",
            description =
                "Seconds a rendition's duration may differ from the source's; empty for 1 s or 2 % of the source, whichever is more")
        Double durationTolerance) {

  static OperationHandler<CheckRenditionsInput> handler(RenditionCheck check) {
    return OperationHandler.call(
        CheckRenditionsInput.class,
        input ->
            check.check(
                input.renditions(),
                input.ladder(),
                input.sourceProperties(),
                input.images(),
                input.durationTolerance()));
  }
}
