package io.mediaflow.sandbox.transcoding;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.StringReader;
import java.util.Optional;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** SubRip and ASS files are read; anything else is named with the line where it stops being one. */
class SubtitleFileTest {

  @ParameterizedTest
  @ValueSource(
      strings = {
        "1\n00:00:01,000 --> 00:00:02,500\nHello\n\n2\n00:00:03,000 --> 00:00:04,000\nTwo\nlines\n",
        // a byte order mark, Windows line ends, a position after the timing, an empty cue, no blank
        // line at the end
        "\uFEFF1\r\n00:00:01.000 --> 00:00:02.000 X1:40 X2:600\r\n\r\n\r\n2\r\n00:00:02,000 --> 00:00:03,000\r\nBye",
        "[Script Info]\nScriptType: v4.00+\n\n[V4+ Styles]\nFormat: Name, Fontname\nStyle: Default,Arial\n\n"
            + "[Events]\nFormat: Layer, Start, End, Style, Text\nDialogue: 0,0:00:01.00,0:00:02.00,Default,Hello\n"
      })
  void subRipAndAssFilesAreRead(String text) throws IOException {
    assertThat(SubtitleFile.problem(new StringReader(text))).isEmpty();
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "|the file has no subtitles",
        "\n \n|the file has no subtitles",
        "<html><body>Not found</body></html>|line 1: a SubRip cue number expected",
        "1\n00:00:01 --> 00:00:02\nHello\n|line 2: a SubRip cue timing (00:00:01,000 --> 00:00:02,000) expected",
        "1\n00:00:01,000 --> 00:00:02,000\nHello\n\nHello again\n|line 5: a SubRip cue number expected",
        "1\n00:00:05,000 --> 00:00:02,000\nBackwards\n|line 2: the cue ends before it starts",
        "1|line 1: a SubRip cue timing (00:00:01,000 --> 00:00:02,000) expected",
        "[Script Info]\nTitle: no events\n[V4+ Styles]\n|line 3: an ASS file without an [Events] section",
        "[Script Info]\n[Events]\nDialogue: 0,0:00:01.00,0:00:02.00,Default,Hello\n"
            + "|line 3: the [Events] section has no Format line"
      })
  void otherTextsAreNamedWhereTheyBreakTheForm(String textAndProblem) throws IOException {
    int bar = textAndProblem.lastIndexOf('|');
    assertThat(SubtitleFile.problem(new StringReader(textAndProblem.substring(0, bar))))
        .isEqualTo(Optional.of(textAndProblem.substring(bar + 1)));
  }

  @ParameterizedTest
  @ValueSource(ints = {4096, 4097})
  void aLineLongerThanAnySubtitleLineIsNoSubtitleFile(int length) throws IOException {
    Optional<String> problem = SubtitleFile.problem(new StringReader("x".repeat(length)));
    assertThat(problem)
        .contains(
            length > 4096
                ? "line 1: longer than 4096 characters: not a subtitle file"
                : "line 1: a SubRip cue number expected");
  }
}
