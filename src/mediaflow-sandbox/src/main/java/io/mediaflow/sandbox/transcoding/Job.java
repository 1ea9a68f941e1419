package io.mediaflow.sandbox.transcoding;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;
import java.util.function.IntFunction;

/**
 * A started task: its state, progress, outputs and warnings, rendered as the service's job status
 * object. All methods are synchronized: the state machine's threads write while status requests
 * read. Every change is handed to the job's keeper (its {@link Tasks}) before the method returns,
 * so the status the API answers is the one kept.
 */
final class Job {

  /** The documented states, plus {@code error} for a failed job. */
  enum State {
    DOWNLOADING,
    QUEUED,
    ENCODING,
    SAVING,
    COMPLETED,
    ERROR;

    String value() {
      return name().toLowerCase(Locale.ROOT);
    }

    boolean terminal() {
      return this == COMPLETED || this == ERROR;
    }

    /**
     * The transitions: forward one stage at a time, or to {@code error} from any unfinished state.
     */
    Set<State> next() {
      return switch (this) {
        case DOWNLOADING -> EnumSet.of(QUEUED, ERROR);
        case QUEUED -> EnumSet.of(ENCODING, ERROR);
        case ENCODING -> EnumSet.of(SAVING, ERROR);
        case SAVING -> EnumSet.of(COMPLETED, ERROR);
        case COMPLETED, ERROR -> EnumSet.noneOf(State.class);
      };
    }
  }

  /** The master host a job starts on, and the one a task without a job names. */
  static final int FIRST_MASTER = 1;

  /** A job as the sandbox's database keeps it: what was asked for and the status. */
  record Saved(
      JobQuery query,
      State state,
      int master,
      int percent,
      String errorDescription,
      Long sourceSize,
      Double duration,
      List<JobOutputItem.Saved> outputs,
      List<Warning> warnings) {}

  private final String taskToken;
  private final JobQuery query;
  private final IntFunction<String> statusUrls;
  private final Consumer<Job> keeper;

  /** What the job runs; null for a job restored from the database until it starts over. */
  private JobRequest request;

  private State state = State.DOWNLOADING;

  /** The master host that holds the job: the job is handed to another one at every stage. */
  private int master = FIRST_MASTER;

  private int percent;
  private String errorDescription;
  private Long sourceSize;
  private Double duration;
  private final List<JobOutputItem> outputs = new ArrayList<>();
  private final List<Warning> warnings = new ArrayList<>();

  /**
   * @param statusUrls the status address of each master host, by its number
   * @param keeper told of every change, with the job's lock held
   */
  Job(
      String taskToken,
      JobQuery query,
      JobRequest request,
      IntFunction<String> statusUrls,
      Consumer<Job> keeper) {
    this.taskToken = taskToken;
    this.query = query;
    this.request = request;
    this.statusUrls = statusUrls;
    this.keeper = keeper;
  }

  /**
   * The job as it was kept: a finished one answers as it did, an unfinished one is to {@link
   * #restart}.
   */
  static Job restored(
      String taskToken, Saved saved, IntFunction<String> statusUrls, Consumer<Job> keeper) {
    var job = new Job(taskToken, saved.query(), null, statusUrls, keeper);
    job.state = saved.state();
    job.master = saved.master();
    job.percent = saved.percent();
    job.errorDescription = saved.errorDescription();
    job.sourceSize = saved.sourceSize();
    job.duration = saved.duration();
    saved.outputs().forEach(item -> job.outputs.add(JobOutputItem.restored(item)));
    job.warnings.addAll(saved.warnings());
    return job;
  }

  synchronized Saved saved() {
    return new Saved(
        query.withoutCredentials(),
        state,
        master,
        percent,
        errorDescription,
        sourceSize,
        duration,
        outputs.stream().map(JobOutputItem::saved).toList(),
        List.copyOf(warnings));
  }

  String taskToken() {
    return taskToken;
  }

