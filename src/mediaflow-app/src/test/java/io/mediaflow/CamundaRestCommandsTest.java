package io.mediaflow;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.camunda.client.CamundaClient;
import io.camunda.client.api.command.ProblemException;
import io.camunda.client.api.search.enums.ElementInstanceState;
import io.camunda.client.api.search.enums.ProcessInstanceState;
import io.camunda.client.api.search.response.ElementInstance;
import io.camunda.client.api.search.response.ProcessInstance;
import io.camunda.client.api.search.response.Variable;
import io.camunda.zeebe.model.bpmn.Bpmn;
import io.camunda.zeebe.model.bpmn.BpmnModelInstance;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The commands of Camunda's REST API that the embedded default answers beyond starts and user
 * tasks, each sent by Camunda's Java client with its defaults (REST): messages, signals, variables,
 * modification, runtime instructions, the clock, the status.
 */
class CamundaRestCommandsTest extends MediaflowTest {

  private CamundaClient client;
  private String processId;

  @BeforeEach
  void connect() {
    client = userClient(true);
    processId = "rest-commands-" + UUID.randomUUID();
  }

  @AfterEach
  void disconnect() {
    client.close();
  }

  @Test
  void aPublishedMessageWaitsForItsInstanceAndARepeatOfItsIdIsRefused() {
    deploy(
        Bpmn.createExecutableProcess(processId)
            .startEvent()
            .intermediateCatchEvent("Wait")
            .message(m -> m.name("rest-ping").zeebeCorrelationKeyExpression("orderId"))
            .endEvent()
            .done());
    String orderId = UUID.randomUUID().toString();
    var published =
        client
            .newPublishMessageCommand()
            .messageName("rest-ping")
            .correlationKey(orderId)
            .messageId("ping-" + orderId)
            .timeToLive(Duration.ofMinutes(5))
            .variables(Map.of("pong", 42))
            .send()
            .join();
    assertThat(published.getMessageKey()).isPositive();
    assertThatThrownBy(
            () ->
                client
                    .newPublishMessageCommand()
                    .messageName("rest-ping")
                    .correlationKey(orderId)
                    .messageId("ping-" + orderId)
                    .timeToLive(Duration.ofMinutes(5))
                    .send()
                    .join())
        .isInstanceOfSatisfying(
            ProblemException.class,
            refused -> {
              assertThat(refused.code()).isEqualTo(409);
              assertThat(refused.details().getTitle()).isEqualTo("ALREADY_EXISTS");
            });

    // The buffered message reaches the instance that comes to wait for it.
    long key = startInstance(Map.of("orderId", orderId));
    assertThat(awaitEnded(key).getState()).isEqualTo(ProcessInstanceState.COMPLETED);
    assertThat(variable(key, "pong").getValue()).isEqualTo("42");
  }

  @Test
  void aCorrelatedMessageNamesTheInstanceItReachedAndOneNobodyWaitsForIsNotFound() {
    deploy(
        Bpmn.createExecutableProcess(processId)
            .startEvent()
            .intermediateCatchEvent("Wait")
            .message(m -> m.name("rest-correlate").zeebeCorrelationKeyExpression("orderId"))
            .endEvent()
            .done());
    String orderId = UUID.randomUUID().toString();
    long key = startInstance(Map.of("orderId", orderId));
    awaitElement(key, "Wait", ElementInstanceState.ACTIVE);

    var correlated =
        client
            .newCorrelateMessageCommand()
            .messageName("rest-correlate")
            .correlationKey(orderId)
            .variables(Map.of("answer", "yes"))
            .send()
            .join();
    assertThat(correlated.getProcessInstanceKey()).isEqualTo(key);
    assertThat(correlated.getMessageKey()).isPositive();
    assertThat(awaitEnded(key).getState()).isEqualTo(ProcessInstanceState.COMPLETED);
    assertThat(variable(key, "answer").getValue()).isEqualTo("\"yes\"");

    assertThatThrownBy(
            () ->
                client
                    .newCorrelateMessageCommand()
                    .messageName("rest-correlate")
                    .correlationKey(orderId)
                    .send()
                    .join())
        .isInstanceOfSatisfying(
            ProblemException.class, refused -> assertThat(refused.code()).isEqualTo(404));
  }

