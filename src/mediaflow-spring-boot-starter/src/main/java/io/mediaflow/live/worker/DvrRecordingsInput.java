package io.mediaflow.live.worker;

import io.mediaflow.worker.Input;
import io.mediaflow.worker.Operation;

@Operation(
    type = "mediaflow.live.dvr_recordings",
    name = "Live: DVR recording locations",
    description = "Reads the stream and lists where its DVR recordings go: per destination and format, the folder (destination URL, then the stream ID) and the file name pattern (recording-*.mp4, ...). Empty when the stream does not record. Use after the stream has stopped, when every file has been transferred.",
    resultVariable = "dvrRecordings",
    errors = {"NOT_FOUND"})
public record DvrRecordingsInput(@Input(required = true, label = "Stream ID", value = "=liveStream.id") String streamId) {}
