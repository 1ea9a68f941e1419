package io.mediaflow.app.engine.gateway;

import java.util.List;

/**
 * Elements to activate in a running ad-hoc sub-process, as Camunda's REST API asks for them ({@code
 * activateAdHocSubProcessActivities}); Zeebe's gRPC protocol has no request for it.
 *
 * @param adHocSubProcessInstanceKey the ad-hoc sub-process's element instance
 * @param elements the elements to activate, each once
 * @param cancelRemainingInstances whether the sub-process's active elements are terminated first
 */
public record AdHocActivation(
    long adHocSubProcessInstanceKey, List<Element> elements, boolean cancelRemainingInstances) {

  public AdHocActivation {
    elements = List.copyOf(elements);
  }

  /**
   * One element to activate.
   *
   * @param elementId its id in the ad-hoc sub-process
   * @param variables a JSON object of variables set in the element's scope, or empty for none
   */
  public record Element(String elementId, String variables) {}

  /** What the request weighs against the gateway's message limit: its ids and variables. */
  int size() {
    return elements.stream()
        .mapToInt(element -> element.elementId().length() + element.variables().length())
        .sum();
  }
}
