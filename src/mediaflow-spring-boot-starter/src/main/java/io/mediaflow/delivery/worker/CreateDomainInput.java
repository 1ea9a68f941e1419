package io.mediaflow.delivery.worker;

import io.mediaflow.api.constraint.Fqdn;
import io.mediaflow.api.operation.Input;
import io.mediaflow.api.operation.Operation;
import io.mediaflow.delivery.BucketName;
import io.mediaflow.delivery.DeliveryClient;
import io.mediaflow.delivery.Domain;
import io.mediaflow.worker.internal.OperationHandler;
import jakarta.validation.constraints.NotBlank;
import java.util.Objects;
import java.util.Optional;

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
        String bucketName) {

  static OperationHandler<CreateDomainInput> handler(DeliveryClient client) {
    return OperationHandler.create(
        CreateDomainInput.class,
        (input, job) -> client.createDomain(input.name(), input.type(), input.bucketName()),
        (input, job) -> findCreatedDomain(client, input));
  }

  /**
   * The domain an earlier attempt created: a domain name exists at most once in an account (a
   * second create is refused with CONFLICT), and a domain has no field a marker could go in, so the
   * domain of this name, type and bucket is the one the lost answer described.
   */
  private static Optional<Domain> findCreatedDomain(
      DeliveryClient client, CreateDomainInput input) {
    return client.listDomains(input.type()).stream()
        .filter(domain -> input.name().equalsIgnoreCase(domain.domainName()))
        .filter(domain -> Objects.equals(input.bucketName(), domain.bucketName()))
        .findFirst();
  }
}
