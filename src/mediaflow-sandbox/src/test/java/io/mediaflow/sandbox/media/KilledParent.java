package io.mediaflow.sandbox.media;

/**
 * A JVM for {@link ChildProcessesTest} to kill: starts an ffmpeg RTMP listener on the port it is
 * given, as the sandbox's ingest does, prints the listener's process id ({@code pid=<n>}) and waits
 * to be killed.
 */
public final class KilledParent {

  private KilledParent() {}

  public static void main(String[] arguments) throws Exception {
    Process listener =
        ChildProcesses.start(
            FfmpegPrograms.process(
                FfmpegPrograms.ffmpeg(
                    "-nostdin",
                    "-v",
                    "error",
                    "-listen",
                    "1",
                    "-i",
                    "rtmp://127.0.0.1:" + arguments[0] + "/live/key",
                    "-f",
                    "null",
                    "-")));
    System.out.println("pid=" + listener.pid());
    System.out.flush();
    Thread.currentThread().join();
  }
}
