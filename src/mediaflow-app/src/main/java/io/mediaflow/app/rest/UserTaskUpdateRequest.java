package io.mediaflow.app.rest;

import java.util.List;

/**
 * A user task's update ({@code PATCH /v2/user-tasks/{key}}), as the specification's {@code
 * UserTaskUpdateRequest} has it. A record rather than the class camunda-client-java generates,
 * because that class's {@code Changeset} is a map (the specification lets it hold more properties),
 * which Jackson reads as a map: its typed fields stay unset and a misspelt one goes unnoticed.
 */
record UserTaskUpdateRequest(Changeset changeset, String action) {

  /**
   * What changes: RFC 3339 date-times (an empty text clears one), the candidates (an empty list
   * clears them), the priority.
   */
  record Changeset(
      String dueDate,
      String followUpDate,
      List<String> candidateUsers,
      List<String> candidateGroups,
      Integer priority) {}
}
