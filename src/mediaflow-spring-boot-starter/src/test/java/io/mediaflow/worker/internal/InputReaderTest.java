package io.mediaflow.worker.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.annotation.JsonUnwrapped;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import io.mediaflow.api.InvalidRequestException;
import io.mediaflow.api.Violation;
import io.mediaflow.api.internal.Constraints;
import io.mediaflow.api.operation.Input;
import io.mediaflow.api.operation.Operation;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.Size;
import java.lang.reflect.RecordComponent;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * A request record is one operation's input and a client's request at once: the worker reads and
 * names its fields as the job's variables, the client names the same rule's field as the API does.
 */
class InputReaderTest {

  /** A client's request: the API names its fields in snake_case. */
  @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
  @Operation(type = "test.rename", name = "Rename", description = "renames", resultVariable = "key")
  record RenameKey(
      @NotBlank(message = "is required") @Input(label = "Key id") String signingKeyId,
      @Size(max = 5, message = "must be at most {max} characters") @Input(label = "Name")
          String name) {}

  /** A worker input with a field of its own, carrying the request it sends. */
  @Operation(type = "test.wait", name = "Wait", description = "waits", resultVariable = "key")
  record WaitForKey(
      @JsonUnwrapped @Valid RenameKey request, @Input(label = "Timeout") Duration timeout)
      implements WaitInput {}

  private final InputReader inputs = new InputReader(name -> Optional.empty());

  @Test
  void aRequestRecordIsReadFromTheVariablesNamedAsItsComponents() {
    assertThat(inputs.read(Map.of("signingKeyId", "k", "name", "n"), RenameKey.class))
        .isEqualTo(new RenameKey("k", "n"));
  }

  @Test
  void aBrokenRuleIsNamedAfterTheVariableForTheWorkerAndAsTheApiNamesItForTheClient() {
    assertThatThrownBy(() -> inputs.read(Map.of("name", "too long"), RenameKey.class))
        .isInstanceOfSatisfying(
            InvalidRequestException.class,
            refused ->
                assertThat(refused.violations())
                    .containsExactly(
                        new Violation("name", "must be at most 5 characters"),
                        new Violation("signingKeyId", "is required")));
    assertThatThrownBy(() -> Constraints.check(new RenameKey(null, "n")))
        .isInstanceOfSatisfying(
            InvalidRequestException.class,
            refused ->
                assertThat(refused.violations())
                    .containsExactly(new Violation("signing_key_id", "is required")));
  }

  @Test
  void anUnwrappedRequestsFieldsAreVariablesOfTheJobLikeTheInputsOwn() {
    assertThat(InputReader.components(WaitForKey.class))
        .extracting(RecordComponent::getName)
        .containsExactly("signingKeyId", "name", "timeout");
    assertThat(OperationHandler.poll(WaitForKey.class, input -> Poll.done("x")).variables())
        .startsWith("signingKeyId", "name", "timeout");
    assertThat(
            inputs.read(
                Map.of("signingKeyId", "k", "name", "n", "timeout", "PT1M"), WaitForKey.class))
        .isEqualTo(new WaitForKey(new RenameKey("k", "n"), Duration.ofMinutes(1)));
    assertThatThrownBy(() -> inputs.read(Map.of("timeout", "PT1M"), WaitForKey.class))
        .isInstanceOfSatisfying(
            InvalidRequestException.class,
            refused ->
                assertThat(refused.violations())
                    .containsExactly(new Violation("signingKeyId", "is required")));
  }
}