  JobQuery query() {
    return query;
  }

  synchronized JobRequest request() {
    return request;
  }

  /**
   * Starts the job over from {@code downloading} with nothing of its earlier run, on the next
   * master host: the sandbox stopped while it ran, and what it had done went with the working
   * folder.
   */
  synchronized void restart(JobRequest request) {
    this.request = request;
    state = State.DOWNLOADING;
    master++;
    percent = 0;
    errorDescription = null;
    sourceSize = null;
    duration = null;
    outputs.clear();
    warnings.clear();
    keeper.accept(this);
  }

  synchronized State state() {
    return state;
  }

  /**
   * Whether the master host {@code host} still holds the job (only it answers the complete status).
   */
  synchronized boolean heldBy(int host) {
    return master == host;
  }

  /** The address of the complete status, at the master that holds the job now. */
  synchronized String statusUrl() {
    return statusUrls.apply(master);
  }

  synchronized int percent() {
    return percent;
  }

  synchronized void sourceFetched(long size, Double seconds) {
    this.sourceSize = size;
    this.duration = seconds;
    keeper.accept(this);
  }

  /**
   * Moves to {@code to}; false (and nothing changes) when the job already left the state this step
   * expects.
   */
  synchronized boolean move(State to) {
    if (!moved(to)) {
      return false;
    }
    keeper.accept(this);
    return true;
  }

  private boolean moved(State to) {
    if (!state.next().contains(to)) {
      return false;
    }
    state = to;
    master++;
    if (to == State.SAVING) {
      percent = 100;
    }
    return true;
  }

  synchronized boolean startEncoding(List<JobOutputItem> items) {
    if (!moved(State.ENCODING)) {
      return false;
    }
    outputs.addAll(items);
    keeper.accept(this);
    return true;
  }

  synchronized void progress(int value) {
    if (state == State.ENCODING) {
      percent = value;
      outputs.stream()
          .filter(item -> item.errorDescription == null)
          .forEach(item -> item.percent = value);
      keeper.accept(this);
    }
  }

  /** Moves to {@code error} with a documented message; false when the job had already finished. */
  synchronized boolean fail(String description) {
    if (!moved(State.ERROR)) {
      return false;
    }
    errorDescription = description;
    keeper.accept(this);
    return true;
  }

  synchronized void warn(Warning warning) {
    warnings.add(warning);
    keeper.accept(this);
  }

  /**
   * Adds {@code warning} unless one of its kind is already there (every encode of a bad source
   * complains).
   */
  synchronized void warnOnce(Warning warning) {
    if (warnings.stream().noneMatch(present -> present.kind().equals(warning.kind()))) {
      warn(warning);
    }
  }

  /**
   * Changes an output item under the job's lock (the writers and the saver fill in their results).
   */
  synchronized void update(JobOutputItem item, Consumer<JobOutputItem> change) {
    change.accept(item);
    keeper.accept(this);
  }

  /**
   * The status object. The basic one ({@code /v1/status} on the main host) has the state and
   * progress; the complete one (the master host's {@code status_url}) adds the outputs and
   * warnings.
   */
  synchronized Map<String, Object> status(boolean complete) {
    var out = new LinkedHashMap<String, Object>();
    out.put("status", state.value());
    out.put("status_url", statusUrl());
    out.put("percent", percent);
    out.put("error", state == State.ERROR ? 1 : 0);
    if (errorDescription != null) {
      out.put("error_description", errorDescription);
    }
    out.put("source_size", sourceSize);
    out.put("duration", duration);
    if (complete) {
      for (OutputKind.Category category : OutputKind.Category.values()) {
        out.put(
            category.list,
            outputs.stream()
                .filter(item -> item.kind.category() == category)
                .map(JobOutputItem::render)
                .toList());
      }
      out.put("warnings", warnings.stream().map(Warning::render).toList());
    }
    return out;
  }
}
