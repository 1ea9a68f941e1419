package io.mediaflow.app.rest;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.mediaflow.app.engine.history.JobBasedUserTasks;
import io.mediaflow.app.engine.history.ProcessHistory;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * The console's own task list: the user task search of the REST API ({@code POST
 * /v2/user-tasks/search}, same request, same answer) over the job-based user tasks as well ({@link
 * JobBasedUserTasks}), which Camunda 8.8's search leaves out but an earlier version of Mediaflow
 * deployed its processes with, so that the console still shows them; the console works them through
 * the REST API's task endpoints, which take both kinds.
 */
@RestController
@RequestMapping("/console/api/user-tasks")
class ConsoleUserTaskController {

  private final ProcessHistory history;
  private final UserTaskController tasks;

  ConsoleUserTaskController(ProcessHistory history, UserTaskController tasks) {
    this.history = history;
    this.tasks = tasks;
  }

  @PostMapping("/search")
  ObjectNode search(@RequestBody(required = false) JsonNode query) {
    return tasks.search(query, history.userTaskLookup());
  }
}