  @Test
  void aBroadcastSignalReachesTheWaitingInstance() {
    String signal = "rest-signal-" + UUID.randomUUID();
    deploy(
        Bpmn.createExecutableProcess(processId)
            .startEvent()
            .intermediateCatchEvent("Wait")
            .signal(signal)
            .endEvent()
            .done());
    long key = startInstance(Map.of());
    awaitElement(key, "Wait", ElementInstanceState.ACTIVE);

    var broadcast =
        client
            .newBroadcastSignalCommand()
            .signalName(signal)
            .variables(Map.of("signalled", true))
            .send()
            .join();
    assertThat(broadcast.getKey()).isPositive();
    assertThat(awaitEnded(key).getState()).isEqualTo(ProcessInstanceState.COMPLETED);
    assertThat(variable(key, "signalled").getValue()).isEqualTo("true");
  }

  @Test
  void variablesAreSetLocallyOrWhereTheyPropagate() {
    deploy(
        Bpmn.createExecutableProcess(processId)
            .startEvent()
            .subProcess(
                "Sub",
                sub ->
                    sub.embeddedSubProcess()
                        .startEvent()
                        .receiveTask("Hold")
                        .message(
                            m -> m.name("rest-never").zeebeCorrelationKeyExpression("\"never\""))
                        .endEvent())
            .endEvent()
            .done());
    long key = startInstance(Map.of());
    long sub = awaitElement(key, "Sub", ElementInstanceState.ACTIVE).getElementInstanceKey();

    client.newSetVariablesCommand(sub).variables(Map.of("kept", "here")).local(true).send().join();
    client.newSetVariablesCommand(sub).variables(Map.of("spread", "up")).send().join();

    assertThat(awaitVariable(key, "kept").getScopeKey()).isEqualTo(sub);
    assertThat(awaitVariable(key, "spread").getScopeKey())
        .as("a new variable goes to the top")
        .isEqualTo(key);
    assertThatThrownBy(
            () ->
                client
                    .newSetVariablesCommand(Long.MAX_VALUE - 1)
                    .variables(Map.of("a", 1))
                    .send()
                    .join())
        .isInstanceOfSatisfying(
            ProblemException.class, refused -> assertThat(refused.code()).isEqualTo(404));
  }

  @Test
  void aModificationActivatesAndTerminatesElements() {
    deploy(
        Bpmn.createExecutableProcess(processId)
            .startEvent()
            .receiveTask("First")
            .message(m -> m.name("rest-never").zeebeCorrelationKeyExpression("\"never\""))
            .receiveTask("Second")
            .message(m -> m.name("rest-never").zeebeCorrelationKeyExpression("\"never\""))
            .endEvent()
            .done());
    long key = startInstance(Map.of());
    long first = awaitElement(key, "First", ElementInstanceState.ACTIVE).getElementInstanceKey();

    client
        .newModifyProcessInstanceCommand(key)
        .activateElement("Second")
        .withVariables(Map.of("moved", true))
        .and()
        .terminateElement(first)
        .send()
        .join();

    awaitElement(key, "First", ElementInstanceState.TERMINATED);
    awaitElement(key, "Second", ElementInstanceState.ACTIVE);
    assertThat(awaitVariable(key, "moved").getValue()).isEqualTo("true");
  }

  @Test
  void aStartWithARuntimeInstructionEndsAfterTheNamedElement() {
    deploy(
        Bpmn.createExecutableProcess(processId)
            .startEvent()
            .manualTask("Tested")
            .receiveTask("Later")
            .message(m -> m.name("rest-never").zeebeCorrelationKeyExpression("\"never\""))
            .endEvent()
            .done());
    long key =
        client
            .newCreateInstanceCommand()
            .bpmnProcessId(processId)
            .latestVersion()
            .terminateAfterElement("Tested")
            .send()
            .join()
            .getProcessInstanceKey();
    track(key);

    assertThat(awaitEnded(key).getState()).isEqualTo(ProcessInstanceState.TERMINATED);
    assertThat(elements(key, "Tested"))
        .singleElement()
        .satisfies(
            element -> assertThat(element.getState()).isEqualTo(ElementInstanceState.COMPLETED));
    assertThat(elements(key, "Later")).isEmpty();
  }

