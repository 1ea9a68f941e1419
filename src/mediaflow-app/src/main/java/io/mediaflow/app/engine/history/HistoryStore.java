package io.mediaflow.app.engine.history;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.json.JsonMapper;
import io.mediaflow.app.engine.DurableFiles;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Where the durable engine's {@link ProcessHistory} keeps what it derived from the log, so that the
 * log can be deleted below a snapshot: a broker's exporters keep their records elsewhere in the
 * same way, and the broker compacts only below the lowest position they have exported.
 *
 * <p>One file, {@value #FILE}, a line of JSON per entry, appended to: at each snapshot only what
 * changed since the last one (the instances a record touched, new deployments, instances that ended
 * or were dropped, the usage buckets that changed, the decisions' changes), closed by a {@code
 * kept} line with the log position it holds, then forced. On start the file is read from the top,
 * each batch applied once its {@code kept} line is read: a batch a crash cut short (a torn last
 * line, or lines without their {@code kept}) is ignored and cut off, and the log is read again
 * after the last position kept. Once the file has grown to twice what it held after its last
 * rewrite (and at least {@code compactAt} bytes), the history is written whole instead: to a
 * temporary file, forced, renamed over it. A {@code history.json} of an older version (the history
 * replaced whole) is read once and rewritten in this form.
 *
 * <p>An ended instance is not in this file once it moved to {@link EndedInstances}, beside it: a
 * {@code dropped} line takes it out, written after the database has it on disk. A folder of an
 * earlier version, whose ended instances' details were in day files ({@link HistoryArchive}) and
 * their own records here, is carried over once at the first start: the instances copied to the
 * database, this file rewritten without them, then the day files deleted.
 */
final class HistoryStore {

  private static final Logger LOG = LoggerFactory.getLogger(HistoryStore.class);

  static final String FILE = "history.jsonl";

  /** The older form: the whole history in one JSON document. */
  static final String WHOLE_FILE = "history.json";

  /** Below this size the file is never rewritten: a small file costs nothing to read. */
  static final long COMPACT_AT = 1 << 20;

  static final JsonMapper JSON =
      JsonMapper.builder()
          .findAndAddModules()
          .serializationInclusion(JsonInclude.Include.NON_NULL)
          .build();

  /**
   * An instance and everything recorded about it; {@code instance} is null while only its variables
   * are known, {@code jobs} and the lists after it null in a history kept before they were.
   */
  record SavedInstance(
      long key,
      ProcessInstance instance,
      List<ElementInstance> elements,
      List<Variable> variables,
      List<UserTaskInstance> userTasks,
      List<Incident> incidents,
      List<Job> jobs,
      List<String> sequenceFlows,
      List<MessageSubscription> messageSubscriptions,
      List<CorrelatedMessage> correlatedMessages) {}

  /**
   * What {@link DecisionHistory} holds, whole or changed since the last save: the deployed
   * decisions and DRGs and the decision instances, and the keys of those deleted (decisions, DRGs)
   * or dropped (instances) since, none in a whole one.
   */
  record SavedDecisions(
      List<DecisionHistory.DecisionDefinition> definitions,
      List<DecisionHistory.DecisionRequirements> requirements,
      List<DecisionHistory.DecisionInstance> instances,
      List<Long> deletedDefinitions,
      List<Long> deletedRequirements,
      List<String> droppedInstances) {

    /** Everything held, with nothing deleted or dropped: a whole one. */
    static SavedDecisions whole(
        Collection<DecisionHistory.DecisionDefinition> definitions,
        Collection<DecisionHistory.DecisionRequirements> requirements,
        Collection<DecisionHistory.DecisionInstance> instances) {
      return new SavedDecisions(
          List.copyOf(definitions),
          List.copyOf(requirements),
          List.copyOf(instances),
          List.of(),
          List.of(),
          List.of());
    }
  }

  /**
   * The history as of the record at {@code position}: {@code instances} with their details, {@code
   * archived} (only in a file of an earlier version) the ended instances whose details are in
   * {@link HistoryArchive}; {@code ended} the ended instances still here, the earliest first;
   * {@code archived}, {@code usage} and {@code decisions} null in a history kept before they were.
   */
  record Saved(
      long position,
      List<ProcessDefinition> definitions,
      List<FormDefinition> forms,
      List<SavedInstance> instances,
      List<ArchivedInstance> archived,
      List<ProcessInstance> ended,
      List<UsageBucket> usage,
      SavedDecisions decisions) {}

  /**
   * What changed since the last save, as of the record at {@code position}: new deployments, each
   * instance a record touched (whole), the keys of instances that ended (in the order they ended)
   * and of those dropped (past the retention, or moved to {@link EndedInstances}), the usage
   * buckets that changed (whole) and the decisions' changes.
   */
  record Changes(
      long position,
      List<ProcessDefinition> definitions,
      List<FormDefinition> forms,
      List<SavedInstance> instances,
      List<Long> ended,
      List<Long> dropped,
      List<UsageBucket> usage,
      SavedDecisions decisions) {}

  /**
   * An ended instance whose details an earlier version kept in {@link HistoryArchive}: its own
   * record, where its line is, and the keys of its items. Only read, to carry it over.
   */
  record ArchivedInstance(ProcessInstance instance, HistoryArchive.Location at, long[] items) {}

  /**
   * One line of the file: exactly one of its fields is set; {@code archived} only in a file of an
   * earlier version.
   */
  record Entry(
      ProcessDefinition definition,
      FormDefinition form,
      SavedInstance instance,
      ArchivedInstance archived,
      Long ended,
      Long dropped,
      UsageBucket usage,
      SavedDecisions decisions,
      Long kept) {

    static Entry of(ProcessDefinition definition) {
      return new Entry(definition, null, null, null, null, null, null, null, null);
    }

    static Entry of(FormDefinition form) {
      return new Entry(null, form, null, null, null, null, null, null, null);
    }

    static Entry of(SavedInstance instance) {
      return new Entry(null, null, instance, null, null, null, null, null, null);
    }

    static Entry ended(long key) {
      return new Entry(null, null, null, null, key, null, null, null, null);
    }

    static Entry dropped(long key) {
      return new Entry(null, null, null, null, null, key, null, null, null);
    }

    static Entry of(UsageBucket usage) {
      return new Entry(null, null, null, null, null, null, usage, null, null);
    }

    static Entry of(SavedDecisions decisions) {
      return new Entry(null, null, null, null, null, null, null, decisions, null);
    }

    static Entry kept(long position) {
      return new Entry(null, null, null, null, null, null, null, null, position);
    }
  }

  private final Path folder;
  private final Path file;
  private final EndedInstances ended;
  private final long compactAt;

  /**
   * The file as the application started, read on a thread of its own from the start: the engine and
   * the workers need nothing of it, so the application gets ready while it is read. Everything here
   * but {@link #ended} waits for it.
   */
  private final CompletableFuture<Saved> loaded = new CompletableFuture<>();

  /**
   * The file's size after its last rewrite, and after its last complete batch (where the next one
   * goes).
   */
  private long sizeAfterRewrite;

  private long size;

  /** A failed append may have left part of a batch: the next save writes everything. */
  private boolean rewriteNext;

  HistoryStore(Path folder) {
    this(folder, COMPACT_AT);
  }

  HistoryStore(Path folder, long compactAt) {
    this.folder = folder;
    this.file = folder.resolve(FILE);
    this.ended = new EndedInstances(folder);
    this.compactAt = compactAt;
    Thread.ofPlatform().name("history-load").daemon().start(this::load);
  }

  private void load() {
    try {
      Path whole = folder.resolve(WHOLE_FILE);
      if (!Files.exists(file) && Files.exists(whole)) {
        Saved earlier = JSON.readValue(whole.toFile(), Saved.class);
        writeWhole(earlier);
        Files.delete(whole);
      }
      Saved kept = Files.exists(file) ? read() : null;
      ended.forgetAfter(kept == null ? -1 : kept.position());
      Saved history = kept != null && kept.archived() != null ? carryOver(kept) : kept;
      sizeAfterRewrite = Math.max(sizeAfterRewrite, size);
      loaded.complete(history);
    } catch (IOException | RuntimeException e) {
      var failure =
          new UncheckedIOException(
              "Cannot read the REST API's history from "
                  + folder
                  + ": restore it from a backup, or delete it and the log to start afresh",
              e instanceof IOException io ? io : new IOException(e));
      LOG.error(failure.getMessage(), e);
      loaded.completeExceptionally(failure);
    }
  }

  /** The file as the application started, once read; its failure to be read, each time asked. */
  private Saved awaitLoaded() {
    try {
      return loaded.join();
    } catch (CompletionException e) {
      throw (UncheckedIOException) e.getCause();
    }
  }

  /** Where the ended instances are kept, beside this file. */
  EndedInstances ended() {
    return ended;
  }

  /** How many ended instances a carry-over copies in one transaction. */
  private static final int CARRIED_AT_ONCE = 1_000;

  /**
   * The ended instances of a folder of an earlier version, whose details are in day files and whose
   * own records are in this file, copied to {@link EndedInstances}; this file is then rewritten
   * without them and the day files deleted, in that order, so that a crash at any point leaves them
   * where the next start finds them (copied again, over the same keys). Returns the history this
   * file now holds.
   */
  private Saved carryOver(Saved kept) throws IOException {
    var archive = new HistoryArchive(folder);
    var batch = new ArrayList<SavedInstance>(CARRIED_AT_ONCE);
    archive.readEach(
        kept.archived().stream().map(ArchivedInstance::at).toList(),
        saved -> {
          batch.add(saved);
          if (batch.size() == CARRIED_AT_ONCE) {
            ended.add(batch, List.of(), kept.position());
            batch.clear();
          }
        });
    ended.add(batch, List.of(), kept.position());
    var inFile = new LinkedHashSet<Long>();
    kept.instances().forEach(instance -> inFile.add(instance.key()));
    Saved rest =
        new Saved(
            kept.position(),
            kept.definitions(),
            kept.forms(),
            kept.instances(),
            null,
            kept.ended().stream().filter(instance -> inFile.contains(instance.key())).toList(),
            kept.usage(),
            kept.decisions());
    writeWhole(rest);
    archive.delete();
    return rest;
  }

  /** What was kept when the application started, if anything. */
  Optional<Saved> loaded() {
    return Optional.ofNullable(awaitLoaded());
  }

  /**
   * The position of the last record the kept history holds; -1 when none was kept: the log is read
   * whole.
   */
  long position() {
    return loaded().map(Saved::position).orElse(-1L);
  }

  /**
   * The next save should be the whole history ({@link #rewrite}) rather than the changes ({@link
   * #append}).
   */
  boolean rewriteDue() {
    awaitLoaded();
    return rewriteNext || size >= Math.max(compactAt, 2 * sizeAfterRewrite);
  }

  /** Appends the changes as one batch, on disk when this returns. */
  void append(Changes changes) {
    awaitLoaded();
    var entries = new ArrayList<Entry>();
    // The drops first: an instance the history dropped and then heard of again is kept as it is
    // now.
    changes.dropped().forEach(key -> entries.add(Entry.dropped(key)));
    changes.definitions().forEach(definition -> entries.add(Entry.of(definition)));
    changes.forms().forEach(form -> entries.add(Entry.of(form)));
    changes.instances().forEach(instance -> entries.add(Entry.of(instance)));
    changes.ended().forEach(key -> entries.add(Entry.ended(key)));
    changes.usage().forEach(bucket -> entries.add(Entry.of(bucket)));
    if (changes.decisions() != null) {
      entries.add(Entry.of(changes.decisions()));
    }
    entries.add(Entry.kept(changes.position()));
    try {
      // A fresh data folder has no history folder yet: its first batch would fail, and its first
      // snapshot with it.
      Files.createDirectories(folder);
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot keep the REST API's history in " + file, e);
    }
    long written;
    try {
      written = DurableFiles.writeAt(file, size, lines(entries));
    } catch (IOException e) {
      rewriteNext = true;
      throw new UncheckedIOException("Cannot keep the REST API's history in " + file, e);
    }
    if (size == 0) {
      sizeAfterRewrite = written; // a new file's first batch holds the whole history, as a rewrite
    }
    size += written;
  }

  /** Replaces the file with the whole history in one batch. */
  void rewrite(Saved history) {
    awaitLoaded();
    writeWhole(history);
  }

  private void writeWhole(Saved history) {
    var entries = new ArrayList<Entry>();
    history.definitions().forEach(definition -> entries.add(Entry.of(definition)));
    history.forms().forEach(form -> entries.add(Entry.of(form)));
    history.instances().forEach(instance -> entries.add(Entry.of(instance)));
    history.ended().forEach(instance -> entries.add(Entry.ended(instance.key())));
    if (history.usage() != null) {
      history.usage().forEach(bucket -> entries.add(Entry.of(bucket)));
    }
    if (history.decisions() != null) {
      entries.add(Entry.of(history.decisions()));
    }
    entries.add(Entry.kept(history.position()));
    try {
      size = DurableFiles.replace(file, lines(entries));
    } catch (IOException e) {
      rewriteNext = true;
      throw new UncheckedIOException("Cannot keep the REST API's history in " + file, e);
    }
    sizeAfterRewrite = size;
    rewriteNext = false;
  }

  /** The entries as JSON lines, written one at a time. */
  private static DurableFiles.Content lines(List<Entry> entries) {
    return out -> {
      for (Entry entry : entries) {
        out.write(JSON.writeValueAsBytes(entry));
        out.write('\n');
      }
    };
  }

  /**
   * Applies the file's complete batches in order; {@link #size} ends after the last one, where the
   * next batch is written over whatever a crash left after it.
   */
  private Saved read() throws IOException {
    byte[] content = Files.readAllBytes(file);
    var definitions = new LinkedHashMap<Long, ProcessDefinition>();
    var forms = new LinkedHashMap<Long, FormDefinition>();
    var instances = new LinkedHashMap<Long, SavedInstance>();
    var archived = new LinkedHashMap<Long, ArchivedInstance>();
    var ended = new LinkedHashSet<Long>();
    var usage = new LinkedHashMap<UsageBucket.Key, UsageBucket>();
    var decisions = new KeptDecisions();
    var batch = new ArrayList<Entry>();
    long position = -1;
    int start = 0;
    while (start < content.length) {
      int end = indexOf(content, (byte) '\n', start);
      if (end < 0) {
        break; // torn: the crash came before the line was whole
      }
      Entry entry;
      try {
        entry = JSON.readValue(content, start, end - start, Entry.class);
      } catch (JsonProcessingException e) {
        if (indexOf(content, (byte) '\n', end + 1) < 0) {
          break; // the last line, torn (a file system may leave a whole line of zeros)
        }
        throw new IOException(
            "Line at byte " + start + " of " + file + " is no entry: " + e.getOriginalMessage(), e);
      }
      start = end + 1;
      if (entry.kept() == null) {
        batch.add(entry);
        continue;
      }
      for (Entry change : batch) {
        apply(change, definitions, forms, instances, archived, ended, usage, decisions);
      }
      batch.clear();
      position = entry.kept();
      size = start;
    }
    if (size
        < content.length) { // what a crash left after the last batch, so the next one follows it
      // directly
      try (FileChannel channel = FileChannel.open(file, StandardOpenOption.WRITE)) {
        channel.truncate(size);
        channel.force(false);
      }
    }
    if (position < 0) {
      return null;
    }
    List<ProcessInstance> endedInstances =
        ended.stream()
            .map(
                key ->
                    archived.containsKey(key)
                        ? archived.get(key).instance()
                        : instances.containsKey(key) ? instances.get(key).instance() : null)
            .filter(Objects::nonNull)
            .toList();
    return new Saved(
        position,
        List.copyOf(definitions.values()),
        List.copyOf(forms.values()),
        List.copyOf(instances.values()),
        archived.isEmpty() ? null : List.copyOf(archived.values()),
        endedInstances,
        List.copyOf(usage.values()),
        decisions.whole());
  }

  /** The decisions as the file's batches leave them. */
  private static final class KeptDecisions {
    final Map<Long, DecisionHistory.DecisionDefinition> definitions = new LinkedHashMap<>();
    final Map<Long, DecisionHistory.DecisionRequirements> requirements = new LinkedHashMap<>();
    final Map<String, DecisionHistory.DecisionInstance> instances = new LinkedHashMap<>();

    void apply(SavedDecisions changes) {
      changes.deletedDefinitions().forEach(definitions::remove);
      changes.deletedRequirements().forEach(requirements::remove);
      changes.droppedInstances().forEach(instances::remove);
      changes.definitions().forEach(definition -> definitions.put(definition.key(), definition));
      changes.requirements().forEach(drg -> requirements.put(drg.key(), drg));
      changes.instances().forEach(instance -> instances.put(instance.key(), instance));
    }

    SavedDecisions whole() {
      return SavedDecisions.whole(definitions.values(), requirements.values(), instances.values());
    }
  }

  private static void apply(
      Entry entry,
      Map<Long, ProcessDefinition> definitions,
      Map<Long, FormDefinition> forms,
      Map<Long, SavedInstance> instances,
      Map<Long, ArchivedInstance> archived,
      LinkedHashSet<Long> ended,
      Map<UsageBucket.Key, UsageBucket> usage,
      KeptDecisions decisions) {
    if (entry.definition() != null) {
      definitions.put(entry.definition().key(), entry.definition());
    } else if (entry.form() != null) {
      forms.put(entry.form().key(), entry.form());
    } else if (entry.instance() != null) {
      instances.put(entry.instance().key(), entry.instance());
    } else if (entry.archived() != null) {
      instances.remove(entry.archived().instance().key());
      archived.put(entry.archived().instance().key(), entry.archived());
    } else if (entry.ended() != null) {
      ended.add(entry.ended());
    } else if (entry.dropped() != null) {
      instances.remove(entry.dropped());
      archived.remove(entry.dropped());
      ended.remove(entry.dropped());
    } else if (entry.usage() != null) {
      usage.put(entry.usage().key(), entry.usage());
    } else if (entry.decisions() != null) {
      decisions.apply(entry.decisions());
    }
  }

  private static int indexOf(byte[] content, byte value, int from) {
    for (int i = from; i < content.length; i++) {
      if (content[i] == value) {
        return i;
      }
    }
    return -1;
  }
}
