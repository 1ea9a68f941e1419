package io.mediaflow.delivery.worker;

import io.mediaflow.api.constraint.Fqdn;
import io.mediaflow.delivery.BucketName;
import io.mediaflow.delivery.Domain;
import io.mediaflow.worker.Input;
import io.mediaflow.worker.Operation;
import jakarta.validation.constraints.NotBlank;

@Operation(
    type = "mediaflow.delivery.create_domain",
    name = "Delivery: create playback domain",
    description =
        "Maps a domain name the caller owns (an FQDN) to a media storage bucket (type vod) or to live playback (type live) (POST /v1/domains). At most 20 domains per account: beyond that the service refuses with DOMAIN_LIMIT.",
    resultVariable = "domain",
    sideEffect = true,
    errors = {"BAD_REQUEST", "CONFLICT", "DOMAIN_LIMIT", "FAILED"})
record CreateDomainInput(
    @NotBlank
        @Fqdn
        @Input(
            label = "Domain name",
            description = "An FQDN such as video.example.com",
            value = "=domainName")
        String name,
    @NotBlank
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