  @Test
  void aPinnedClockFiresATimerAndAResetClockFollowsTimeAgain() {
    deploy(
        Bpmn.createExecutableProcess(processId)
            .startEvent()
            .intermediateCatchEvent("Wait")
            .timerWithDurationExpression("wait")
            .endEvent()
            .done());
    long key = startInstance(Map.of("wait", "PT1H"));
    awaitElement(key, "Wait", ElementInstanceState.ACTIVE);
    try {
      client.newPinClockCommand().time(Instant.now().plus(Duration.ofHours(2))).send().join();
      assertThat(awaitEnded(key).getState()).isEqualTo(ProcessInstanceState.COMPLETED);
    } finally {
      client.newResetClockCommand().send().join();
    }
    // Pinned, the engine's time stands still; reset, it runs again and a second's timer fires.
    assertThat(awaitEnded(startInstance(Map.of("wait", "PT1S"))).getState())
        .isEqualTo(ProcessInstanceState.COMPLETED);
  }

  @Test
  void theStatusIsHealthyAndTheCallerIsNamed() {
    client.newStatusRequest().send().join();

    var me = get("/v2/authentication/me");
    assertThat(me.statusCode()).as(me.body()).isEqualTo(200);
    assertThat(json(me).path("username").asText()).isEqualTo("anonymous");

    var unknown = get("/v2/no-such-endpoint");
    assertThat(unknown.statusCode()).isEqualTo(404);
    assertThat(unknown.headers().firstValue("Content-Type"))
        .hasValueSatisfying(type -> assertThat(type).startsWith("application/problem+json"));
    assertThat(json(unknown).path("title").asText()).isEqualTo("NOT_FOUND");
    var wrongMethod = get("/v2/messages/publication");
    assertThat(wrongMethod.statusCode()).isEqualTo(405);
    assertThat(json(wrongMethod).path("detail").asText()).contains("POST");
  }

  private void deploy(BpmnModelInstance model) {
    client.newDeployResourceCommand().addProcessModel(model, processId + ".bpmn").send().join();
  }

  private long startInstance(Map<String, Object> variables) {
    long key =
        client
            .newCreateInstanceCommand()
            .bpmnProcessId(processId)
            .latestVersion()
            .variables(variables)
            .send()
            .join()
            .getProcessInstanceKey();
    track(key);
    return key;
  }

  private List<ElementInstance> elements(long key, String elementId) {
    return client
        .newElementInstanceSearchRequest()
        .filter(filter -> filter.processInstanceKey(key).elementId(elementId))
        .send()
        .join()
        .items();
  }

  private ElementInstance awaitElement(long key, String elementId, ElementInstanceState state) {
    return await(
        elementId + " " + state,
        () ->
            elements(key, elementId).stream()
                .filter(element -> element.getState() == state)
                .findFirst());
  }

  private Variable variable(long key, String name) {
    return client
        .newVariableSearchRequest()
        .filter(filter -> filter.processInstanceKey(key).name(name))
        .send()
        .join()
        .singleItem();
  }

  private Variable awaitVariable(long key, String name) {
    return await(
        "variable " + name,
        () ->
            client
                .newVariableSearchRequest()
                .filter(filter -> filter.processInstanceKey(key).name(name))
                .send()
                .join()
                .items()
                .stream()
                .findFirst());
  }

  private ProcessInstance awaitEnded(long key) {
    return await(
        "instance " + key + " to end",
        () -> {
          ProcessInstance instance =
              client
                  .newProcessInstanceSearchRequest()
                  .filter(filter -> filter.processInstanceKey(key))
                  .send()
                  .join()
                  .singleItem();
          return instance.getState() == ProcessInstanceState.ACTIVE
              ? Optional.empty()
              : Optional.of(instance);
        });
  }
}
