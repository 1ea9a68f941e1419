package io.mediaflow.delivery;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mediaflow.api.ApiException;
import io.mediaflow.api.InvalidRequestException;
import java.util.ArrayList;
import org.junit.jupiter.api.Test;

/**
 * Every endpoint of document 1 through the product's client, against the sandbox over real HTTP.
 */
class DeliveryClientSandboxTest extends DeliveryTest {

  @Test
  void aVodDomainIsCreatedListedReadRepointedAndDeleted() {
    String name = domainName();
    String bucket = bucketName();

    Domain created = delivery.createDomain(new CreateDomain(name, Domain.VOD, bucket));

    assertThat(created.id()).matches("[0-9a-f-]{36}");
    assertThat(created.domainName()).isEqualTo(name);
    assertThat(created.bucketName()).isEqualTo(bucket);
    assertThat(created.created()).matches("\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2}");
    assertThat(delivery.listDomains(ListDomains.all())).contains(created);
    assertThat(delivery.listDomains(new ListDomains(Domain.VOD))).contains(created);
    assertThat(delivery.listDomains(new ListDomains(Domain.LIVE))).doesNotContain(created);
    assertThat(delivery.getDomain(new GetDomain(created.id()))).isEqualTo(created);
    String otherBucket = bucketName();
    assertThat(delivery.updateDomain(new UpdateDomain(created.id(), otherBucket)).bucketName())
        .isEqualTo(otherBucket);
    delivery.deleteDomain(new DeleteDomain(created.id()));
    assertThat(codeOf(() -> delivery.getDomain(new GetDomain(created.id()))))
        .isEqualTo("NOT_FOUND");
  }

  @Test
  void aLiveDomainCannotBeUpdated() {
    Domain live = delivery.createDomain(new CreateDomain(domainName(), Domain.LIVE, null));

    assertThat(live.bucketName()).isNull();
    assertThatThrownBy(() -> delivery.updateDomain(new UpdateDomain(live.id(), bucketName())))
        .isInstanceOfSatisfying(
            ApiException.Rejected.class,
            e -> assertThat(e.getMessage()).contains("live domain cannot be updated"));
  }

  @Test
  void theTwentyFirstDomainIsRefusedNamingTheLimit() {
    var created = new ArrayList<String>();
    try {
      while (delivery.listDomains(ListDomains.all()).size() < 20) {
        created.add(delivery.createDomain(new CreateDomain(domainName(), Domain.LIVE, null)).id());
      }

      assertThatThrownBy(
              () -> delivery.createDomain(new CreateDomain(domainName(), Domain.LIVE, null)))
          .isInstanceOfSatisfying(
              ApiException.Rejected.class,
              e -> {
                assertThat(e.code()).isEqualTo("DOMAIN_LIMIT");
                assertThat(e.getMessage()).contains("the limit is 20 per account");
              });
    } finally {
      created.forEach(id -> delivery.deleteDomain(new DeleteDomain(id)));
    }
  }

  @Test
  void aTlsSubscriptionIsCreatedWithItsInstructionListedReadAndDeleted() {
    Domain domain = delivery.createDomain(new CreateDomain(domainName(), Domain.VOD, bucketName()));

    TlsSubscription created =
        delivery.createTlsSubscription(new CreateTlsSubscription(domain.id()));

    assertThat(created.status()).isEqualTo(TlsSubscription.PENDING);
    assertThat(created.domainId()).isEqualTo(domain.id());
    assertThat(created.message()).contains("CNAME", domain.domainName());
    TlsSubscription listed =
        delivery.listTlsSubscriptions().stream()
            .filter(s -> s.id().equals(created.id()))
            .findFirst()
            .orElseThrow();
    assertThat(listed.tlsSubscriptionId()).isNotBlank().isNotEqualTo(created.id());
    assertThat(created.tlsSubscriptionId())
        .as("the create adds the identifier the paths take")
        .isEqualTo(listed.tlsSubscriptionId());
    assertThat(codeOf(() -> delivery.getTlsSubscription(new GetTlsSubscription(created.id()))))
        .as("the id is not a path's identifier")
        .isEqualTo("NOT_FOUND");
    assertThat(
            delivery
                .getTlsSubscription(new GetTlsSubscription(created.tlsSubscriptionId()))
                .status())
        .isEqualTo(TlsSubscription.PENDING);
    delivery.deleteTlsSubscription(new DeleteTlsSubscription(created.tlsSubscriptionId()));
    assertThat(
            codeOf(
                () ->
                    delivery.getTlsSubscription(
                        new GetTlsSubscription(created.tlsSubscriptionId()))))
        .isEqualTo("NOT_FOUND");
  }

