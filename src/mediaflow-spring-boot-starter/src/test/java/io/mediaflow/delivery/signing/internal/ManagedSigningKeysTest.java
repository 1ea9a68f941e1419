package io.mediaflow.delivery.signing.internal;

import static io.mediaflow.delivery.MockCdn.json;
import static io.mediaflow.delivery.MockCdn.line;
import static io.mediaflow.delivery.MockCdn.token;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mediaflow.api.ApiException;
import io.mediaflow.delivery.CreateSigningKey;
import io.mediaflow.delivery.DeleteSigningKey;
import io.mediaflow.delivery.MockCdn;
import io.mediaflow.delivery.PrivateKeyPem;
import io.mediaflow.delivery.SigningKey;
import io.mediaflow.delivery.signing.MemorySigningKeyStore;
import io.mediaflow.delivery.signing.TestKeys;
import io.mediaflow.observability.internal.MediaflowMetrics;
import mockwebserver3.MockWebServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A created key's private key is kept before the key is handed on; a key that cannot be kept does
 * not stay.
 */
class ManagedSigningKeysTest {

  private static final String KEY_ID = "7d0f6a3e-2b1c-4d5e-8f90-a1b2c3d4e5f6";
  private static final PrivateKeyPem PEM = TestKeys.pkcs8(TestKeys.rsa());

  private final MockWebServer server = new MockWebServer();
  private final MemorySigningKeyStore store = new MemorySigningKeyStore();
  private ManagedSigningKeys keys;

  @BeforeEach
  void start() throws Exception {
    server.start();
    keys = new ManagedSigningKeys(MockCdn.client(server), store, MediaflowMetrics.NONE);
    server.enqueue(token());
  }

  @AfterEach
  void stop() {
    server.close();
  }

  @Test
  void theKeyComesBackWithoutItsPrivateKeyWhichIsInTheStore() {
    server.enqueue(created(PEM.text()));

    SigningKey key = keys.create(new CreateSigningKey(null, null, "media", "k"));

    assertThat(key.id()).isEqualTo(KEY_ID);
    assertThat(store.find(KEY_ID)).contains(PEM);
  }

  @Test
  void aKeyWhosePrivateKeyCannotBeKeptIsDeletedAndTheCreationRetried() throws Exception {
    store.failing = true;
    server.enqueue(created(PEM.text()));
    server.enqueue(json(200, "{\"status\":\"ok\"}"));

    assertThatThrownBy(() -> keys.create(new CreateSigningKey(null, null, "media", null)))
        .isInstanceOfSatisfying(
            ApiException.Transient.class,
            e ->
                assertThat(e.getMessage())
                    .contains("could not be kept (disk full)", "the key was deleted")
                    .doesNotContain("PRIVATE KEY"));
    server.takeRequest();
    server.takeRequest();
    assertThat(line(server.takeRequest())).isEqualTo("DELETE /v1/signing-keys/" + KEY_ID);
  }

  @Test
  void aKeyWhosePrivateKeyCannotBeReadIsDeletedAndNeedsAnOperator() throws Exception {
    server.enqueue(created("-----BEGIN PRIVATE KEY-----\\nAAAA\\n-----END PRIVATE KEY-----"));
    server.enqueue(json(200, "{\"status\":\"ok\"}"));

    assertThatThrownBy(() -> keys.create(new CreateSigningKey(null, null, "media", null)))
        .isInstanceOfSatisfying(
            ApiException.Misconfigured.class,
            e -> assertThat(e.code()).isEqualTo("UNREADABLE_PRIVATE_KEY"));
    assertThat(store.keys).isEmpty();
    server.takeRequest();
    server.takeRequest();
    assertThat(line(server.takeRequest())).isEqualTo("DELETE /v1/signing-keys/" + KEY_ID);
  }

  @Test
  void theKeysNameIsExactlyTheOneGivenAndNoneWhenNoneIsGiven() throws Exception {
    server.enqueue(created(PEM.text()));
    server.enqueue(created(PEM.text()));

    keys.create(new CreateSigningKey(null, null, "media", "k"));
    keys.create(new CreateSigningKey(null, null, "media", null));

    server.takeRequest();
    assertThat(server.takeRequest().getBody().utf8())
        .contains("\"name\":\"k\"")
        .doesNotContain("mf-");
    assertThat(server.takeRequest().getBody().utf8()).isEqualTo("{\"bucket_name\":\"media\"}");
  }

