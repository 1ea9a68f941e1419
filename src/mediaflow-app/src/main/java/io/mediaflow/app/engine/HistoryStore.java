package io.mediaflow.app.engine;

import com.fasterxml.jackson.databind.json.JsonMapper;
import io.mediaflow.app.engine.ProcessHistory.CorrelatedMessage;
import io.mediaflow.app.engine.ProcessHistory.ElementInstance;
import io.mediaflow.app.engine.ProcessHistory.FormDefinition;
import io.mediaflow.app.engine.ProcessHistory.Incident;
import io.mediaflow.app.engine.ProcessHistory.MessageSubscription;
import io.mediaflow.app.engine.ProcessHistory.Job;
import io.mediaflow.app.engine.ProcessHistory.ProcessDefinition;
import io.mediaflow.app.engine.ProcessHistory.ProcessInstance;
import io.mediaflow.app.engine.ProcessHistory.UserTaskInstance;
import io.mediaflow.app.engine.ProcessHistory.Variable;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * Where the durable engine's {@link ProcessHistory} keeps what it derived from the log, so that the log can be
 * deleted below a snapshot: a broker's exporters keep their records elsewhere in the same way, and the broker
 * compacts only below the lowest position they have exported. One file, {@code history.json}, replaced whole (a
 * temporary file, forced, then renamed over it), holding the history as of one log {@code position}; on start
 * the history is read from it and the log is read after that position.
 */
final class HistoryStore {

  static final String FILE = "history.json";
  private static final JsonMapper JSON = JsonMapper.builder().findAndAddModules().build();

  /**
   * An instance and everything recorded about it; {@code instance} is null while only its variables are known,
   * {@code jobs} and the lists after it null in a history kept before they were.
   */
  record SavedInstance(long key, ProcessInstance instance, List<ElementInstance> elements, List<Variable> variables,
      List<UserTaskInstance> userTasks, List<Incident> incidents, List<Job> jobs, List<String> sequenceFlows,
      List<MessageSubscription> messageSubscriptions, List<CorrelatedMessage> correlatedMessages) {}

  /** The history as of the record at {@code position}; {@code ended} the ended instances, the earliest first. */
  record Saved(long position, List<ProcessDefinition> definitions, List<FormDefinition> forms,
      List<SavedInstance> instances, List<ProcessInstance> ended) {}

  private final Path folder;
  private final Saved loaded;

  HistoryStore(Path folder) {
    this.folder = folder;
    Path file = folder.resolve(FILE);
    try {
      loaded = Files.exists(file) ? JSON.readValue(file.toFile(), Saved.class) : null;
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot read the REST API's history from " + file
          + ": restore it from a backup, or delete it and the log to start afresh", e);
    }
  }

  /** What was kept when the application started, if anything. */
  Optional<Saved> loaded() {
    return Optional.ofNullable(loaded);
  }

  /** The position of the last record the kept history holds; -1 when none was kept: the log is read whole. */
  long position() {
    return loaded == null ? -1 : loaded.position();
  }

  void save(Saved history) {
    Path file = folder.resolve(FILE);
    try {
      DurableFiles.replace(file, JSON.writeValueAsBytes(history));
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot keep the REST API's history in " + file, e);
    }
  }
}
