package io.mediaflow.delivery;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;

/**
 * A signing key as every answer but the creation one shows it: without its private key. Only the
 * binding given at creation ({@code domain_id}, {@code stream_id} or {@code bucket_name}) is
 * present. There is deliberately no {@code private_key} component, so a key held in a process
 * variable can never carry it.
 *
 * @param name an optional label; null when unset
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
@JsonInclude(JsonInclude.Include.NON_NULL)
public record SigningKey(
    String id, String name, String domainId, String streamId, String bucketName, String created) {}
