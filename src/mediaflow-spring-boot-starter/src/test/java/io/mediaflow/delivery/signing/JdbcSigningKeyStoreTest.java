package io.mediaflow.delivery.signing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mediaflow.delivery.PrivateKeyPem;
import java.util.UUID;
import javax.sql.DataSource;
import org.h2.jdbcx.JdbcDataSource;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * Private keys at rest in a table of the application's database, here H2 (in PostgreSQL's and
 * MySQL's compatibility modes too): each test has a database of its own, and two stores over one
 * database stand for two replicas.
 */
class JdbcSigningKeyStoreTest {

  private static final String KEY_ID = "7d0f6a3e-2b1c-4d5e-8f90-a1b2c3d4e5f6";
  private static final String TABLE = "mediaflow_signing_keys";
  private static final PrivateKeyPem PEM = TestKeys.pkcs8(TestKeys.rsa());

  private final String database = "keys-" + UUID.randomUUID();
  private final String masterKey = TestKeys.masterKey();

  @ParameterizedTest(name = "H2 in {0} mode")
  @ValueSource(strings = {"REGULAR", "PostgreSQL", "MySQL"})
  void aKeptKeyIsFoundAgainAndForgottenOnDelete(String mode) {
    var store = new JdbcSigningKeyStore(dataSource(mode), KeySeal.ofMasterKey(masterKey), TABLE);

    assertThat(store.find(KEY_ID)).isEmpty();
    store.save(KEY_ID, PEM);

    assertThat(store.find(KEY_ID)).contains(PEM);
    store.delete(KEY_ID);
    assertThat(store.find(KEY_ID)).isEmpty();
    store.delete(KEY_ID);
  }

  @Test
  void savingAgainReplacesTheKey() {
    var store =
        new JdbcSigningKeyStore(dataSource("REGULAR"), KeySeal.ofMasterKey(masterKey), TABLE);
    PrivateKeyPem other = TestKeys.pkcs8(TestKeys.rsa());

    store.save(KEY_ID, PEM);
    store.save(KEY_ID, other);

    assertThat(store.find(KEY_ID)).contains(other);
    assertThat(rows().queryForObject("SELECT COUNT(*) FROM " + TABLE, Integer.class)).isOne();
  }

  /**
   * Two replicas on one database: the table is created once, and a key either one keeps, the other
   * signs with.
   */
  @Test
  void twoReplicasOnOneDatabaseShareTheirKeys() {
    var first =
        new JdbcSigningKeyStore(dataSource("REGULAR"), KeySeal.ofMasterKey(masterKey), TABLE);
    var second =
        new JdbcSigningKeyStore(dataSource("REGULAR"), KeySeal.ofMasterKey(masterKey), TABLE);
    String otherId = "11111111-2222-3333-4444-555555555555";
    PrivateKeyPem otherPem = TestKeys.pkcs8(TestKeys.rsa());

    first.save(KEY_ID, PEM);
    second.save(otherId, otherPem);

    assertThat(second.find(KEY_ID)).contains(PEM);
    assertThat(first.find(otherId)).contains(otherPem);
    second.delete(KEY_ID);
    assertThat(first.find(KEY_ID)).isEmpty();
  }

  @Test
  void theRowHoldsNoReadableKey() {
    var store =
        new JdbcSigningKeyStore(dataSource("REGULAR"), KeySeal.ofMasterKey(masterKey), TABLE);

    store.save(KEY_ID, PEM);

    String row =
        rows()
            .queryForObject(
                "SELECT sealed_key FROM " + TABLE + " WHERE key_id = ?", String.class, KEY_ID);
    String body = PEM.text().lines().skip(1).findFirst().orElseThrow();
    assertThat(row)
        .doesNotContain("PRIVATE KEY")
        .doesNotContain(body)
        .doesNotContain(body.substring(0, 16));
  }

