package io.mediaflow.benchmark;

import static io.camunda.process.test.api.CamundaAssert.assertThatProcessInstance;
import static io.camunda.process.test.api.assertions.ProcessInstanceSelectors.byKey;

import io.camunda.zeebe.protocol.record.Record;
import io.camunda.zeebe.protocol.record.value.VariableRecordValue;
import io.mediaflow.MediaflowTest;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.StreamSupport;
import org.junit.jupiter.api.Test;

/**
 * Not a test: a benchmark that prints figures and asserts nothing. The engine copies a variable's
 * value into the record stream each time it is written, so the bytes of variables an instance
 * writes are what it costs the engine to carry. Runs {@code transcode-with-approval} to its end on
 * two paths (renditions approved; a failed job given up) and prints, for each, the bytes of every
 * variable value written for the instance, and the largest variables.
 *
 * <p>Run: {@code mvn -B -q -pl src/mediaflow-app -am test -Dtest=VariableBytesBenchmark
 * -Dsurefire.failIfNoSpecifiedTests=false -DskipModelChecks}
 */
class VariableBytesBenchmark extends MediaflowTest {

  private static final String PROCESS = "transcode-with-approval";

  @Test
  void bytesOfVariablesPerInstance() {
    long approved = start(PROCESS, Map.of("source", baseUrl() + "/sandbox/samples/bars-1080p.mp4"));
    completeUserTask(awaitUserTask(approved, "Review renditions"), Map.of("approved", true));
    assertThatProcessInstance(byKey(approved)).isCompleted();

    long failed = start(PROCESS, Map.of("source", baseUrl() + "/sandbox/samples/no-such-clip.mp4"));
    completeUserTask(
        awaitUserTask(failed, "Decide on the failed job"), Map.of("decision", "give-up"));
    assertThatProcessInstance(byKey(failed)).isCompleted();

    System.out.printf(
        "%n%-38s %8s %12s   %s%n",
        "transcode-with-approval instance", "writes", "bytes", "largest variables (bytes written)");
    print("approved (4 renditions, 1 thumbnail)", approved);
    print("failed job, given up", failed);
    System.out.println();
  }

  private void print(String name, long instanceKey) {
    List<VariableRecordValue> writes =
        StreamSupport.stream(records().variableRecords().spliterator(), false)
            .map(Record::getValue)
            .filter(v -> v.getProcessInstanceKey() == instanceKey)
            .toList();
    var bytesByName = new TreeMap<String, Integer>();
    writes.forEach(v -> bytesByName.merge(v.getName(), bytes(v.getValue()), Integer::sum));
    int total = bytesByName.values().stream().mapToInt(Integer::intValue).sum();
    String largest =
        bytesByName.entrySet().stream()
            .sorted(Map.Entry.<String, Integer>comparingByValue().reversed())
            .limit(4)
            .map(e -> e.getKey() + " " + e.getValue())
            .reduce((a, b) -> a + ", " + b)
            .orElse("");
    System.out.printf("%-38s %8d %12d   %s%n", name, writes.size(), total, largest);
  }

  private static int bytes(String value) {
    return value.getBytes(StandardCharsets.UTF_8).length;
  }
}