  @Test
  void aKeyWhoseAnswerWasLostIsTheNewOneNamedAndBoundAlikeAndIsDeletedSinceNoOneHasItsPrivateKey()
      throws Exception {
    String earlier = "0b9c8d7e-6f5a-4b3c-9d2e-1f0a9b8c7d6e";
    String otherBucket = "1c9c8d7e-6f5a-4b3c-9d2e-1f0a9b8c7d6e";
    String otherName = "2d9c8d7e-6f5a-4b3c-9d2e-1f0a9b8c7d6e";
    server.enqueue(
        json(
            200,
            "{\"signing_keys\":["
                + "{\"id\":\""
                + earlier
                + "\",\"name\":\"k\",\"bucket_name\":\"media\"},"
                + "{\"id\":\""
                + otherBucket
                + "\",\"name\":\"k\",\"bucket_name\":\"other\"},"
                + "{\"id\":\""
                + otherName
                + "\",\"name\":null,\"bucket_name\":\"media\"},"
                + "{\"id\":\""
                + KEY_ID
                + "\",\"name\":\"k\",\"bucket_name\":\"media\"}]}"));
    server.enqueue(json(200, "{\"status\":\"ok\"}"));

    assertThat(
            keys.findCreated(
                new CreateSigningKey(null, null, "media", "k"), java.util.List.of(earlier)))
        .isEmpty();

    server.takeRequest();
    assertThat(line(server.takeRequest())).isEqualTo("GET /v1/signing-keys");
    assertThat(line(server.takeRequest())).isEqualTo("DELETE /v1/signing-keys/" + KEY_ID);
    assertThat(server.getRequestCount())
        .as("the keys that were there before, or are bound or named otherwise, are left alone")
        .isEqualTo(3);
  }

  @Test
  void aNewKeyAlikeWhosePrivateKeyWasKeptIsTheResult() {
    store.save(KEY_ID, PEM);
    server.enqueue(
        json(200, "{\"signing_keys\":[{\"id\":\"" + KEY_ID + "\",\"bucket_name\":\"media\"}]}"));

    assertThat(
            keys.findCreated(new CreateSigningKey(null, null, "media", null), java.util.List.of()))
        .hasValueSatisfying(key -> assertThat(key.id()).isEqualTo(KEY_ID));
  }

  @Test
  void twoNewKeysAlikeThatThisApplicationDoesNotHoldAreLeftToAPerson() {
    server.enqueue(
        json(
            200,
            "{\"signing_keys\":[{\"id\":\""
                + KEY_ID
                + "\",\"bucket_name\":\"media\"},"
                + "{\"id\":\"0b9c8d7e-6f5a-4b3c-9d2e-1f0a9b8c7d6e\",\"bucket_name\":\"media\"}]}"));

    assertThatThrownBy(
            () ->
                keys.findCreated(
                    new CreateSigningKey(null, null, "media", null), java.util.List.of()))
        .isInstanceOfSatisfying(
            ApiException.OutcomeUnknown.class,
            e -> assertThat(e.code()).isEqualTo("AMBIGUOUS_CREATION"));
    assertThat(server.getRequestCount()).as("nothing deleted").isEqualTo(2);
  }

  @Test
  void deletingAKeyForgetsItsPrivateKeyAlsoWhenTheServiceNoLongerKnowsIt() {
    store.save(KEY_ID, PEM);
    server.enqueue(json(404, "{\"status\":\"failed\",\"error\":\"no signing key\"}"));

    assertThatThrownBy(() -> keys.delete(new DeleteSigningKey(KEY_ID)))
        .isInstanceOfSatisfying(
            ApiException.Rejected.class, e -> assertThat(e.code()).isEqualTo("NOT_FOUND"));
    assertThat(store.keys).isEmpty();
  }

  @Test
  void aKeyTheServiceCouldNotDeleteKeepsItsPrivateKey() {
    store.save(KEY_ID, PEM);
    server.enqueue(json(200, "{\"status\":\"failed\"}"));

    assertThatThrownBy(() -> keys.delete(new DeleteSigningKey(KEY_ID)))
        .isInstanceOf(ApiException.Rejected.class);
    assertThat(store.keys).containsKey(KEY_ID);
  }

  private static mockwebserver3.MockResponse created(String privateKey) {
    return json(
        200,
        "{\"signing_key\":{\"id\":\""
            + KEY_ID
            + "\",\"bucket_name\":\"media\",\"private_key\":\""
            + privateKey.replace("\n", "\\n")
            + "\",\"created\":\"2026-01-02 03:04:05\"}}");
  }
}