  @Test
  void anotherMasterKeyCannotReadIt() {
    new JdbcSigningKeyStore(dataSource("REGULAR"), KeySeal.ofMasterKey(masterKey), TABLE)
        .save(KEY_ID, PEM);
    var otherReplica =
        new JdbcSigningKeyStore(
            dataSource("REGULAR"), KeySeal.ofMasterKey(TestKeys.masterKey()), TABLE);

    assertThatThrownBy(() -> otherReplica.find(KEY_ID))
        .isInstanceOf(IllegalStateException.class)
        .hasMessage(
            "Signing key store: the key of signing key "
                + KEY_ID
                + " does not decrypt: it was written with another master key, or altered");
  }

  @Test
  void aRowCopiedToAnotherKeysIdDoesNotDecrypt() {
    var store =
        new JdbcSigningKeyStore(dataSource("REGULAR"), KeySeal.ofMasterKey(masterKey), TABLE);
    store.save(KEY_ID, PEM);
    String other = "11111111-2222-3333-4444-555555555555";

    rows()
        .update(
            "INSERT INTO "
                + TABLE
                + " (key_id, sealed_key) SELECT ?, sealed_key FROM "
                + TABLE
                + " WHERE key_id = ?",
            other,
            KEY_ID);

    assertThatThrownBy(() -> store.find(other)).hasMessageContaining("does not decrypt");
  }

  @Test
  void aRowThatIsNotASealedKeyIsNamed() {
    var store =
        new JdbcSigningKeyStore(dataSource("REGULAR"), KeySeal.ofMasterKey(masterKey), TABLE);
    rows()
        .update(
            "INSERT INTO " + TABLE + " (key_id, sealed_key) VALUES (?, ?)", KEY_ID, "not base64!");

    assertThatThrownBy(() -> store.find(KEY_ID))
        .hasMessage(
            "Signing key store: what is stored for signing key " + KEY_ID + " is not a sealed key");
  }

  @Test
  void theTableIsTheOneConfiguredAndOnlyATableName() {
    var store =
        new JdbcSigningKeyStore(
            dataSource("REGULAR"), KeySeal.ofMasterKey(masterKey), "studio_keys");
    store.save(KEY_ID, PEM);
    assertThat(rows().queryForObject("SELECT COUNT(*) FROM studio_keys", Integer.class)).isOne();

    assertThatThrownBy(
            () ->
                new JdbcSigningKeyStore(
                    dataSource("REGULAR"),
                    KeySeal.ofMasterKey(masterKey),
                    "keys; DROP TABLE studio_keys"))
        .hasMessage(
            "mediaflow.delivery.key-store.table: 'keys; DROP TABLE studio_keys' is not a table name"
                + " (letters, digits and _, optionally schema.table)");
    assertThat(rows().queryForObject("SELECT COUNT(*) FROM studio_keys", Integer.class)).isOne();
  }

  @Test
  void aTableOfAnotherShapeStopsTheStart() {
    rows().execute("CREATE TABLE " + TABLE + " (id INT PRIMARY KEY)");

    assertThatThrownBy(
            () ->
                new JdbcSigningKeyStore(
                    dataSource("REGULAR"), KeySeal.ofMasterKey(masterKey), TABLE))
        .hasMessage(
            "Signing key store: the table "
                + TABLE
                + " on the application's DataSource cannot be created"
                + " or does not have the columns key_id and sealed_key");
  }

  @Test
  void aKeyIdIsASimpleId() {
    var store =
        new JdbcSigningKeyStore(dataSource("REGULAR"), KeySeal.ofMasterKey(masterKey), TABLE);

    assertThatThrownBy(() -> store.save("x".repeat(129), PEM))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> store.find("' OR 1=1 --"))
        .isInstanceOf(IllegalArgumentException.class);
  }

  private DataSource dataSource(String mode) {
    var dataSource = new JdbcDataSource();
    // Kept while the JVM runs, so a second data source (a second replica) opens the same database.
    dataSource.setURL("jdbc:h2:mem:" + database + ";DB_CLOSE_DELAY=-1;MODE=" + mode);
    return dataSource;
  }

  private JdbcTemplate rows() {
    return new JdbcTemplate(dataSource("REGULAR"));
  }
}
