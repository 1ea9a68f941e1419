package io.mediaflow.app.engine.gateway;

import java.util.List;

/**
 * What an update of a Camunda user task changes, as Camunda's REST API asks for it ({@code
 * changeset}); Zeebe's gRPC protocol has no request for it. Null leaves an attribute as it is; an
 * empty date or list clears it.
 *
 * @param dueDate an ISO 8601 date-time, or empty
 * @param followUpDate an ISO 8601 date-time, or empty
 * @param candidateUsers the users who may claim the task
 * @param candidateGroups the groups whose members may claim the task
 * @param priority 0 to 100
 */
public record UserTaskChangeset(
    String dueDate,
    String followUpDate,
    List<String> candidateUsers,
    List<String> candidateGroups,
    Integer priority) {

  public UserTaskChangeset {
    candidateUsers = candidateUsers == null ? null : List.copyOf(candidateUsers);
    candidateGroups = candidateGroups == null ? null : List.copyOf(candidateGroups);
  }

  /** Whether it changes nothing: an update then only runs the task's listeners for its action. */
  public boolean isEmpty() {
    return dueDate == null
        && followUpDate == null
        && candidateUsers == null
        && candidateGroups == null
        && priority == null;
  }

  /** What the request weighs against the gateway's message limit. */
  int size() {
    return length(dueDate)
        + length(followUpDate)
        + (candidateUsers == null ? 0 : String.join(",", candidateUsers).length())
        + (candidateGroups == null ? 0 : String.join(",", candidateGroups).length());
  }

  private static int length(String text) {
    return text == null ? 0 : text.length();
  }
}
