package io.mediaflow.delivery;

import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import io.mediaflow.api.constraint.Fqdn;
import io.mediaflow.api.constraint.OneOf;
import io.mediaflow.api.operation.Input;
import io.mediaflow.api.operation.Operation;
import jakarta.validation.constraints.NotBlank;

/**
 * {@code POST /v1/domains}: maps a domain name the caller owns to a media storage bucket ({@code
 * vod}) or to live playback ({@code live}). That a {@code vod} domain needs its bucket and a {@code
 * live} one has none is the client's rule ({@link DeliveryClient#createDomain}).
 *
 * @param name the FQDN, e.g. {@code video.example.com}: the request calls it {@code name}, the
 *     answer {@code domain_name}
 * @param type {@link Domain#VOD} or {@link Domain#LIVE}, fixed at creation
 * @param bucketName the bucket a {@code vod} domain exposes
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
@Operation(
    type = "mediaflow.delivery.create_domain",
    name = "Delivery: create playback domain",
    description =
        "Maps a domain name the caller owns (an FQDN) to a media storage bucket (type vod) or to live playback (type live) (POST /v1/domains). At most 20 domains per account: beyond that the service refuses with DOMAIN_LIMIT.",
    resultVariable = "domain",
    sideEffect = true,
    errors = {"BAD_REQUEST", "CONFLICT", "DOMAIN_LIMIT", "FAILED"})
public record CreateDomain(
    @NotBlank(message = "is required")
        @Fqdn
        @Input(
            label = "Domain name",
            description = "An FQDN such as video.example.com",
            value = "=domainName")
        String name,
    @NotBlank(message = "must be live or vod")
        @OneOf(
            value = {Domain.LIVE, Domain.VOD},
            message = "must be live or vod")
        @Input(
            label = "Type",
            description =
                "vod for media storage playback, live for live playback; fixed at creation",
            choices = {Domain.VOD, Domain.LIVE},
            value = Domain.VOD)
        String type,
    @BucketName
        @Input(
            label = "Bucket",
            description = "Required for vod: the media storage bucket the domain exposes",
            value = "=bucketName")
        String bucketName) {}
