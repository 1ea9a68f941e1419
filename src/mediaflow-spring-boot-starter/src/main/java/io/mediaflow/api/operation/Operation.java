package io.mediaflow.api.operation;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks the input record of one API operation and says everything about it that the worker and its
 * element template share: the job type, how it appears in Camunda Modeler, where its result goes,
 * and whether running it twice would do something twice. The template in {@code element-templates/}
 * is generated from this and the record's {@link Input} components, so the two cannot drift.
 *
 * <p>This package holds only these declarations, apart from the worker mechanism, because the API
 * clients' request records carry them: a request record is its operation's input, so each rule is
 * written once, on it, and the client, the worker and the template all read it there. A client is
 * used without any worker too, so it depends on these annotations and not on {@code
 * io.mediaflow.worker} ({@code LayeringTest}).
 */
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
public @interface Operation {

  /**
   * The job type, e.g. {@code mediaflow.transcoding.create_task}: the API, then the spec's name.
   */
  String type();

  /** The task's name in Camunda Modeler. */
  String name();

  String description();

  /**
   * The variable the result is written to, unless the model's {@code resultVariable} header says
   * otherwise.
   */
  String resultVariable();

  /**
   * True when the call creates or removes something (a task, an encode, a stream, a key, a playback
   * ID): a later attempt of the job then returns what the first call made (its recorded result, or
   * what its lookup finds) instead of calling again (see {@code JobRunner}).
   */
  boolean sideEffect() default false;

  /**
   * What the element template writes back besides the result: a newer value of something the inputs
   * read, for the process to carry to the next call (the last {@code status_url} a check saw). With
   * output mappings the engine writes only what they name, so such a template maps the result to
   * its variable too.
   */
  Carry[] carries() default {};

  /**
   * One output mapping of the template.
   *
   * @see Operation#carries()
   */
  @Retention(RetentionPolicy.RUNTIME)
  @Target({})
  @interface Carry {

    String label();

    String description();

    /** The variable written, the template's default: the one the inputs' defaults read. */
    String target();

    /**
     * FEEL over the element's inputs (by component name) and the result, under {@link
     * Operation#resultVariable()}.
     */
    String source();
  }

  /** The BPMN error codes the operation throws, for the template's documentation. */
  String[] errors() default {};

  /** The job's retries for transient faults; the template's default. */
  int retries() default 5;

  /**
   * How long a job stays locked to the worker that took it, ISO-8601 (e.g. {@code PT30M} for an
   * upload); empty for the client's default ({@code camunda.client.worker.defaults.timeout}).
   */
  String timeout() default "";
}
