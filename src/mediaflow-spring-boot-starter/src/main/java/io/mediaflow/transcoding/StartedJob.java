package io.mediaflow.transcoding;

import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;

/** A job the service accepted: its task token and the address to read its complete status from. */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
public record StartedJob(String taskToken, String statusUrl) {}
