package io.mediaflow.delivery.signing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mediaflow.delivery.PrivateKeyPem;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Private keys at rest in files: AES-256-GCM with a fresh nonce per file and the key id bound in as
 * associated data.
 */
class FileSigningKeyStoreTest {

  private static final String KEY_ID = "7d0f6a3e-2b1c-4d5e-8f90-a1b2c3d4e5f6";
  private static final PrivateKeyPem PEM = TestKeys.pkcs8(TestKeys.rsa());

  @TempDir Path directory;

  @Test
  void aKeptKeyIsFoundAgainAndForgottenOnDelete() {
    var store = new FileSigningKeyStore(directory, masterKey(), false);

    store.save(KEY_ID, PEM);

    assertThat(store.find(KEY_ID)).contains(PEM);
    store.delete(KEY_ID);
    assertThat(store.find(KEY_ID)).isEmpty();
    store.delete(KEY_ID);
  }

  @Test
  void theFileHoldsNoReadableKeyAndEachWriteHasItsOwnNonce() throws Exception {
    var store = new FileSigningKeyStore(directory, masterKey(), false);

    store.save(KEY_ID, PEM);
    byte[] first = Files.readAllBytes(directory.resolve(KEY_ID + ".key"));
    store.save(KEY_ID, PEM);
    byte[] second = Files.readAllBytes(directory.resolve(KEY_ID + ".key"));

    String body = PEM.text().lines().skip(1).findFirst().orElseThrow();
    assertThat(new String(first, StandardCharsets.ISO_8859_1))
        .doesNotContain("PRIVATE KEY")
        .doesNotContain(body);
    assertThat(first).isNotEqualTo(second);
    try (var files = Files.list(directory)) {
      assertThat(files).containsExactly(directory.resolve(KEY_ID + ".key"));
    }
  }

  @Test
  void anotherMasterKeyCannotReadIt() {
    new FileSigningKeyStore(directory, masterKey(), false).save(KEY_ID, PEM);

    assertThatThrownBy(() -> new FileSigningKeyStore(directory, masterKey(), false).find(KEY_ID))
        .isInstanceOf(IllegalStateException.class)
        .hasMessage(
            "Signing key store: the key of signing key "
                + KEY_ID
                + " does not decrypt: it was written with another master key, or altered");
  }

  @Test
  void aFileCopiedToAnotherKeysNameDoesNotDecrypt() throws Exception {
    var store = new FileSigningKeyStore(directory, masterKey(), false);
    store.save(KEY_ID, PEM);

    String other = "11111111-2222-3333-4444-555555555555";
    Files.copy(directory.resolve(KEY_ID + ".key"), directory.resolve(other + ".key"));

    assertThatThrownBy(() -> store.find(other)).hasMessageContaining("does not decrypt");
  }

  @Test
  void anAlteredFileDoesNotDecrypt() throws Exception {
    var store = new FileSigningKeyStore(directory, masterKey(), false);
    store.save(KEY_ID, PEM);
    Path file = directory.resolve(KEY_ID + ".key");
    byte[] content = Files.readAllBytes(file);
    content[content.length - 20] ^= 1;
    Files.write(file, content);

    assertThatThrownBy(() -> store.find(KEY_ID)).hasMessageContaining("does not decrypt");
  }

  @Test
  void aKeyIdIsNeverAPath() {
    var store = new FileSigningKeyStore(directory, masterKey(), false);

    assertThatThrownBy(() -> store.save("../outside", PEM))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> store.find("/etc/passwd"))
        .isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void aStoreForThisRunOnlyRemovesItsDirectoryWhenClosed() throws Exception {
    Path own = directory.resolve("run");
    var store = new FileSigningKeyStore(own, masterKey(), true);
    store.save(KEY_ID, PEM);

    store.close();

    assertThat(own).doesNotExist();
  }

  @Test
  void directoryAndMasterKeyAreSetTogetherOrNotAtAll() throws Exception {
    var configuration = new SigningKeyStoreConfiguration();
    String masterKey = TestKeys.masterKey();

    assertThatThrownBy(
            () -> configuration.mediaflowSigningKeyStore(files(directory.toString(), null)))
        .hasMessageEndingWith("master-key is missing");
    assertThatThrownBy(() -> configuration.mediaflowSigningKeyStore(files(null, masterKey)))
        .hasMessageEndingWith("directory is missing");
    assertThatThrownBy(
            () -> configuration.mediaflowSigningKeyStore(files(directory.toString(), "c2hvcnQ=")))
        .hasMessage(
            "mediaflow.delivery.key-store.master-key: must be 32 bytes in base64 (AES-256), e.g. from: openssl rand -base64 32");

    var configured = configuration.mediaflowSigningKeyStore(files(directory.toString(), masterKey));
    configured.save(KEY_ID, PEM);
    var again = configuration.mediaflowSigningKeyStore(files(directory.toString(), masterKey));
    assertThat(again.find(KEY_ID)).contains(PEM);
    assertThat(again.keptForThisRunOnly()).isFalse();

    try (var forThisRun = configuration.mediaflowSigningKeyStore(files(null, " "))) {
      assertThat(forThisRun.directory()).isNotEqualTo(directory).exists();
      assertThat(forThisRun.keptForThisRunOnly()).isTrue();
    }
  }

  @Test
  void theMasterKeyIsNeverPrinted() {
    String masterKey = TestKeys.masterKey();
    assertThat(files("/keys", masterKey).toString()).doesNotContain(masterKey);
    assertThat(PEM.toString()).doesNotContain("PRIVATE KEY");
  }

  private static KeyStoreProperties files(String directory, String masterKey) {
    return new KeyStoreProperties(
        KeyStoreProperties.Type.FILE, directory, masterKey, "mediaflow_signing_keys");
  }

  private static KeySeal masterKey() {
    return KeySeal.ofMasterKey(TestKeys.masterKey());
  }
}
