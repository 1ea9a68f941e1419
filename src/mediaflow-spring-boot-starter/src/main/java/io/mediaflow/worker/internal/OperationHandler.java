package io.mediaflow.worker.internal;

import io.mediaflow.api.operation.Operation;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;

/**
 * How one operation is carried out for a job, declared once in its API's {@code worker} package (a
 * worker input record's static {@code handler(...)}, or a class of the document's resource for a
 * client's request record); {@link OperationWorkers} opens its worker. The input record's {@link
 * Operation} says the job type and everything else the worker and the element template share; the
 * record's components ({@link InputReader#components}) are the only variables the worker fetches.
 *
 * @param <I> the operation's input record
 */
public final class OperationHandler<I> {

  /** The call, with what it may know about the job. */
  @FunctionalInterface
  public interface Call<I> {
    Object apply(I input, JobContext job);
  }

  /** One check of a wait. */
  @FunctionalInterface
  public interface Check<I> {
    Poll<?> apply(I input, JobContext job);
  }

  /**
   * Finds what an earlier attempt of this job created, by the {@link JobContext#marker()} the
   * create wrote into it, by what there can only be one of, or as what is new since {@link
   * JobContext#before()}; empty when that attempt created nothing. Asked whenever an earlier
   * attempt may have reached the service, so it must not depend on the service echoing anything the
   * documents do not promise.
   */
  @FunctionalInterface
  public interface Lookup<I> {
    Optional<?> find(I input, JobContext job);
  }

  /**
   * The ids of what a lookup could mistake for this job's creation, read before the first attempt
   * is sent and kept with the job's state: the lookup then takes only what is new. Few, since they
   * are read for one stream, one binding or one name.
   */
  @FunctionalInterface
  public interface Before<I> {
    List<String> ids(I input, JobContext job);
  }

  /**
   * A wait's lock: one check is one read, so the checks of a replica killed while holding them
   * delay their waits by a minute at most, not by the client's default lock of five.
   */
  static final Duration WAIT_LOCK = Duration.ofMinutes(1);

  private final Class<I> inputType;
  private final Operation operation;
  private final Call<I> call;
  private final Check<I> check;
  private final Lookup<I> lookup;
  private final Before<I> before;
  private final Call<I> gone;

  private OperationHandler(
      Class<I> inputType,
      Call<I> call,
      Check<I> check,
      Lookup<I> lookup,
      Before<I> before,
      Call<I> gone) {
    this.operation = inputType.getAnnotation(Operation.class);
    if (operation == null || !inputType.isRecord()) {
      throw new IllegalArgumentException(
          inputType.getName() + " is not an @Operation input record");
    }
    if ((lookup != null || gone != null) && !operation.sideEffect()) {
      // Only an operation with a side effect writes the sent mark by which a later attempt knows
      // that an earlier one may have taken effect.
      throw new IllegalArgumentException(
          inputType.getName() + ": only an operation with a side effect has a lookup or ifGone");
    }
    this.inputType = inputType;
    this.call = call;
    this.check = check;
    this.lookup = lookup;
    this.before = before;
    this.gone = gone;
  }

  /** An operation called once per job. */
  public static <I> OperationHandler<I> call(Class<I> inputType, Function<? super I, ?> call) {
    return new OperationHandler<>(
        inputType, (input, job) -> call.apply(input), null, null, null, null);
  }

  /** An operation called once per job that needs to know about the job. */
  public static <I> OperationHandler<I> call(Class<I> inputType, Call<I> call) {
    return new OperationHandler<>(inputType, call, null, null, null, null);
  }

  /**
   * A create whose answer may be lost after the service did the work (a cut connection, a timeout,
   * a worker that dies or cannot write down the answer). Before the create is sent, the job's state
   * records that it is; every later attempt first asks {@code lookup} whether an earlier one took
   * effect; what it finds is the result, and the create is not sent again.
   */
  public static <I> OperationHandler<I> create(
      Class<I> inputType, Call<I> create, Lookup<I> lookup) {
    return new OperationHandler<>(inputType, create, null, lookup, null, null);
  }

  /**
   * As {@link #create(Class, Call, Lookup)}, for a lookup that knows its creation as new since
   * {@code before}.
   */
  public static <I> OperationHandler<I> create(
      Class<I> inputType, Before<I> before, Call<I> create, Lookup<I> lookup) {
    return new OperationHandler<>(inputType, create, null, lookup, before, null);
  }

  /**
   * A delete, or another call that ends in a state rather than making something: repeated after an
   * attempt that may have taken effect (a lost answer, a dead worker), the service answers
   * NOT_FOUND or {@code {status: "failed"}} for what that attempt already removed, and the result
   * is then {@code ifGone}'s, which checks that the state the call was for has been reached (and
   * throws when it has not). The operation must be declared with a side effect: its sent mark is
   * what tells a later attempt that an earlier one may have taken effect.
   */
  public static <I> OperationHandler<I> delete(Class<I> inputType, Call<I> delete, Call<I> ifGone) {
    return new OperationHandler<>(inputType, delete, null, null, null, ifGone);
  }

  /**
   * A wait: checked again after a growing pause until done, or until its timeout passes (see {@link
   * JobRunner}).
   */
  public static <I extends WaitInput> OperationHandler<I> poll(
      Class<I> inputType, Function<? super I, ? extends Poll<?>> check) {
    return new OperationHandler<>(
        inputType, null, (input, job) -> check.apply(input), null, null, null);
  }

  public Class<I> inputType() {
    return inputType;
  }

  public Operation operation() {
    return operation;
  }

  public String type() {
    return operation.type();
  }

  /**
   * The variables the worker fetches: the input record's components, the job's own state, and the
   * engine's loop counter, with which an incident names the element of a multi-instance loop
   * ({@link InputVariables}).
   */
  public List<String> variables() {
    var names = new java.util.ArrayList<String>();
    InputReader.components(inputType).stream()
        .map(java.lang.reflect.RecordComponent::getName)
        .forEach(names::add);
    names.add(JobStates.VARIABLE);
    names.add(InputVariables.LOOP_COUNTER);
    return List.copyOf(names);
  }

  /**
   * How long a job stays locked to the worker that took it: the operation's own, else {@link
   * #WAIT_LOCK} for a wait; empty for the client's default.
   */
  public Optional<Duration> timeout() {
    if (!operation.timeout().isEmpty()) {
      return Optional.of(Duration.parse(operation.timeout()));
    }
    return isWait() ? Optional.of(WAIT_LOCK) : Optional.empty();
  }

  boolean isWait() {
    return check != null;
  }

  Call<I> call() {
    return call;
  }

  Check<I> check() {
    return check;
  }

  Optional<Lookup<I>> lookup() {
    return Optional.ofNullable(lookup);
  }

  Optional<Before<I>> before() {
    return Optional.ofNullable(before);
  }

  Optional<Call<I>> gone() {
    return Optional.ofNullable(gone);
  }

  /**
   * Whether a repeat of the call is told apart from a first attempt: by a lookup, or by "already
   * gone".
   */
  boolean tellsRepeats() {
    return lookup != null || gone != null;
  }
}
