package io.mediaflow.sandbox;

import java.util.Arrays;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.stereotype.Component;

/**
 * Which plausible answer the sandbox gives where the three documents are silent, in one place:
 * without a variation, the answers it was first written with; {@code mediaflow.sandbox.variations}
 * names variations that each give another plausible answer at one silent point, switched on one at
 * a time or together, so that a test run against them shows the plugin relies on none of the
 * sandbox's own choices (docs/sandbox.md has the table). Each is checked with {@link
 * #varies(String)} where its behaviour lives; the points whose answer is chosen in several places
 * are the methods below.
 *
 * @param variations the names of the variations switched on, a comma-separated list in the
 *     configuration; the tests' controls may switch them at run time ({@code PUT
 *     /sandbox/variations})
 */
@Component
public record SandboxProfile(@Value("${mediaflow.sandbox.variations:}") Set<String> variations) {

  /** The property that names the variations switched on. */
  public static final String VARIATIONS = "mediaflow.sandbox.variations";

  /**
   * The master host holding a job fails (HTTP 503, as a timed-out host) the first time it is asked
   * after the job completed (document 3: only {@code status_url} gives the complete status; what a
   * failing master answers is not shown).
   */
  public static final String MASTER_TIMEOUT_AT_COMPLETION = "master-timeout-at-completion";

  /**
   * A running job's status word is one outside the five documented states (document 3, section 3
   * lists five; transitions, and any further word, not shown).
   */
  public static final String STATUS_WORDS_OUTSIDE_FIVE = "status-words-outside-five";

  /**
   * Several profile ids of {@code /v1/start_encode} are separated by white space, not commas
   * (document 3 shows no form; the plugin's separator is {@code
   * mediaflow.transcoding.profiles-separator}).
   */
  public static final String PROFILES_SEPARATED_BY_SPACES = "profiles-separated-by-spaces";

  /**
   * A start refused as busy (error 8, 18 or 22, whether the queue limit or the test control refused
   * it) spends its task token without starting a job (document 3: a used token is refused with 16;
   * whether a refused start uses it: not shown), so a repeat of it is refused with 16 and the task
   * has no job.
   */
  public static final String REFUSED_START_SPENDS_TOKEN = "refused-start-spends-token";

  /**
   * A completed job's first video output lacks one rendition's files (its HLS variant's playlist
   * and segments, its DASH representation's segments, a file output's file), which the status lists
   * as completed like the others (document 3: a job "completes with a warning" when one of several
   * destinations takes the output, and {@code allow_soft_fail} turns errors into warnings; how an
   * output that was not saved then appears in the status: not shown).
   */
  public static final String RENDITION_MISSING = "rendition-missing";

  /**
   * A rung larger than the source is made at the source's size and listed with its own tag, not
   * left out (document 3: "outputs taller than the input are ignored" unless told to upscale, which
   * reads either way: the output, or its size, is ignored).
   */
  public static final String TALLER_RUNGS_AT_SOURCE_SIZE = "taller-rungs-at-source-size";

  /** The variation of {@link #playlistsNameTheToken()}. */
  public static final String PLAYLISTS_WITHOUT_TOKEN = "playlists-without-token";

  /** The variation of {@link #staleMasterHttpStatus()}. */
  public static final String STALE_MASTER_ANSWERS_404 = "stale-master-answers-404";

  /** The variation of {@link #unstartedTaskIsAnError()}. */
  public static final String UNSTARTED_TASK_IS_ERROR_21 = "unstarted-task-is-error-21";

  /** The variation of {@link #liveCallbacksAsForm()}. */
  public static final String LIVE_CALLBACKS_AS_FORM = "live-callbacks-as-form";

  /** The variation of {@link #echoesCallbackUrl()}. */
  public static final String CREATE_OMITS_CALLBACK_URL = "create-omits-callback-url";

  /**
   * The recording file that was open when a stream left live reaches its destination {@code
   * mediaflow.sandbox.live.late-transfer} (nominal) after that, well after the stream reads stopped
   * (document 2: a finished file "is transferred to the destination"; how long that takes: not
   * shown).
   */
  public static final String LATE_RECORDING_FILES = "late-recording-files";

  /**
   * The second recording file of a stream never reaches its destination (document 2 says nothing of
   * a transfer that fails).
   */
  public static final String RECORDING_GAP = "recording-gap";

  /**
   * A stream's playback playlist answers 404 for {@code mediaflow.sandbox.live.playback-delay}
   * (nominal) after the stream reads live (document 2: live means "the stream is live"; when its
   * playback URL answers: not shown).
   */
  public static final String PLAYBACK_NOT_READY = "playback-not-ready";

  /**
   * A start of a stream that is already started answers HTTP 409 instead of the stream unchanged
   * (document 2: transitions other than from created "not shown", error codes "not shown").
   */
  public static final String REPEATED_START_REFUSED = "repeated-start-refused";

  /**
   * A stopped stream stays stopping for {@code mediaflow.sandbox.live.slow-shutdown} (nominal)
   * before it reads stopped (document 2: "stopping, then stopped"; how long: not shown).
   */
  public static final String SLOW_STOP = "slow-stop";

  public SandboxProfile {
    Set<String> on = ConcurrentHashMap.newKeySet();
    (variations == null ? Set.<String>of() : variations)
        .stream()
            .flatMap(names -> Arrays.stream(names.split(",")))
            .map(String::strip)
            .filter(name -> !name.isEmpty())
            .forEach(on::add);
    variations = on;
  }

  /** Whether the variation of this name is switched on. */
  public boolean varies(String variation) {
    return variations.contains(variation);
  }

  /** Switches on exactly these variations (the tests' control). */
  void switchTo(Set<String> names) {
    variations.retainAll(names);
    variations.addAll(names);
  }

  /**
   * A playlist of an authenticated bucket or playback ID served with {@code ?auth=} (document 1
   * does not show whether the CDN hands the token on): each entry it names carries the request's
   * token, or (variation {@value #PLAYLISTS_WITHOUT_TOKEN}) the playlist is served as stored, so
   * only a player that carries the token on every request itself plays it.
   */
  public boolean playlistsNameTheToken() {
    return !varies(PLAYLISTS_WITHOUT_TOKEN);
  }

  /**
   * A master host asked about a job it has handed on (document 3: "not shown"): 503 as an
   * unavailable host, or 404 as a host that does not know the job.
   */
  public int staleMasterHttpStatus() {
    return varies(STALE_MASTER_ANSWERS_404) ? 404 : 503;
  }

  /**
   * {@code /v1/status} about a task created but never started (document 3: no state fits): a status
   * {@code created}, or error 21 as for a token the service does not list.
   */
  public boolean unstartedTaskIsAnError() {
    return varies(UNSTARTED_TASK_IS_ERROR_21);
  }

  /**
   * A live stream's status callback (document 2: "Payload of the callback: not shown"): the stream
   * as the API answers it, {@code {"stream": <Stream>}} as JSON, or a form with the flat fields
   * {@code stream_id}, {@code status} and {@code timestamp}.
   */
  public boolean liveCallbacksAsForm() {
    return varies(LIVE_CALLBACKS_AS_FORM);
  }

  /**
   * A stream created with {@code callback_url} (document 2: whether creation accepts it is not
   * shown): its {@code params.callback_url} shows it, or the answer leaves it out.
   */
  public boolean echoesCallbackUrl() {
    return !varies(CREATE_OMITS_CALLBACK_URL);
  }
}
