package io.mediaflow.delivery.signing;

import io.mediaflow.delivery.PrivateKeyPem;
import java.util.Base64;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;
import javax.sql.DataSource;
import org.springframework.dao.DataAccessException;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * Private keys in a table of the application's database, one row per signing key, sealed by {@link
 * KeySeal} exactly as the file store seals them: every replica on the same database signs with
 * every key, whichever replica created it. The table is created at start when missing, in SQL that
 * PostgreSQL, MySQL and H2 all read: the sealed key is kept in base64 in a {@code VARCHAR}, since
 * the three name their byte types differently.
 */
public final class JdbcSigningKeyStore implements SigningKeyStore {

  /**
   * A table name, optionally with its schema; it is written into the SQL, so nothing else is
   * accepted.
   */
  static final Pattern TABLE =
      Pattern.compile("([A-Za-z_][A-Za-z0-9_]{0,62}\\.)?[A-Za-z_][A-Za-z0-9_]{0,62}");

  /** Room for an RSA key of 8192 bits in PEM, sealed and in base64 (about 8,700 characters). */
  private static final int SEALED_KEY_LENGTH = 12000;

  private final JdbcTemplate jdbc;
  private final KeySeal seal;
  private final String table;

  public JdbcSigningKeyStore(DataSource dataSource, KeySeal seal, String table) {
    if (table == null || !TABLE.matcher(table).matches()) {
      throw new IllegalArgumentException(
          "mediaflow.delivery.key-store.table: '"
              + table
              + "' is not a table name (letters, digits and _, optionally schema.table)");
    }
    this.jdbc = new JdbcTemplate(dataSource);
    this.seal = seal;
    this.table = table;
    createTableIfMissing();
  }

  @Override
  public void save(String keyId, PrivateKeyPem privateKey) {
    String sealed =
        Base64.getEncoder().encodeToString(seal.seal(KeySeal.checkedKeyId(keyId), privateKey));
    if (sealed.length() > SEALED_KEY_LENGTH) {
      throw new IllegalArgumentException(
          "Signing key store: the private key of signing key "
              + keyId
              + " is longer than the table "
              + table
              + " holds ("
              + SEALED_KEY_LENGTH
              + " characters sealed)");
    }
    // An upsert in portable SQL: update, else insert; an insert that loses a race with another
    // replica's insert of the same key becomes an update.
    if (update(keyId, sealed) == 0) {
      try {
        jdbc.update("INSERT INTO " + table + " (key_id, sealed_key) VALUES (?, ?)", keyId, sealed);
      } catch (DuplicateKeyException e) {
        update(keyId, sealed);
      }
    }
  }

  @Override
  public Optional<PrivateKeyPem> find(String keyId) {
    List<String> sealed =
        jdbc.queryForList(
            "SELECT sealed_key FROM " + table + " WHERE key_id = ?",
            String.class,
            KeySeal.checkedKeyId(keyId));
    if (sealed.isEmpty()) {
      return Optional.empty();
    }
    byte[] content;
    try {
      content = Base64.getDecoder().decode(sealed.getFirst());
    } catch (IllegalArgumentException e) {
      content = new byte[0];
    }
    return Optional.of(seal.open(keyId, content));
  }

  @Override
  public void delete(String keyId) {
    jdbc.update("DELETE FROM " + table + " WHERE key_id = ?", KeySeal.checkedKeyId(keyId));
  }

  private int update(String keyId, String sealed) {
    return jdbc.update("UPDATE " + table + " SET sealed_key = ? WHERE key_id = ?", sealed, keyId);
  }

  /**
   * Replicas starting together may both try to create the table, and one of them can fail
   * (PostgreSQL checks {@code IF NOT EXISTS} before it locks); what counts is that the table is
   * there afterwards with the columns this store reads, which the probe shows.
   */
  private void createTableIfMissing() {
    DataAccessException creation = null;
    try {
      jdbc.execute(
          "CREATE TABLE IF NOT EXISTS "
              + table
              + " (key_id VARCHAR(128) NOT NULL PRIMARY KEY,"
              + " sealed_key VARCHAR("
              + SEALED_KEY_LENGTH
              + ") NOT NULL)");
    } catch (DataAccessException e) {
      creation = e;
    }
    try {
      jdbc.queryForList("SELECT key_id, sealed_key FROM " + table + " WHERE 1 = 0");
    } catch (DataAccessException e) {
      IllegalStateException failure =
          new IllegalStateException(
              "Signing key store: the table "
                  + table
                  + " on the application's DataSource cannot be created or does not have the columns key_id and sealed_key",
              creation != null ? creation : e);
      if (creation != null) {
        failure.addSuppressed(e);
      }
      throw failure;
    }
  }
}
