package io.mediaflow.transcoding;

import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;

/**
 * A transcoding task: its single-use {@code task_token} (the job ID) and the upload host for its
 * source file.
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
public record Task(String taskToken, String uploadUrl) {}
