package io.mediaflow.app.documents;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;
import io.mediaflow.app.engine.EngineProperties;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.security.DigestInputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Clock;
import java.util.HexFormat;
import java.util.Optional;
import java.util.UUID;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.stereotype.Component;

/**
 * The embedded default's document store, as Camunda 8 Run's local store ({@value #STORE_ID}): each
 * document a folder of the data folder's {@code documents/}, its content and its description
 * ({@code document.json}: content type, file name, size, SHA-256, expiry, custom properties), so it
 * outlasts a restart or a crash like the engine's state. A document is written in {@code
 * .incoming/} and renamed into place once whole and forced to disk, so a crash never leaves half a
 * document under an id; a deletion renames it out of place before removing it.
 */
@Component
public class DocumentStore {

  /** The id Camunda 8 Run gives its local store ({@code DOCUMENT_DEFAULT_STORE_ID=local}). */
  public static final String STORE_ID = "local";

  private static final String CONTENT = "content";
  private static final String DESCRIPTION = "document.json";
  private static final String INCOMING = ".incoming";

  /** Ids become folder names: no separators, no dots leading out, no hidden names. */
  private static final Pattern DOCUMENT_ID = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._-]{0,255}");

  private static final ObjectMapper JSON =
      JsonMapper.builder().addModule(new JavaTimeModule()).build();

  private final Path folder;
  private final long maxSize;
  private final Clock clock;

  @Autowired
  public DocumentStore(EngineProperties engine, DocumentProperties properties) {
    this(
        engine.dataDirectory().resolve("documents"),
        properties.maxSize().toBytes(),
        Clock.systemUTC());
  }

  DocumentStore(Path folder, long maxSize, Clock clock) {
    this.folder = folder.toAbsolutePath();
    this.maxSize = maxSize;
    this.clock = clock;
    try {
      Files.createDirectories(this.folder);
      // What a crash left half written, or half deleted, is no document.
      deleteTree(this.folder.resolve(INCOMING));
    } catch (IOException e) {
      throw new UncheckedIOException("The document store cannot use " + this.folder, e);
    }
  }

  /** The largest content this store takes, in bytes. */
  public long maxSize() {
    return maxSize;
  }

  /**
   * Keeps {@code content} under {@code documentId} (a new UUID when null).
   *
   * @throws TooLarge once the content passes {@link #maxSize()}; nothing is kept
   * @throws InvalidId when the id cannot name a document
   * @throws AlreadyExists when a document has the id
   */
  public StoredDocument create(
      String documentId, StoredDocument.Description description, InputStream content)
      throws IOException {
    String id = documentId == null ? UUID.randomUUID().toString() : documentId;
    checkId(id);
    Path target = folder.resolve(id);
    if (Files.exists(target)) {
      throw new AlreadyExists(id);
    }
    Path incoming = folder.resolve(INCOMING).resolve(UUID.randomUUID().toString());
    Files.createDirectories(incoming);
    try {
      MessageDigest sha256 = sha256();
      long size;
      try (var in = new DigestInputStream(content, sha256);
          FileChannel channel =
              FileChannel.open(
                  incoming.resolve(CONTENT),
                  StandardOpenOption.CREATE_NEW,
                  StandardOpenOption.WRITE);
          OutputStream out = Channels.newOutputStream(channel)) {
        size = copyAtMost(in, out);
        channel.force(true);
      }
      var document =
          new StoredDocument(
              id,
              HexFormat.of().formatHex(sha256.digest()),
              description.contentType(),
              description.fileName(),
              size,
              description.expiresAt(),
              description.processDefinitionId(),
              description.processInstanceKey(),
              description.customProperties());
      try (FileChannel channel =
          FileChannel.open(
              incoming.resolve(DESCRIPTION),
              StandardOpenOption.CREATE_NEW,
              StandardOpenOption.WRITE)) {
        channel.write(java.nio.ByteBuffer.wrap(JSON.writeValueAsBytes(document)));
        channel.force(true);
      }
      force(incoming);
      try {
        Files.move(incoming, target, StandardCopyOption.ATOMIC_MOVE);
      } catch (FileSystemException taken) {
        // Another upload of the same id won the rename (Linux answers ENOTEMPTY).
        if (Files.exists(target)) {
          throw new AlreadyExists(id);
        }
        throw taken;
      }
      force(folder);
      return document;
    } finally {
      deleteTree(incoming);
    }
  }

  /** The document, unless there is none under the id or it expired (then it is deleted). */
  public Optional<StoredDocument> find(String documentId) throws IOException {
    if (!DOCUMENT_ID.matcher(documentId).matches()) {
      return Optional.empty();
    }
    StoredDocument document;
    try {
      document =
          JSON.readValue(
              folder.resolve(documentId).resolve(DESCRIPTION).toFile(), StoredDocument.class);
    } catch (NoSuchFileException | java.io.FileNotFoundException none) {
      return Optional.empty();
    }
    if (document.expired(clock.instant())) {
      delete(documentId);
      return Optional.empty();
    }
    return Optional.of(document);
  }

  /** The content of a document {@link #find} gave; the caller closes it. */
  public InputStream content(StoredDocument document) throws IOException {
    try {
      return Files.newInputStream(folder.resolve(document.documentId()).resolve(CONTENT));
    } catch (NoSuchFileException deletedMeanwhile) {
      throw new Missing(document.documentId());
    }
  }

  /** Deletes the document; false when there was none. */
  public boolean delete(String documentId) throws IOException {
    if (!DOCUMENT_ID.matcher(documentId).matches()) {
      return false;
    }
    Path away = folder.resolve(INCOMING).resolve(UUID.randomUUID().toString());
    Files.createDirectories(away.getParent());
    try {
      Files.move(folder.resolve(documentId), away, StandardCopyOption.ATOMIC_MOVE);
    } catch (NoSuchFileException none) {
      return false;
    }
    force(folder);
    deleteTree(away);
    return true;
  }

  private long copyAtMost(InputStream in, OutputStream out) throws IOException {
    byte[] buffer = new byte[64 * 1024];
    long size = 0;
    for (int read; (read = in.read(buffer)) >= 0; ) {
      size += read;
      if (size > maxSize) {
        throw new TooLarge(maxSize);
      }
      out.write(buffer, 0, read);
    }
    return size;
  }

  private static void checkId(String id) {
    if (!DOCUMENT_ID.matcher(id).matches()) {
      throw new InvalidId(id);
    }
  }

  private static MessageDigest sha256() {
    try {
      return MessageDigest.getInstance("SHA-256");
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("Every Java runtime has SHA-256", e);
    }
  }

  private static void force(Path directory) throws IOException {
    try (FileChannel channel = FileChannel.open(directory, StandardOpenOption.READ)) {
      channel.force(true);
    }
  }

  private static void deleteTree(Path root) throws IOException {
    if (!Files.exists(root)) {
      return;
    }
    try (Stream<Path> paths = Files.walk(root)) {
      for (Path path : paths.sorted(java.util.Comparator.reverseOrder()).toList()) {
        Files.deleteIfExists(path);
      }
    }
  }

  /** The content passed the store's limit. */
  public static final class TooLarge extends RuntimeException {
    public TooLarge(long maxSize) {
      super(
          "The document is larger than the store's limit of "
              + maxSize
              + " bytes (mediaflow.documents.max-size)");
    }
  }

  /** An id that cannot name a document. */
  public static final class InvalidId extends RuntimeException {
    InvalidId(String id) {
      super(
          "documentId '"
              + id
              + "' must be 1 to 256 letters, digits, '.', '_' or '-', starting with a letter or digit");
    }
  }

  /** A document already has the id. */
  public static final class AlreadyExists extends RuntimeException {
    AlreadyExists(String id) {
      super("A document with id '" + id + "' already exists in store '" + STORE_ID + "'");
    }
  }

  /** The document was deleted while it was being read. */
  public static final class Missing extends RuntimeException {
    Missing(String id) {
      super("No document with id '" + id + "' in store '" + STORE_ID + "'");
    }
  }
}
