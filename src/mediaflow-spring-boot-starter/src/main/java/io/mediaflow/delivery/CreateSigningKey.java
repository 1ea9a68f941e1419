package io.mediaflow.delivery;

import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import io.mediaflow.api.operation.Input;
import io.mediaflow.api.operation.Operation;
import jakarta.validation.constraints.Size;

/**
 * {@code POST /v1/signing-keys}: a key for exactly one of a playback domain, a live stream or a
 * bucket (the client's rule, {@link DeliveryClient#createSigningKey}).
 *
 * @param domainId for the live streams that share a playback domain
 * @param streamId for a live stream without a custom playback domain
 * @param bucketName for a media storage bucket; such a key serves no other bucket
 * @param name an optional label; null for none
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
@Operation(
    type = "mediaflow.delivery.create_signing_key",
    name = "Delivery: create signing key",
    description =
        "Creates a key that signs tokens for exactly one of a playback domain, a live stream or a bucket (POST /v1/signing-keys). Its private key, which the service shows only once, is kept encrypted in the application's key store; the result is the key without it, and other tasks name the key by its id.",
    resultVariable = "signingKey",
    sideEffect = true,
    errors = {"BAD_REQUEST", "NOT_FOUND", "FAILED"})
public record CreateSigningKey(
    @ServiceId
        @Input(
            label = "Domain id",
            description =
                "For a playback domain's live streams; exactly one of domain, stream and bucket")
        String domainId,
    @ServiceId
        @Input(
            label = "Stream id",
            description = "For a live stream without a custom playback domain")
        String streamId,
    @BucketName
        @Input(
            label = "Bucket",
            description = "For a media storage bucket; such a key serves no other bucket",
            value = "=bucketName")
        String bucketName,
    @Size(max = 200, message = "must be at most {max} characters")
        @Input(
            label = "Name",
            description =
                "An optional label; the worker appends [mf-...], a marker by which a create whose answer was lost finds its key")
        String name) {}
