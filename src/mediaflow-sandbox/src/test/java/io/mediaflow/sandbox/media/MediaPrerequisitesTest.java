package io.mediaflow.sandbox.media;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The loader's complaints, as glibc prints them, become a sentence naming the library. */
class MediaPrerequisitesTest {

  @Test
  void aMissingLibraryIsNamedWithTheDebianPackageThatInstallsIt() {
    String reason =
        MediaPrerequisites.reason(
            "ffmpeg",
            127,
            "/root/.cache/mediaflow/ffmpeg/ffmpeg-7.1.1/ffmpeg: error while loading shared"
                + " libraries: libpulse.so.0: cannot open shared object file: No such file or"
                + " directory\n");

    assertThat(reason)
        .isEqualTo(
            "The sandbox's ffmpeg cannot run: the system library libpulse.so.0 is missing or"
                + " unreadable (libpulse.so.0: cannot open shared object file: No such file or"
                + " directory); install it with `sudo apt-get install libpulse0` (Debian, Ubuntu),"
                + " then restart.");
  }

  @Test
  void aLibraryFoundButUnreadableIsNamedByItsFileName() {
    String reason =
        MediaPrerequisites.reason(
            "ffprobe",
            127,
            "ffprobe: error while loading shared libraries: /opt/ff/libpulse.so.0: file too short");

    assertThat(reason)
        .startsWith("The sandbox's ffprobe cannot run: the system library libpulse.so.0 is")
        .contains("(/opt/ff/libpulse.so.0: file too short)")
        .contains("sudo apt-get install libpulse0");
  }

  @Test
  void aLibraryOfNoKnownPackageIsNamedAlone() {
    assertThat(
            MediaPrerequisites.reason(
                "ffmpeg",
                127,
                "ffmpeg: error while loading shared libraries: libdrm.so.2: cannot open shared"
                    + " object file: No such file or directory"))
        .contains("libdrm.so.2")
        .contains("install the package of your system that provides it");
  }

  @Test
  void anyOtherFailureGivesTheExitCodeAndTheLastLine() {
    assertThat(MediaPrerequisites.reason("ffmpeg", 139, "some line\nSegmentation fault\n"))
        .isEqualTo("The sandbox's ffmpeg exits with 139: Segmentation fault");
  }

  @Test
  void theProgramsBundledWithTheSandboxRunHere() {
    assertThat(new MediaPrerequisites().problem())
        .as("this machine has what the README asks for (libpulse0)")
        .isEmpty();
  }
}