  @Test
  void aSigningKeyIsBoundToOneThingAndNeverShowsItsPrivateKeyAgain() {
    Domain domain = delivery.createDomain(new CreateDomain(domainName(), Domain.LIVE, null));
    String bucket = bucketName();

    NewSigningKey forBucket =
        delivery.createSigningKey(new CreateSigningKey(null, null, bucket, null));
    NewSigningKey forDomain =
        delivery.createSigningKey(new CreateSigningKey(domain.id(), null, null, "player"));

    assertThat(forBucket.privateKey().text()).contains("PRIVATE KEY");
    assertThat(forBucket.key().bucketName()).isEqualTo(bucket);
    assertThat(forBucket.key().domainId()).isNull();
    assertThat(forDomain.key().domainId()).isEqualTo(domain.id());
    assertThat(forDomain.key().name()).isEqualTo("player");
    assertThat(delivery.listSigningKeys()).contains(forBucket.key(), forDomain.key());
    assertThat(delivery.getSigningKey(new GetSigningKey(forBucket.key().id())))
        .isEqualTo(forBucket.key());
    assertThat(
            delivery.renameSigningKey(new RenameSigningKey(forBucket.key().id(), "renamed")).name())
        .isEqualTo("renamed");
    delivery.deleteSigningKey(new DeleteSigningKey(forBucket.key().id()));
    delivery.deleteSigningKey(new DeleteSigningKey(forDomain.key().id()));
    assertThat(codeOf(() -> delivery.getSigningKey(new GetSigningKey(forBucket.key().id()))))
        .isEqualTo("NOT_FOUND");
  }

  @Test
  void aKeyForAnUnknownDomainIsRefused() {
    assertThat(
            codeOf(
                () ->
                    delivery.createSigningKey(
                        new CreateSigningKey(
                            "11111111-2222-3333-4444-555555555555", null, null, null))))
        .isEqualTo("NOT_FOUND");
  }

  @Test
  void bucketControlsAreSetReadAndRemoved() {
    String bucket = bucketName();

    delivery.setBucketPolicy(new SetBucketPolicy(bucket, BucketPolicy.AUTHENTICATED));
    delivery.setBucketPolicy(new SetBucketPolicy(bucket, BucketPolicy.PUBLIC));
    delivery.setCors(new SetCors(bucket, "https://player.example.com", true, "GET, HEAD", 600));
    assertThat(delivery.getCors(new GetCors(bucket)).headers())
        .containsOnlyKeys(CorsPolicy.HEADERS)
        .containsEntry(CorsPolicy.MAX_AGE, "600");
    delivery.deleteCorsHeader(new DeleteCorsHeader(bucket, CorsPolicy.MAX_AGE));
    assertThat(delivery.getCors(new GetCors(bucket)).headers())
        .doesNotContainKey(CorsPolicy.MAX_AGE);
    delivery.deleteCors(new DeleteCors(bucket));
    assertThat(delivery.getCors(new GetCors(bucket)).headers()).isEmpty();
    delivery.purgeCache(new PurgeCache(bucket, null));
    delivery.purgeCache(new PurgeCache(bucket, "videos/a.m3u8"));
  }

  @Test
  void aBucketNameThatBreaksTheStorageRuleIsRefusedBeforeItIsSent() {
    assertThatThrownBy(
            () ->
                delivery.setBucketPolicy(
                    new SetBucketPolicy("Bad_Bucket", BucketPolicy.AUTHENTICATED)))
        .isInstanceOf(InvalidRequestException.class)
        .hasMessageStartingWith("bucket_name: must be a bucket name");
  }
}
