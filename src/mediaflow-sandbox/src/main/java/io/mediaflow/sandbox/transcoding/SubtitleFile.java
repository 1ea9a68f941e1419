package io.mediaflow.sandbox.transcoding;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.Reader;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Whether a text is a subtitle file of the kinds the service takes (document 3: "URL of .ass or
 * .srt file"): SubRip cues (a number, a timing line {@code 00:00:01,000 --> 00:00:02,500}, their
 * text, a blank line), or Advanced SubStation Alpha, which opens with {@code [Script Info]} and has
 * an {@code [Events]} section with its {@code Format:} line. Read line by line, each line of
 * bounded length: anything else fails at its first lines.
 */
final class SubtitleFile {

  /** Far longer than a subtitle line: a file with a longer one is something else. */
  private static final int MAX_LINE = 4096;

  private static final String SCRIPT_INFO = "[Script Info]";
  private static final String EVENTS = "[Events]";
  private static final Pattern CUE_NUMBER = Pattern.compile("\\d+");
  private static final Pattern TIMING =
      Pattern.compile(
          "(\\d{1,3}):([0-5]\\d):([0-5]\\d)[,.](\\d{3})\\s*-->\\s*"
              + "(\\d{1,3}):([0-5]\\d):([0-5]\\d)[,.](\\d{3})(\\s.*)?");

  private final BufferedReader in;

  /** The number of the last line read. */
  private int line;

  private SubtitleFile(Reader text) {
    this.in = new BufferedReader(text);
  }

  /** Why {@code text} is not a SubRip or ASS file; empty when it is one. */
  static Optional<String> problem(Reader text) throws IOException {
    var file = new SubtitleFile(text);
    try {
      String first = file.nextNonBlank();
      if (first == null) {
        throw new Malformed("the file has no subtitles");
      }
      first = first.replaceFirst("^\uFEFF", "").strip();
      if (first.equalsIgnoreCase(SCRIPT_INFO)) {
        file.ass();
      } else {
        file.srt(first);
      }
      return Optional.empty();
    } catch (Malformed e) {
      return Optional.of(e.getMessage());
    }
  }

  /** SubRip: cue after cue, from {@code first}, the first cue's number. */
  private void srt(String first) throws IOException, Malformed {
    for (String number = first; number != null; number = nextNonBlank()) {
      if (!CUE_NUMBER.matcher(number.strip()).matches()) {
        throw malformed("a SubRip cue number expected");
      }
      String timing = next();
      Matcher times = TIMING.matcher(timing == null ? "" : timing.strip());
      if (!times.matches()) {
        throw malformed("a SubRip cue timing (00:00:01,000 --> 00:00:02,000) expected");
      }
      if (millis(times, 5) < millis(times, 1)) {
        throw malformed("the cue ends before it starts");
      }
      for (String text = next(); text != null && !text.isBlank(); text = next()) {
        // the cue's text, up to the blank line that ends it
      }
    }
  }

  /**
   * ASS, after its {@code [Script Info]}: sections, one of them the events with the order of their
   * fields.
   */
  private void ass() throws IOException, Malformed {
    String section = SCRIPT_INFO;
    boolean events = false;
    boolean format = false;
    for (String next = next(); next != null; next = next()) {
      String text = next.strip();
      if (text.startsWith("[") && text.endsWith("]")) {
        section = text;
        events |= section.equalsIgnoreCase(EVENTS);
      } else if (section.equalsIgnoreCase(EVENTS) && text.startsWith("Format:")) {
        format = true;
      }
    }
    if (!events) {
      throw malformed("an ASS file without an " + EVENTS + " section");
    }
    if (!format) {
      throw malformed("the " + EVENTS + " section has no Format line");
    }
  }

  private static long millis(Matcher times, int group) {
    return ((Long.parseLong(times.group(group)) * 60 + Long.parseLong(times.group(group + 1))) * 60
                + Long.parseLong(times.group(group + 2)))
            * 1000
        + Long.parseLong(times.group(group + 3));
  }

  private String nextNonBlank() throws IOException, Malformed {
    String next = next();
    while (next != null && next.isBlank()) {
      next = next();
    }
    return next;
  }

  /** The next line without its end, or null at the end of the file. */
  private String next() throws IOException, Malformed {
    var text = new StringBuilder();
    int c = in.read();
    if (c < 0) {
      return null;
    }
    line++;
    for (; c >= 0 && c != '\n'; c = in.read()) {
      if (text.length() == MAX_LINE) {
        throw malformed("longer than " + MAX_LINE + " characters: not a subtitle file");
      }
      text.append((char) c);
    }
    return text.toString().replaceFirst("\r$", "");
  }

  private Malformed malformed(String problem) {
    return new Malformed("line " + line + ": " + problem);
  }

  /** What breaks the file's form, where. */
  private static final class Malformed extends Exception {

    Malformed(String message) {
      super(message, null, false, false);
    }
  }
}
